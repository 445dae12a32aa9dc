"""What a GPU's timer and watchdog mean for a run's times, said beside them.

A profiling timer counts in steps (CL_DEVICE_PROFILING_TIMER_RESOLUTION): a kernel that
takes a few steps is timed to within a step, so its time is partly the timer's rounding.
A GPU that drives a display has a watchdog (CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV) that ends
a kernel running for more than a few seconds, whatever the run's own time limit says.
"""

from __future__ import annotations

import math

import numpy as np

from clstudio.common import RunResult, format_seconds, gettext

WATCHDOG_FIELD = "CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV"  # the device field (devices.field_catalogue)
QUANTISATION_STEPS = 100  # a time under this many timer steps is partly rounding


def timer_resolution_note(result: RunResult) -> str:
    """A sentence when the run's median kernel time is under QUANTISATION_STEPS steps of
    the device's timer, saying so and what to do; "" otherwise or when not known."""
    times = result.kernel_times_ns()
    resolution = result.timer_resolution_ns
    if not times or resolution <= 0:
        return ""
    median_ns = float(np.median(times))
    if median_ns >= QUANTISATION_STEPS * resolution:
        return ""
    return gettext(
        "the kernel's median time ({median}) is under {steps} steps of this device's "
        "timer ({resolution} each), so it is partly the timer's rounding: give each launch "
        "more work, or raise the repeats to {repeats} or more and read the mean"
    ).format(
        median=format_seconds(median_ns * 1e-9),
        steps=QUANTISATION_STEPS,
        resolution=format_seconds(resolution * 1e-9),
        repeats=repeats_for(median_ns, resolution),
    )


def repeats_for(median_ns: float, resolution_ns: int) -> int:
    """Repeats whose mean is known to about 1% of the time despite the timer's steps: a
    rounding of up to one step averages down as the square root of the count."""
    relative = resolution_ns / max(median_ns, 1.0)  # one step, as a share of the time
    return max(10, math.ceil((relative / 0.01) ** 2))


def watchdog_note() -> str:
    """The warning for a GPU whose driver stops long kernels (it drives a display)."""
    return gettext(
        "this GPU drives a display: its driver stops any kernel that runs for more than a "
        "few seconds (CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV), whatever the time limit says; keep "
        "each launch short, or use a GPU without a display"
    )
