"""How long a request may take: the build's allowance, and where it ends."""

from __future__ import annotations

from clstudio.common import STEP_NUMBERS
from clstudio.worker.request_ends import Allowance, Job

# The compiler view's job: PoCL compiles the work-group function as the first launch runs.
COMPILER_VIEW = Job(
    "compiling", 10.0, "compiler", "k", build_limit_s=120.0, compiles_at_launch=True
)


def started(job: Job) -> Allowance:
    allowance = Allowance(job)
    allowance.start()
    return allowance


def test_a_run_s_limit_alone_counts_once_its_build_has_ended() -> None:
    allowance = started(Job("running kernel 'k'", 10.0, "kernel", "k", build_limit_s=120.0))
    assert allowance.limit_s == 130.0
    allowance.heard_step(STEP_NUMBERS["build"])
    assert allowance.limit_s == 130.0
    allowance.heard_step(STEP_NUMBERS["launch"])
    assert allowance.limit_s == 10.0


def test_the_compiler_view_s_build_allowance_lasts_until_its_launch_runs() -> None:
    # PoCL compiles the work-group function when the first launch is about to run: on a
    # loaded machine that compile alone outlasted the session's 10 s, and the listing timed
    # out. The kernel's own time still counts from its start (an endless kernel is stopped).
    allowance = started(COMPILER_VIEW)
    allowance.heard_step(STEP_NUMBERS["launch"], launch=0)
    assert allowance.limit_s == 130.0
    allowance.heard_step(STEP_NUMBERS["launch"], launch=1)
    assert allowance.limit_s == 10.0


def test_a_driver_that_never_says_a_launch_runs_ends_the_allowance_at_the_read_back() -> None:
    allowance = started(COMPILER_VIEW)
    allowance.heard_step(STEP_NUMBERS["read back"], launch=0)
    assert allowance.limit_s == 10.0


def test_a_job_without_a_build_has_its_own_limit_from_the_start() -> None:
    allowance = started(Job("listing devices", 60.0, "driver"))
    allowance.heard_step(STEP_NUMBERS["launch"])
    assert allowance.limit_s == 60.0
