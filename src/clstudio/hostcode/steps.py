"""The eleven steps of an OpenCL host program, as the lesson numbers and names them.

The names follow the Runtime steps panel (clstudio.engine.run records the same calls),
so a learner reading an exported program finds the steps the app showed.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common import N_

EXPORT_VERSION = 3  # of the exported programs' layout, documented in docs/host-code-export.md


@dataclass(frozen=True)
class HostStep:
    number: int  # 1 to 11, the lesson's order
    title: str  # English: the exported programs' comments; gettext() where shown
    c_api: str  # the OpenCL C calls the step makes
    pyopencl: str  # what pyopencl calls it
    why: str  # why a host program needs the step, for a learner (the steps panel shows it)


HOST_STEPS: tuple[HostStep, ...] = (
    HostStep(
        1,
        N_("Find the platforms"),
        "clGetPlatformIDs",
        "cl.get_platforms",
        N_(
            "Each vendor's OpenCL driver is a platform, and one machine can have several. The "
            "host asks which exist before it can use any of them."
        ),
    ),
    HostStep(
        2,
        N_("Choose a device"),
        "clGetDeviceIDs",
        "Platform.get_devices",
        N_(
            "A platform drives one or more devices, such as a CPU or a GPU. The kernel runs on "
            "the device chosen here."
        ),
    ),
    HostStep(
        3,
        N_("Create a context"),
        "clCreateContext",
        "cl.Context",
        N_(
            "A context ties the chosen devices to everything made for them: programs, buffers "
            "and queues all belong to one context."
        ),
    ),
    HostStep(
        4,
        N_("Create a command queue"),
        "clCreateCommandQueue",
        "cl.CommandQueue",
        N_(
            "The host never calls the device directly: it puts commands in a queue that the "
            "device works through. With profiling on, the queue also times each command."
        ),
    ),
    HostStep(
        5,
        N_("Create and build the program"),
        "clCreateProgramWithSource, clBuildProgram",
        "cl.Program, Program.build",
        N_(
            "The kernel source is compiled while the program runs, for the device chosen, so "
            "one program runs on any vendor's hardware. Compile errors appear here."
        ),
    ),
    HostStep(
        6,
        N_("Create the kernel"),
        "clCreateKernel",
        "cl.Kernel",
        N_(
            "A program can hold many kernels. A kernel object picks the one to run and holds "
            "the values of its arguments."
        ),
    ),
    HostStep(
        7,
        N_("Create the memory objects"),
        "clCreateBuffer, clCreateImage, clEnqueueWriteBuffer",
        "cl.Buffer, cl.create_image, cl.enqueue_copy",
        N_(
            "A device may not see the host's memory: the kernel reads and writes buffers made "
            "for it, and the inputs are copied into them."
        ),
    ),
    HostStep(
        8,
        N_("Set the kernel arguments"),
        "clSetKernelArg",
        "Kernel.set_arg",
        N_(
            "Each kernel parameter gets its value one by one: a buffer, a number, or an amount "
            "of local memory."
        ),
    ),
    HostStep(
        9,
        N_("Launch the kernel"),
        "clEnqueueNDRangeKernel",
        "cl.enqueue_nd_range_kernel",
        N_(
            "The launch says how many work-items run (the global size) and how they are grouped "
            "(the local size). It only queues the kernel and returns at once."
        ),
    ),
    HostStep(
        10,
        N_("Wait for the device"),
        "clFinish",
        "CommandQueue.finish",
        N_(
            "The kernel runs while the host goes on, so the host must wait for the queue to "
            "empty before it uses the results. This step's time is the host's clock around "
            "the wait: it holds everything still queued (the uploads, every launch) and, on "
            "PoCL, the first launch's compile of the work-group function for this local "
            "size, so it can be far longer than the kernel's own time, which the device's "
            "profiling measures (Timings)."
        ),
    ),
    HostStep(
        11,
        N_("Read the results back"),
        "clEnqueueReadBuffer",
        "cl.enqueue_copy",
        N_(
            "The results are in the device's memory: the host copies them back to use or check "
            "them."
        ),
    ),
)
# A run's Step records name these calls too (images, where the lesson says buffers; an
# output that starts from zeros is filled on the device).
_ALSO = {"clEnqueueWriteImage": 7, "clEnqueueFillBuffer": 7, "clEnqueueReadImage": 11}


def lesson_step_of(api: str) -> int | None:
    """The lesson step that makes the OpenCL C call `api`, or None for a call of no step."""
    for step in HOST_STEPS:
        if api in (name.strip() for name in step.c_api.split(",")):
            return step.number
    return _ALSO.get(api)
