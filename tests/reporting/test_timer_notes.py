"""The timer's resolution and a GPU's watchdog, said beside a run's times: on results made
as a device would report them (a fake device's fields; no GPU here)."""

from __future__ import annotations

from clstudio.common import RunResult, Timing
from clstudio.reporting import (
    QUANTISATION_STEPS,
    format_summary,
    repeats_for,
    result_to_json,
    timer_resolution_note,
)


def _run(kernel_ns: list[int], resolution_ns: int, watchdog: bool = False) -> RunResult:
    timings = tuple(
        Timing("kernel", "scale", repeat, 0, 10, 100, 100 + ns)
        for repeat, ns in enumerate(kernel_ns)
    )
    return RunResult(
        ok=True,
        kernel="scale",
        device="NVIDIA GeForce RTX 3060",
        device_type="GPU",
        timings=timings,
        timer_resolution_ns=resolution_ns,
        watchdog=watchdog,
    )


def test_a_kernel_of_a_few_timer_steps_is_told_it_is_partly_rounding() -> None:
    # An NVIDIA GPU's timer counts in 1000 ns steps (CL_DEVICE_PROFILING_TIMER_RESOLUTION
    # 1000 on many drivers): a 3 µs kernel is three steps.
    result = _run([3000, 3000, 4000], resolution_ns=1000)
    note = timer_resolution_note(result)
    assert "under 100 steps" in note and "(3 µs)" in note
    assert f"raise the repeats to {repeats_for(3000, 1000)}" in note
    assert note in format_summary(result)


def test_a_long_kernel_or_an_unknown_timer_says_nothing() -> None:
    assert timer_resolution_note(_run([QUANTISATION_STEPS * 1000], resolution_ns=1000)) == ""
    assert timer_resolution_note(_run([3000], resolution_ns=0)) == ""
    assert timer_resolution_note(_run([], resolution_ns=1000)) == ""


def test_repeats_grow_as_the_time_nears_one_step() -> None:
    assert repeats_for(50_000, 1000) == 10  # 50 steps: the floor
    assert repeats_for(2000, 1000) == 2500  # half a step of rounding, down to 1%
    assert repeats_for(2000, 1000) > repeats_for(20_000, 1000)


def test_a_gpu_with_a_watchdog_is_warned_of_in_the_run_output() -> None:
    text = format_summary(_run([5_000_000], resolution_ns=1000, watchdog=True))
    assert "warning: this GPU drives a display" in text
    assert "CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV" in text
    assert "drives a display" not in format_summary(_run([5_000_000], resolution_ns=1000))


def test_the_json_carries_the_timer_and_the_watchdog() -> None:
    report = result_to_json(_run([3000], resolution_ns=1000, watchdog=True))
    assert (report["timer_resolution_ns"], report["watchdog"]) == (1000, True)
    unknown = result_to_json(_run([3000], resolution_ns=0))
    assert (unknown["timer_resolution_ns"], unknown["watchdog"]) == (None, False)
