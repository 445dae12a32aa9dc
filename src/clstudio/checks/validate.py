"""Checks a session against its kernel and device before anything is enqueued.

Every message names the argument or size at fault and says what to do, in
words a learner understands without knowing OpenCL's error codes.
"""

from __future__ import annotations

import math
import re

from clstudio.common import (
    KernelArgInfo,
    KernelSignature,
    RunError,
    TypeNameError,
    format_bytes,
    kernel_type,
    pointee_type,
    value_range,
)
from clstudio.devices import DeviceLimits
from clstudio.session import (
    ArgSpec,
    BufferArg,
    ImageArg,
    LocalArg,
    ScalarArg,
    Session,
    contents_problem,
)


def validate(
    session: Session, kernel: KernelSignature, limits: DeviceLimits, index_space: bool = True
) -> list[RunError]:
    """All problems found, in argument order then NDRange; empty when the session may run.

    Step mode leaves out the index space (`index_space=False`): it lets the launch fail,
    and explains the driver's error with check_ndrange afterwards.
    """
    problems = _check_arguments(session, kernel, limits)
    problems += _check_memory(session, kernel, limits)
    if index_space:
        problems += check_ndrange(
            session.global_size, session.local_size, limits, session.build_options
        )
    return problems


def _problem(message: str, argument: str | None = None) -> RunError:
    return RunError("validate", message, argument=argument)


def _check_arguments(
    session: Session, kernel: KernelSignature, limits: DeviceLimits
) -> list[RunError]:
    problems: list[RunError] = []
    declared = {info.name for info in kernel.args}
    for info in kernel.args:
        spec = session.args.get(info.name)
        if spec is None:
            problems.append(
                _problem(
                    f"argument '{info.name}' ({describe(info)}) of kernel '{kernel.name}' "
                    "has no value in the session",
                    info.name,
                )
            )
        else:
            problems += _check_argument(info, spec, limits)
    for name in session.args:
        if name not in declared:
            params = ", ".join(info.name for info in kernel.args) or "none"
            problems.append(
                _problem(
                    f"argument '{name}' is not a parameter of kernel '{kernel.name}' "
                    f"(its parameters are: {params})",
                    name,
                )
            )
    return problems


def describe(info: KernelArgInfo) -> str:
    """`__global const float*`, the way the kernel declares the argument."""
    qualifier = "" if info.address_space == "private" else f"__{info.address_space} "
    const = "const " if info.is_const and info.is_pointer else ""
    return f"{qualifier}{const}{info.type_name}"


def expected_kind(info: KernelArgInfo) -> str:
    """The session kind an argument declared like `info` takes."""
    if info.is_image:
        return "image"
    if info.type_name == "sampler_t":
        return "sampler"
    if info.is_pointer:
        return "local" if info.address_space == "local" else "buffer"
    return "scalar"


def _check_argument(info: KernelArgInfo, spec: ArgSpec, limits: DeviceLimits) -> list[RunError]:
    name, kind = info.name, expected_kind(info)
    if kind == "image" and info.type_name != "image2d_t":
        return [
            _problem(
                f"argument '{name}' is an {info.type_name}; CL Studio supports image2d_t "
                "images only",
                name,
            )
        ]
    if spec.kind != kind:
        return [
            _problem(
                f"argument '{name}' is declared {describe(info)}, so it needs kind "
                f"'{kind}', but the session gives kind '{spec.kind}'",
                name,
            )
        ]
    if isinstance(spec, BufferArg | ImageArg):
        problem = contents_problem(spec.dtype, spec.init)
        if problem:
            return [_problem(f"argument '{name}': the initial contents: {problem}", name)]
    if isinstance(spec, ImageArg):
        return _check_image(info, spec, limits)
    if kind == "sampler":
        return []
    if isinstance(spec, BufferArg | LocalArg):
        declared = pointee_type(info.type_name)
        if declared is None:
            return [
                _problem(
                    f"argument '{name}' points to {info.type_name.rstrip('*')}, which CL Studio "
                    "cannot fill: use a scalar or vector element type",
                    name,
                )
            ]
        if declared != spec.dtype:
            return [
                _problem(
                    f"argument '{name}' is declared {describe(info)} but the session gives it "
                    f"element type {spec.dtype.name}: make them agree (element type "
                    f"{declared.name})",
                    name,
                )
            ]
        return []
    assert isinstance(spec, ScalarArg)
    return _check_scalar(info, spec)


