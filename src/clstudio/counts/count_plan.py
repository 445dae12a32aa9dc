"""How a session is counted: once on Oclgrind with its counts switched on, or a sample of it.

Oclgrind interprets every instruction, so a large range would take minutes: past
FULL_RANGE_LIMIT work-items only its first and last work-groups run (its quick
mode), and the counts are scaled by the groups in the range over the groups run.
The sampled outputs are partial, so their references are not checked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from clstudio.common import gettext
from clstudio.devices import SIMULATOR_PLATFORM, DeviceSelector
from clstudio.session import Session
from clstudio.validation import suggested_local_size

FULL_RANGE_LIMIT = 16_384
TIME_LIMIT_S = 300.0


@dataclass(frozen=True)
class Sampling:
    """Which work-groups ran when not all of them did."""

    groups_run: int
    groups: int  # in the whole range

    @property
    def factor(self) -> float:
        return self.groups / self.groups_run

    def describe(self) -> str:
        return gettext(
            "estimated from {run} of {groups} work-groups (the first and the last, run on "
            "Oclgrind), scaled by {groups} / {run}"
        ).format(run=self.groups_run, groups=f"{self.groups:,}")


@dataclass(frozen=True)
class CountPlan:
    session: Session  # as it runs on the simulator
    environment: tuple[tuple[str, str], ...]  # for a worker of its own
    sampling: Sampling | None  # None when the whole range runs
    time_limit_s: float


def plan_count(session: Session) -> CountPlan:
    """One run on Oclgrind: no guard bands (they would count as traffic), one repeat."""
    local = session.local_size
    sampling = None
    if math.prod(session.global_size) > FULL_RANGE_LIMIT:
        if local is None:
            local = suggested_local_size(session.global_size)
        groups = math.prod(
            -(-g // max(1, size)) for g, size in zip(session.global_size, local, strict=True)
        )
        if groups > 2:
            sampling = Sampling(2, groups)
    counted = replace(
        session.with_ndrange(session.global_size, local),
        device=DeviceSelector(platform=SIMULATOR_PLATFORM),
        repeats=1,
        guards=False,
        references=session.references if sampling is None else {},
    )
    return CountPlan(
        counted,
        count_environment(sampling is not None),
        sampling,
        max(TIME_LIMIT_S, session.timeout_s),
    )


def count_environment(sampled: bool) -> tuple[tuple[str, str], ...]:
    """Oclgrind's switches, each exactly "1"; PYOPENCL_NO_CACHE so that Oclgrind compiles
    the session's source, and the count's worker shares no binary cache with others.

    No OCLGRIND_DUMP_SPIR: it writes to a fixed /tmp (in Oclgrind's code), where two counts
    at once took or removed each other's files; the IR comes from the program's binary.
    """
    switches = [
        ("OCLGRIND_INST_COUNTS", "1"),
        ("PYOPENCL_NO_CACHE", "1"),
    ]
    if sampled:
        switches.append(("OCLGRIND_QUICK", "1"))
    return tuple(switches)
