"""How a session's traffic is measured: its kernel instrumented, run once per sampling stride.

The instrumented kernel runs the whole range on the session's device (PoCL by
default) at native speed, so its outputs are the normal ones and the references are
checked; only the log is sampled. Work-group g logs when g % stride == 0. A first run
with only work-group 0 logging (when there are several) tells how many records one
group writes, and the stride is chosen so that the log holds the sampled groups.

One launch is measured: the session's first, or the first of a kernel the user picks
(`kernel_first_launch`), run alone as the one-launch session it amounts to.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from clstudio.common import ElementType, gettext
from clstudio.session import BufferArg, Init, ScalarArg, Session, launch_args, leaf_launches
from clstudio.traffic.instrumented_source import (
    CAPACITY_ARG,
    HEADER,
    LOG_ARG,
    RECORD,
    STRIDE_ARG,
    WRAPPED,
    InstrumentedKernel,
    TrafficRefusal,
    instrument,
)
from clstudio.validation import suggested_local_size

CAPACITY = 4 * 1024 * 1024  # records the log holds: 48 MiB of uints
FILL = 0.9  # of CAPACITY that a chosen stride aims at; groups that differ may need more
UINT = ElementType(np.dtype(np.uint32))


@dataclass(frozen=True)
class TrafficPlan:
    session: Session  # one launch, its local size fixed and its bindings resolved
    kernel: InstrumentedKernel
    local_size: tuple[int, ...]
    groups: int  # work-groups in the range
    capacity: int = CAPACITY

    def session_for(self, stride: int) -> Session:
        """The instrumented session in which work-group g logs when g % stride == 0."""
        log = BufferArg(UINT, (HEADER + RECORD * self.capacity,), Init("zeros"), "inout")
        args = {
            **self.session.args,
            LOG_ARG: log,
            CAPACITY_ARG: ScalarArg(self.capacity),
            STRIDE_ARG: ScalarArg(stride),
        }
        instrumented = self.kernel.source
        return replace(self.session, source=instrumented, source_parts=(), args=args, repeats=1)

    def stride_for(self, records: int) -> int:
        """The smallest stride whose sampled groups fill the log no more than FILL, when
        the whole range writes `records`."""
        return max(1, math.ceil(records / (self.capacity * FILL)))

    def overflowed(self, log: np.ndarray) -> bool:
        """Whether a run's log lost records (its count went past the log, or wrapped)."""
        return int(log[0]) > self.capacity or bool(log[WRAPPED])


def plan_traffic(session: Session) -> TrafficPlan:
    """The plan for the session's first launch, or TrafficRefusal saying why its traffic
    cannot be measured. `kernel_first_launch` picks another kernel's launch."""
    cut = kernel_first_launch(session, session.kernel)
    kernel = instrument(cut.source, cut.kernel, cut.build_options)
    launch = cut.first_launch
    # The launch's bindings resolved: the instrumented kernel's arguments by its own names.
    args = launch_args(cut.args, launch, kernel.parameters)
    taken = sorted(n for n in (LOG_ARG, CAPACITY_ARG, STRIDE_ARG) if n in args)
    if taken:
        raise TrafficRefusal(
            gettext("the argument name {name} is the instrumentation's own").format(name=taken[0])
        )
    local = launch.local_size or suggested_local_size(launch.global_size)
    if any(g % size for g, size in zip(launch.global_size, local, strict=True)):
        raise TrafficRefusal(
            gettext("the local size {local} does not divide the global size {size}").format(
                local=list(local), size=list(launch.global_size)
            )
        )
    groups = math.prod(g // size for g, size in zip(launch.global_size, local, strict=True))
    measured = replace(cut, launches=(replace(launch, local_size=local, args={}),), args=args)
    return TrafficPlan(measured, kernel, local, groups)


def kernel_first_launch(session: Session, kernel: str) -> Session:
    """The session cut to the first launch of `kernel` (one it launches:
    measurements.chosen_kernel checks a name), its bindings kept.

    That launch reads the buffers as the session starts them, not as earlier launches
    leave them. The references speak of the program's end, so they stay only when the
    launch is the whole program.
    """
    launch = next(one for one in leaf_launches(session.launches) if one.kernel == kernel)
    whole = session.launches == (launch,)
    return replace(session, launches=(launch,), references=session.references if whole else {})
