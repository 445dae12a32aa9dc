"""The eleven steps of a run, as the worker reports where it is, and what to do when one hangs.

The worker writes the number of the step it enters into memory it shares with the
app, so that a timeout can name the step the time went into: a build that blocks
on an #include, a huge upload, or the kernel itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common.translation import N_


@dataclass(frozen=True)
class RunStep:
    key: str
    title: str  # marked with N_: gettext() where shown
    apis: str  # the C API calls of the step
    advice: str  # for a learner whose run timed out in this step; N_ too


_DRIVER = N_(
    "The OpenCL driver seems to hang here: check that `clstudio devices` answers, and "
    "reinstall or update the driver if it does not."
)
RUN_STEPS: tuple[RunStep, ...] = (
    RunStep(
        "device", N_("find a platform and a device"), "clGetPlatformIDs, clGetDeviceIDs", _DRIVER
    ),
    RunStep("context", N_("create a context"), "clCreateContext", _DRIVER),
    RunStep("queue", N_("create a command queue"), "clCreateCommandQueue", _DRIVER),
    RunStep("program", N_("create the program"), "clCreateProgramWithSource", _DRIVER),
    RunStep(
        "build",
        N_("build the program"),
        "clBuildProgram",
        N_(
            "The compiler did not finish. Does the source #include a file that never ends (a "
            "FIFO, /dev/stdin or another device)? Are the build options very long, or does a "
            "macro or an unrolled loop expand into a huge program? Raise the time limit "
            "(timeout_s) if the kernel is simply large."
        ),
    ),
    RunStep(
        "kernel",
        N_("create the kernel and check the session against it"),
        "clCreateKernel",
        _DRIVER,
    ),
    RunStep(
        "buffers",
        N_("make the initial contents and create the buffers"),
        "clCreateBuffer, clCreateImage",
        N_(
            "Making and allocating the buffers took the time: make their shapes smaller (a "
            "buffer near the device's largest allocation may not fit in free memory), or raise "
            "the time limit (timeout_s)."
        ),
    ),
    RunStep("arguments", N_("set the arguments"), "clSetKernelArg", _DRIVER),
    RunStep(
        "upload",
        N_("copy the inputs to the device"),
        "clEnqueueWriteBuffer, clEnqueueWriteImage, clEnqueueFillBuffer",
        N_(
            "Copying the inputs took the time, not the kernel: a buffer of gigabytes may push "
            "the machine into swapping. Make the buffers smaller, or raise the time limit "
            "(timeout_s)."
        ),
    ),
    RunStep(
        "launch",
        N_("run the kernel"),
        "clEnqueueNDRangeKernel, clFinish",
        N_(
            "An endless loop? Check the loop conditions, or raise the time limit (timeout_s) "
            "for a long run."
        ),
    ),
    RunStep(
        "read back",
        N_("read the results back and check them"),
        "clEnqueueReadBuffer, clEnqueueReadImage",
        N_(
            "Reading back or checking large outputs took the time: make them smaller, simplify "
            "the reference expressions, or raise the time limit (timeout_s)."
        ),
    ),
)
STEP_NUMBERS: dict[str, int] = {step.key: number for number, step in enumerate(RUN_STEPS)}


def step_at(number: int) -> RunStep | None:
    """The step numbered `number` (from 0), or None before the first and for nonsense."""
    return RUN_STEPS[number] if 0 <= number < len(RUN_STEPS) else None