def _check_image(info: KernelArgInfo, spec: ImageArg, limits: DeviceLimits) -> list[RunError]:
    name = info.name
    if info.access not in ("read_only", "write_only"):
        return [
            _problem(
                f"image '{name}' is declared {info.access}; CL Studio runs read_only and "
                "write_only images: read from one image and write to another",
                name,
            )
        ]
    if spec.access is not None and spec.access != info.access:
        return [
            _problem(
                f"image '{name}' is declared {info.access} in the kernel but the session gives "
                f"access {spec.access}: make them agree (or leave access out)",
                name,
            )
        ]
    if not limits.image_support:
        return [
            _problem(
                f"{limits.name} has no image support (CL_DEVICE_IMAGE_SUPPORT is false), so "
                f"it cannot run a kernel with image '{name}'",
                name,
            )
        ]
    most = (limits.image2d_max_height, limits.image2d_max_width)
    if spec.height > most[0] or spec.width > most[1]:
        return [
            _problem(
                f"image '{name}' is {spec.width} x {spec.height} pixels, but {limits.name} "
                f"allows at most {most[1]} x {most[0]} (CL_DEVICE_IMAGE2D_MAX_WIDTH and "
                "HEIGHT)",
                name,
            )
        ]
    return []


def _check_scalar(info: KernelArgInfo, spec: ScalarArg) -> list[RunError]:
    name = info.name
    try:
        element = kernel_type(info.type_name)
    except TypeNameError:
        return [
            _problem(f"argument '{name}' has type {info.type_name}, which CL Studio cannot set")
        ]
    values = spec.value if isinstance(spec.value, tuple) else (spec.value,)
    if len(values) != element.width:
        return [
            _problem(
                f"argument '{name}' is a {info.type_name} and needs {element.width} "
                f"value{'s' if element.width > 1 else ''}, but the session gives {len(values)}",
                name,
            )
        ]
    low, high = value_range(element.scalar)
    for value in values:
        if element.scalar.kind in "iub":
            if isinstance(value, float) and not value.is_integer():
                return [_problem(f"argument '{name}' is a {info.type_name}: {value} is not whole")]
            if not low <= value <= high:
                return [
                    _problem(
                        f"argument '{name}': {value} does not fit in a {info.type_name} "
                        f"(from {low} to {high})",
                        name,
                    )
                ]
        elif math.isfinite(value) and abs(value) > high:
            return [
                _problem(
                    f"argument '{name}': {value} is too large for a {info.type_name} "
                    f"(at most {high:.4g})",
                    name,
                )
            ]
    return []


