"""How a session is checked: on Oclgrind, once, with which switches and over which range.

Oclgrind reads its switches from the environment when it creates a context and
launches a kernel, and only the exact value `1` switches one on (`true` does
nothing; a malformed number makes it call abort()). Its error count lives as long
as the process, so every check gets a fresh worker started with these variables.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from clstudio.common import N_, gettext
from clstudio.devices import SIMULATOR_PLATFORM, DeviceSelector
from clstudio.session import Launch, Session, leaf_launches, map_launches
from clstudio.validation import suggested_local_size

LOG_NAME = "oclgrind.log"  # in the worker's scratch folder, its working directory
MAX_ERRORS = 2000  # Oclgrind's default is 1000; grouping makes more of them cheap
# Simulated with race detection, a trivial work-item takes about 3 µs and a loop
# of a few hundred steps a millisecond: past this many, only the first and last
# work-groups run (Oclgrind's quick mode).
FULL_RANGE_LIMIT = 4_096
TIME_LIMIT_S = 120.0  # Oclgrind runs a kernel 20 to 100 times slower than PoCL
# The optimiser folds reads of uninitialised private variables away; without it
# Oclgrind sees them. Uninitialised __local reads are caught either way.
BUILD_OPTIONS = "-cl-opt-disable"
# Marked only: whoever shows it translates it (gettext(GET_OCLGRIND)).
GET_OCLGRIND = N_(
    "Check mode runs the kernel on Oclgrind, an OpenCL simulator that finds out-of-bounds "
    "accesses, data races, divergent barriers and uninitialised values. It is not installed "
    "here: install it with `make oclgrind` in CL Studio's folder (`make run` does it too; "
    "it goes where only CL Studio looks), or with your system's package "
    "(`apt install oclgrind`), then restart CL Studio."
)
# Built-ins of OpenCL 2.0 and later that Oclgrind 21.10 lacks, each tried on it
# (tests/checkmode/test_refusals.py): by default they do not build; with -cl-std=CL2.0 they fail
# to link ("Undefined external function") or crash the simulator while it creates the
# kernel. get_enqueued_local_size and work_group_barrier are not here: Oclgrind simulates
# them.
_OPENCL_2_WORDS = re.compile(
    r"\b(work_group_(?!barrier\b)\w+|sub_group_\w+|atomic_(?:load|store|fetch_\w+|exchange|init)\w*"
    r"|to_global|to_local|enqueue_kernel)\b"
)


@dataclass(frozen=True)
class CheckPlan:
    session: Session  # as it runs on the simulator
    environment: tuple[tuple[str, str], ...]  # for the worker, set before OpenCL loads
    coverage: str  # "" when the whole range runs
    time_limit_s: float


def plan_check(session: Session) -> CheckPlan:
    """The session for one run on Oclgrind: no guard bands, one repeat, its checks on.

    Past FULL_RANGE_LIMIT work-items in any launch, the check runs in quick mode, and
    each launch that large with no local size gets a suggested one: Oclgrind's own
    choice for "auto" is one work-item per group, and quick mode would then run two
    work-items. The coverage speaks of the largest launch.
    """
    largest = max(leaf_launches(session.launches), key=lambda one: math.prod(one.global_size))
    quick = math.prod(largest.global_size) > FULL_RANGE_LIMIT
    options = f"{session.build_options} {BUILD_OPTIONS}".strip()
    checked = replace(
        session,
        launches=map_launches(session.launches, _sized_for_check),
        device=DeviceSelector(platform=SIMULATOR_PLATFORM),
        build_options=options,
        repeats=1,
        guards=False,  # the simulator sees every access; bands would only hide the buffers' ends
    )
    return CheckPlan(
        checked,
        check_environment(quick),
        _coverage(largest) if quick else "",
        max(TIME_LIMIT_S, session.timeout_s),
    )


def _sized_for_check(launch: Launch) -> Launch:
    """The launch with a suggested local size when it has none and is too large to run whole."""
    if launch.local_size is not None or math.prod(launch.global_size) <= FULL_RANGE_LIMIT:
        return launch
    return replace(launch, local_size=suggested_local_size(launch.global_size))


def _coverage(largest: Launch) -> str:
    """What quick mode leaves out of the largest launch, in the user's language."""
    local = largest.local_size or suggested_local_size(largest.global_size)
    groups = math.prod(
        g // max(1, size) for g, size in zip(largest.global_size, local, strict=True)
    )
    if largest.local_size is not None:
        coverage = gettext(
            "quick mode: {items} work-items are too many to simulate, so only the first "
            "and last of {groups} work-groups ran; a problem only the others hit is not seen"
        )
    else:
        coverage = gettext(
            "quick mode: {items} work-items are too many to simulate, so only the first "
            "and last of {groups} work-groups ran (local size {local}, chosen for the "
            "check); a problem only the others hit is not seen"
        )
    return coverage.format(
        items=f"{math.prod(largest.global_size):,}", groups=f"{groups:,}", local=_sizes(local)
    )


def check_environment(quick: bool) -> tuple[tuple[str, str], ...]:
    """Oclgrind's switches, each exactly "1"; PYOPENCL_NO_CACHE, since a binary from
    pyopencl's cache carries no source, and Oclgrind then says `(source not available)`."""
    switches = [
        ("OCLGRIND_DATA_RACES", "1"),
        ("OCLGRIND_UNINITIALIZED", "1"),
        ("OCLGRIND_CHECK_API", "1"),
        ("OCLGRIND_MAX_ERRORS", str(MAX_ERRORS)),
        ("OCLGRIND_LOG", LOG_NAME),
        ("PYOPENCL_NO_CACHE", "1"),
    ]
    if quick:
        switches.append(("OCLGRIND_QUICK", "1"))
    return tuple(switches)


def _sizes(sizes: tuple[int, ...]) -> str:
    return " x ".join(str(s) for s in sizes)


def opencl_2_feature(source: str) -> str | None:
    """The first OpenCL 2.0 built-in the source uses, if any."""
    found = _OPENCL_2_WORDS.search(source)
    return found.group(1) if found else None


def opencl_2_message(feature: str) -> str:
    return gettext(
        "Oclgrind simulates OpenCL 1.2, and this kernel uses {feature}, which needs OpenCL "
        "2.0 or later: check mode cannot run it. Write it with OpenCL 1.2 built-ins (a "
        "reduction in __local memory instead of work_group_reduce_add, say) to check it."
    ).format(feature=feature)
