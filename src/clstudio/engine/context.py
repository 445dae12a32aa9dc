"""Warm OpenCL state: a context and a profiling queue per device, and built programs.

Creating a context and building a program are the slow steps of the host
program; the engine keeps both between runs, keyed by device, source and options.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

import pyopencl as cl

from clstudio.common import BuildResult, gettext
from clstudio.devices import (
    NO_PLATFORM_HELP,
    DeviceLimits,
    DeviceSelector,
    added_platforms_last,
    device_type_name,
    is_simulator,
    matches,
    missing_runtime_hint,
    opencl_version,
)
from clstudio.engine.build import build_program
from clstudio.engine.images import supported_image_formats
from clstudio.engine.kept import BufferPool

PROGRAMS_KEPT = 32
KERNEL_EXEC_TIMEOUT_NV = 0x4005  # cl_nv_device_attribute_query
Entering = Callable[[str], None]


def _nowhere(step: str) -> None:
    """No one listens for the steps (a run in this process)."""


@dataclass
class DeviceState:
    name: str
    type: str
    platform_name: str
    device: cl.Device
    context: cl.Context
    queue: cl.CommandQueue
    programs: OrderedDict[tuple[str, str], tuple[BuildResult, cl.Program | None]] = field(
        default_factory=OrderedDict
    )
    kernels: dict[tuple[int, str], cl.Kernel] = field(default_factory=dict)
    # CL_KERNEL_LOCAL_MEM_SIZE read when each kernel was made: some drivers add the
    # __local arguments set since, so a later reading would not be the static use alone.
    static_local: dict[int, int] = field(default_factory=dict)
    limits: dict[int, DeviceLimits] = field(default_factory=dict)  # by int_ptr, as static_local
    pool: BufferPool = field(default_factory=BufferPool)  # buffers runs may take back
    _image_formats: frozenset[tuple[str, str, str]] | None = None
    _timer_and_watchdog: tuple[int, bool] | None = None

    def image_formats(self) -> frozenset[tuple[str, str, str]]:
        """The 2-D image formats the device supports, asked once per context."""
        if self._image_formats is None:
            self._image_formats = (
                supported_image_formats(self.context) if self.device.image_support else frozenset()
            )
        return self._image_formats

    def timer_and_watchdog(self) -> tuple[int, bool]:
        """The profiling timer's resolution (ns, 0 when not told) and whether the device's
        driver stops long kernels (NVIDIA: a GPU that drives a display); asked once."""
        if self._timer_and_watchdog is None:
            self._timer_and_watchdog = _timer_and_watchdog(self.device)
        return self._timer_and_watchdog

    def kernel(self, program: cl.Program, symbol: str) -> cl.Kernel:
        """The kernel object for `symbol`, created once per program.

        pyopencl prepares an argument setter for each new Kernel; reusing the
        object keeps a warm run cheap. Every run sets all the arguments again.
        """
        key = (program.int_ptr, symbol)
        if key not in self.kernels:
            kernel = cl.Kernel(program, symbol)
            local = kernel.get_work_group_info(
                cl.kernel_work_group_info.LOCAL_MEM_SIZE, self.device
            )
            self.kernels[key] = kernel
            self.static_local[kernel.int_ptr] = int(local)
        return self.kernels[key]

    @property
    def base_align_bytes(self) -> int:
        return int(self.device.mem_base_addr_align) // 8

    def limits_for(self, kernel: cl.Kernel) -> DeviceLimits:
        """The device's limits, with the work-group limit lowered to this kernel's own.

        Read once for each kernel `kernel()` made, which lives as long as this state (a
        tiny run spent more on these queries than on its kernel).
        """
        kept = self.limits.get(kernel.int_ptr)
        if kept is not None:
            return kept
        device = self.device
        kernel_group = kernel.get_work_group_info(cl.kernel_work_group_info.WORK_GROUP_SIZE, device)
        major, minor = opencl_version(device.version)
        limits = DeviceLimits(
            name=self.name,
            opencl_version=(major, minor),
            max_alloc=int(device.max_mem_alloc_size),
            global_mem=int(device.global_mem_size),
            local_mem=int(device.local_mem_size),
            max_constant_buffer=int(device.max_constant_buffer_size),
            max_constant_args=int(device.max_constant_args),
            max_work_group_size=min(int(device.max_work_group_size), int(kernel_group)),
            kernel_local_mem=self.static_local.get(kernel.int_ptr, 0),
            max_work_item_sizes=tuple(int(s) for s in device.max_work_item_sizes),
            non_uniform_work_groups=_non_uniform(device, major),
            image_support=bool(device.image_support),
            image2d_max_width=int(device.image2d_max_width),
            image2d_max_height=int(device.image2d_max_height),
            image_formats=self.image_formats(),
        )
        if kernel.int_ptr in self.static_local:
            self.limits[kernel.int_ptr] = limits
        return limits


@dataclass(frozen=True)
class FoundDevice:
    """A device chosen by a selector, before its context exists (step mode stops here)."""

    key: tuple[int, int]  # platform and device index
    platform: cl.Platform
    device: cl.Device
    type_name: str


class OpenCLContexts:
    """Devices opened so far, each with its context, queue and program cache.

    The loader lists its platforms and devices once per process, so they are asked once
    and each selector's device is remembered: a tiny run spent a tenth of its time asking.
    """

    def __init__(self) -> None:
        self._states: dict[tuple[int, int], DeviceState] = {}
        self._platforms: list[cl.Platform] | None = None
        self._found: dict[DeviceSelector | None, FoundDevice] = {}

    def open(
        self, selector: DeviceSelector | None, entering: Entering = _nowhere
    ) -> tuple[DeviceState, dict[str, float]]:
        """The state for the first matching device, and the seconds each C API step took.

        The steps are keyed by their C API names; a warm device has no context or
        queue step. Raises LookupError with a readable message when no device matches.
        `entering` hears the key of each run step (clstudio.common.RUN_STEPS) as it begins.
        """
        entering("device")
        seconds: dict[str, float] = {}
        started = time.perf_counter()
        self.platforms()
        seconds["clGetPlatformIDs"] = time.perf_counter() - started
        started = time.perf_counter()
        found = self.find_device(selector)
        seconds["clGetDeviceIDs"] = time.perf_counter() - started
        if self.is_warm(found):
            return self._states[found.key], seconds
        entering("context")
        started = time.perf_counter()
        context = self.create_context(found)
        seconds["clCreateContext"] = time.perf_counter() - started
        entering("queue")
        started = time.perf_counter()
        state = self.create_queue(found, context)
        seconds["clCreateCommandQueue"] = time.perf_counter() - started
        return state, seconds

    def platforms(self) -> list[cl.Platform]:
        """clGetPlatformIDs: every platform, those added by CL Studio last."""
        if self._platforms is None:
            try:
                self._platforms = added_platforms_last(cl.get_platforms())
            except cl.Error:
                return []
        return self._platforms

    def find_device(self, selector: DeviceSelector | None) -> FoundDevice:
        """clGetDeviceIDs: the first device `selector` matches; LookupError saying what exists."""
        found = self._found.get(selector)
        if found is None:
            found = self._found[selector] = self._search(selector, self.platforms())
        return found

    def _search(self, selector: DeviceSelector | None, platforms: list[cl.Platform]) -> FoundDevice:
        if not platforms:
            raise LookupError(NO_PLATFORM_HELP)
        seen = []
        for p_index, platform in enumerate(platforms):
            for d_index, device in enumerate(platform.get_devices()):
                type_name = device_type_name(device.type)
                seen.append(
                    gettext("{device} ({type}) on {platform}").format(
                        device=device.name, type=type_name, platform=platform.name
                    )
                )
                if matches(selector, platform.name, device.name, type_name):
                    return FoundDevice((p_index, d_index), platform, device, type_name)
        wanted = ""
        if selector:
            wanted = gettext("platform {platform}, device {device}").format(
                platform=repr(selector.platform), device=repr(selector.device)
            )
        hint = missing_runtime_hint(selector.platform) if selector else ""
        if hint:
            said = gettext("no OpenCL device matches {wanted}; this machine has: {devices}. {hint}")
        else:
            said = gettext("no OpenCL device matches {wanted}; this machine has: {devices}")
        raise LookupError(said.format(wanted=wanted, devices="; ".join(seen), hint=hint))

    def forget(self, selector: DeviceSelector | None) -> None:
        """Drop the context, queue, builds and buffers of the device `selector` names, so
        that its next run makes them afresh (after a fault that may have broken them)."""
        try:
            found = self.find_device(selector)
        except LookupError:
            return
        self._states.pop(found.key, None)

    def is_warm(self, found: FoundDevice) -> bool:
        """Whether the device already has its context and queue from an earlier run."""
        return found.key in self._states

    def create_context(self, found: FoundDevice) -> cl.Context:
        """clCreateContext, or the warm device's context."""
        if found.key in self._states:
            return self._states[found.key].context
        return cl.Context([found.device])

    def create_queue(self, found: FoundDevice, context: cl.Context) -> DeviceState:
        """clCreateCommandQueue with profiling; the device stays warm from then on."""
        if found.key in self._states:
            return self._states[found.key]
        queue = cl.CommandQueue(context, properties=cl.command_queue_properties.PROFILING_ENABLE)
        device = found.device
        state = DeviceState(
            device.name.strip(),
            found.type_name,
            found.platform.name.strip(),
            device,
            context,
            queue,
        )
        self._states[found.key] = state
        return state

    def program(
        self, state: DeviceState, source: str, options: str
    ) -> tuple[BuildResult, cl.Program | None, bool]:
        """A build of `source` with `options`, and whether it was reused from an earlier build."""
        key = (source, options)
        if key in state.programs:
            state.programs.move_to_end(key)
            return (*state.programs[key], True)
        result, program = build_program(state.context, state.device, source, options)
        state.programs[key] = (result, program)
        while len(state.programs) > PROGRAMS_KEPT:
            _, (_, dropped) = state.programs.popitem(last=False)
            if dropped is not None:
                gone = {k.int_ptr for key, k in state.kernels.items() if key[0] == dropped.int_ptr}
                state.kernels = {
                    key: k for key, k in state.kernels.items() if key[0] != dropped.int_ptr
                }
                state.static_local = {
                    ptr: n for ptr, n in state.static_local.items() if ptr not in gone
                }
        return result, program, False


def _non_uniform(device: cl.Device, major: int) -> bool:
    if is_simulator(device.platform.name):
        return True  # Oclgrind says 1.2 but simulates them in a -cl-std=CL2.0 build
    if major < 2:
        return False
    if major == 2:
        return True
    try:
        return bool(device.non_uniform_work_group_support)
    except (cl.Error, AttributeError):
        return False


def _timer_and_watchdog(device: cl.Device) -> tuple[int, bool]:
    try:
        resolution = int(device.profiling_timer_resolution)
    except cl.Error:
        resolution = 0
    watchdog = False
    if "cl_nv_device_attribute_query" in device.extensions:
        try:
            watchdog = bool(device.get_info(cast(cl.device_info, KERNEL_EXEC_TIMEOUT_NV)))
        except cl.Error:
            watchdog = False
    return resolution, watchdog
