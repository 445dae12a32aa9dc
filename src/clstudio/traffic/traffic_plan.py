"""How a session's traffic is measured: its kernel instrumented, run once per sampling stride.

The instrumented kernel runs the whole range on the session's device (PoCL by
default) at native speed, so its outputs are the normal ones and the references are
checked; only the log is sampled. Work-group g logs when g % stride == 0. A first run
with only work-group 0 logging (when there are several) tells how many records one
group writes, and the stride is chosen so that the log holds the sampled groups.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from clstudio.common import ElementType, gettext
from clstudio.session import BufferArg, Init, ScalarArg, Session
from clstudio.traffic.instrumented_source import (
    CAPACITY_ARG,
    HEADER,
    LOG_ARG,
    RECORD,
    STRIDE_ARG,
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
    session: Session  # the user's session with its local size fixed
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
        return replace(self.session, source=self.kernel.source, args=args, repeats=1)

    def stride_for(self, records_per_group: int) -> int:
        """The smallest stride whose sampled groups fill the log no more than FILL."""
        wanted = records_per_group * self.groups
        return max(1, math.ceil(wanted / (self.capacity * FILL)))


def plan_traffic(session: Session) -> TrafficPlan:
    """The plan, or TrafficRefusal saying why this session's traffic cannot be measured."""
    if not session.is_single_launch:
        raise TrafficRefusal(
            gettext("a program of several launches; open one kernel's session to measure it")
        )
    taken = sorted(n for n in (LOG_ARG, CAPACITY_ARG, STRIDE_ARG) if n in session.args)
    if taken:
        raise TrafficRefusal(
            gettext("the argument name {name} is the instrumentation's own").format(name=taken[0])
        )
    kernel = instrument(session.source, session.kernel)
    local = session.local_size or suggested_local_size(session.global_size)
    if any(g % size for g, size in zip(session.global_size, local, strict=True)):
        raise TrafficRefusal(
            gettext("the local size {local} does not divide the global size {size}").format(
                local=list(local), size=list(session.global_size)
            )
        )
    groups = math.prod(g // size for g, size in zip(session.global_size, local, strict=True))
    return TrafficPlan(
        session.with_ndrange(session.global_size, local), kernel, tuple(local), groups
    )