def _check_memory(
    session: Session, kernel: KernelSignature, limits: DeviceLimits
) -> list[RunError]:
    problems: list[RunError] = []
    total_global = 0
    local_bytes = 0
    constant_args = 0
    for info in kernel.args:
        spec = session.args.get(info.name)
        if isinstance(spec, BufferArg | ImageArg):
            total_global += spec.nbytes
            if spec.nbytes > limits.max_alloc:
                problems.append(
                    _problem(
                        f"{spec.kind} '{info.name}' needs {format_bytes(spec.nbytes)}, but "
                        f"{limits.name} allows at most {format_bytes(limits.max_alloc)} "
                        f"in one {spec.kind} (CL_DEVICE_MAX_MEM_ALLOC_SIZE)",
                        info.name,
                    )
                )
            if isinstance(spec, BufferArg) and info.address_space == "constant":
                constant_args += 1
                if spec.nbytes > limits.max_constant_buffer:
                    problems.append(
                        _problem(
                            f"__constant buffer '{info.name}' needs {format_bytes(spec.nbytes)}, "
                            f"but constant memory holds at most "
                            f"{format_bytes(limits.max_constant_buffer)}: make it __global",
                            info.name,
                        )
                    )
        elif isinstance(spec, LocalArg):
            local_bytes += spec.nbytes
    if total_global > limits.global_mem:
        problems.append(
            _problem(
                f"the buffers and images need {format_bytes(total_global)} together, more than the "
                f"device's {format_bytes(limits.global_mem)} of global memory"
            )
        )
    static = limits.kernel_local_mem
    if static > limits.local_mem:
        problems.append(
            _problem(
                f"the kernel's own __local arrays need {format_bytes(static)} per work-group "
                f"(CL_KERNEL_LOCAL_MEM_SIZE), more than the {format_bytes(limits.local_mem)} of "
                f"local memory on {limits.name} (CL_DEVICE_LOCAL_MEM_SIZE): make them smaller"
            )
        )
    elif local_bytes + static > limits.local_mem:
        arrays = (
            f", plus {format_bytes(static)} for the kernel's own __local arrays" if static else ""
        )
        problems.append(
            _problem(
                f"the __local arguments need {format_bytes(local_bytes)} per work-group{arrays}, "
                f"more than the {format_bytes(limits.local_mem)} of local memory: lower their "
                "counts"
            )
        )
    if constant_args > limits.max_constant_args:
        problems.append(
            _problem(
                f"the kernel takes {constant_args} __constant buffers; this device allows "
                f"{limits.max_constant_args}"
            )
        )
    return problems


def check_ndrange(
    global_size: tuple[int, ...],
    local_size: tuple[int, ...] | None,
    limits: DeviceLimits,
    build_options: str = "",
) -> list[RunError]:
    """Problems with the NDRange; the arguments panel shows these before Run, too."""
    dims = len(global_size)
    max_dims = len(limits.max_work_item_sizes)
    if not 1 <= dims <= max_dims:
        return [
            _problem(f"the global size has {dims} dimensions; the device allows 1 to {max_dims}")
        ]
    if any(g < 1 for g in global_size):
        return [_problem(f"every global size must be at least 1, got {list(global_size)}")]
    if local_size is None:
        return []
    if len(local_size) != dims:
        return [
            _problem(
                f"the local size {list(local_size)} has {len(local_size)} dimensions but the "
                f"global size {list(global_size)} has {dims}"
            )
        ]
    problems: list[RunError] = []
    for d, (size, most) in enumerate(zip(local_size, limits.max_work_item_sizes, strict=False)):
        if size < 1:
            problems.append(_problem(f"the local size in dimension {d} must be at least 1"))
        elif size > most:
            problems.append(
                _problem(
                    f"the local size {size} in dimension {d} is over the device limit of {most} "
                    "(CL_DEVICE_MAX_WORK_ITEM_SIZES)"
                )
            )
    group = math.prod(local_size)
    if group > limits.max_work_group_size:
        problems.append(
            _problem(
                f"a work-group of {' x '.join(map(str, local_size))} = {group} work-items is over "
                f"the limit of {limits.max_work_group_size} for this kernel on this device"
            )
        )
    if not (limits.non_uniform_work_groups and _asks_for_cl2(build_options)):
        for d, (g, size) in enumerate(zip(global_size, local_size, strict=True)):
            if size >= 1 and g % size:
                up = -(-g // size) * size
                problems.append(
                    _problem(
                        f"the global size {g} in dimension {d} is not a multiple of the local "
                        f"size {size} ({g} = {g // size} x {size} + {g % size}): OpenCL 1.2 "
                        "needs every work-group to be full. Round the "
                        f"global size up to {up} (and skip the extra work-items in the kernel), "
                        "or pick a local size that divides it, or 'auto'"
                    )
                )
    return problems


def _asks_for_cl2(build_options: str) -> bool:
    """Non-uniform work-groups need OpenCL C 2.0 or later, which must be asked for."""
    return re.search(r"-cl-std=CL[23]\.\d", build_options) is not None
