"""The eleven steps of an OpenCL host program, as the lesson numbers and names them.

The names follow the Runtime steps panel (clstudio.engine.run records the same calls),
so a learner reading an exported program finds the steps the app showed.
"""

from __future__ import annotations

from dataclasses import dataclass

EXPORT_VERSION = 1  # of the exported programs' layout, documented in docs/host-code-export.md


@dataclass(frozen=True)
class HostStep:
    number: int  # 1 to 11, the lesson's order
    title: str
    c_api: str  # the OpenCL C calls the step makes
    pyopencl: str  # what pyopencl calls it


HOST_STEPS: tuple[HostStep, ...] = (
    HostStep(1, "Find the platforms", "clGetPlatformIDs", "cl.get_platforms"),
    HostStep(2, "Choose a device", "clGetDeviceIDs", "Platform.get_devices"),
    HostStep(3, "Create a context", "clCreateContext", "cl.Context"),
    HostStep(4, "Create a command queue", "clCreateCommandQueue", "cl.CommandQueue"),
    HostStep(
        5,
        "Create and build the program",
        "clCreateProgramWithSource, clBuildProgram",
        "cl.Program, Program.build",
    ),
    HostStep(6, "Create the kernel", "clCreateKernel", "cl.Kernel"),
    HostStep(
        7,
        "Create the memory objects",
        "clCreateBuffer, clCreateImage, clEnqueueWriteBuffer",
        "cl.Buffer, cl.create_image, cl.enqueue_copy",
    ),
    HostStep(8, "Set the kernel arguments", "clSetKernelArg", "Kernel.set_arg"),
    HostStep(9, "Launch the kernel", "clEnqueueNDRangeKernel", "cl.enqueue_nd_range_kernel"),
    HostStep(10, "Wait for the device", "clFinish", "CommandQueue.finish"),
    HostStep(11, "Read the results back", "clEnqueueReadBuffer", "cl.enqueue_copy"),
)
