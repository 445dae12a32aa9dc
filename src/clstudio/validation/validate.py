"""Checks a session against its kernel and device before anything is enqueued.

Every message names the argument or size at fault and says what to do, in
words a learner understands without knowing OpenCL's error codes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

from clstudio.common import (
    N_,
    KernelArgInfo,
    KernelSignature,
    RunError,
    TypeNameError,
    declared_struct_name,
    format_bytes,
    gettext,
    kernel_type,
    ngettext,
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
from clstudio.validation.struct_layouts import struct_layout_problems


def validate(
    session: Session, kernel: KernelSignature, limits: DeviceLimits, index_space: bool = True
) -> list[RunError]:
    """All problems found, in argument order then NDRange; empty when the session may run.

    Step mode leaves out the index space (`index_space=False`): it lets the launch fail,
    and explains the driver's error with check_ndrange afterwards.
    """
    problems = _check_arguments(session, kernel, limits)
    problems += struct_layout_problems(session.source, session.args)
    problems += _check_memory(session, kernel, limits)
    if index_space:
        problems += check_ndrange(
            session.global_size, session.local_size, limits, session.build_options
        )
    return problems


# Translators: {name} is a buffer's or an image's name, {size} and {most} are sizes in bytes.
_TOO_LARGE = {
    "buffer": N_(
        "buffer '{name}' needs {size}, but {device} allows at most {most} in one buffer "
        "(CL_DEVICE_MAX_MEM_ALLOC_SIZE)"
    ),
    "image": N_(
        "image '{name}' needs {size}, but {device} allows at most {most} in one image "
        "(CL_DEVICE_MAX_MEM_ALLOC_SIZE)"
    ),
}


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
                    gettext(
                        "argument '{name}' ({declared}) of kernel '{kernel}' "
                        "has no value in the session"
                    ).format(name=info.name, declared=describe(info), kernel=kernel.name),
                    info.name,
                )
            )
        else:
            problems += _check_argument(info, spec, limits)
    for name in session.args:
        if name not in declared:
            params = ", ".join(info.name for info in kernel.args) or gettext("none")
            problems.append(
                _problem(
                    gettext(
                        "argument '{name}' is not a parameter of kernel '{kernel}' "
                        "(its parameters are: {params})"
                    ).format(name=name, kernel=kernel.name, params=params),
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
                gettext(
                    "argument '{name}' is an {type}; CL Studio supports image2d_t images only"
                ).format(name=name, type=info.type_name),
                name,
            )
        ]
    if spec.kind == "null" and kind == "buffer":
        return []  # a __global or __constant pointer may be NULL; the kernel must allow it
    if spec.kind != kind:
        return [
            _problem(
                gettext(
                    "argument '{name}' is declared {declared}, so it needs kind "
                    "'{kind}', but the session gives kind '{given}'"
                ).format(name=name, declared=describe(info), kind=kind, given=spec.kind),
                name,
            )
        ]
    if isinstance(spec, BufferArg | ImageArg):
        problem = contents_problem(spec.dtype, spec.init)
        if problem:
            message = gettext("argument '{name}': the initial contents: {problem}")
            return [_problem(message.format(name=name, problem=problem), name)]
    if isinstance(spec, ImageArg):
        return _check_image(info, spec, limits)
    if kind == "sampler":
        return []
    struct = spec.struct if isinstance(spec, ScalarArg) else None
    if isinstance(spec, BufferArg | LocalArg):
        struct = spec.dtype.struct
    if struct is not None:
        return _check_struct(info, struct.name)
    if isinstance(spec, BufferArg | LocalArg):
        declared = pointee_type(info.type_name)
        if declared is None:
            return [
                _problem(
                    gettext(
                        "argument '{name}' points to {type}: describe it in the session's "
                        "structs and give the buffer that dtype, or use a scalar or vector "
                        "element type"
                    ).format(name=name, type=info.type_name.rstrip("*")),
                    name,
                )
            ]
        if declared != spec.dtype:
            return [
                _problem(
                    gettext(
                        "argument '{name}' is declared {declared} but the session gives it "
                        "element type {given}: make them agree (element type {wanted})"
                    ).format(
                        name=name,
                        declared=describe(info),
                        given=spec.dtype.name,
                        wanted=declared.name,
                    ),
                    name,
                )
            ]
        return []
    assert isinstance(spec, ScalarArg)
    return _check_scalar(info, spec)


def _check_struct(info: KernelArgInfo, struct: str) -> list[RunError]:
    """The session's struct has the name of the kernel's (`Particle` or `struct Particle`)."""
    declared = declared_struct_name(info.type_name)
    if declared == struct:
        return []
    message = gettext(
        "argument '{name}' is declared {declared} but the session gives it struct {struct}: "
        "make the names agree"
    ).format(name=info.name, declared=describe(info), struct=struct)
    return [_problem(message, info.name)]


def _check_image(info: KernelArgInfo, spec: ImageArg, limits: DeviceLimits) -> list[RunError]:
    name = info.name
    if info.access not in ("read_only", "write_only"):
        return [
            _problem(
                gettext(
                    "image '{name}' is declared {access}; CL Studio runs read_only and "
                    "write_only images: read from one image and write to another"
                ).format(name=name, access=info.access),
                name,
            )
        ]
    if spec.access is not None and spec.access != info.access:
        return [
            _problem(
                gettext(
                    "image '{name}' is declared {access} in the kernel but the session gives "
                    "access {given}: make them agree (or leave access out)"
                ).format(name=name, access=info.access, given=spec.access),
                name,
            )
        ]
    if not limits.image_support:
        return [
            _problem(
                gettext(
                    "{device} has no image support (CL_DEVICE_IMAGE_SUPPORT is false), so "
                    "it cannot run a kernel with image '{name}'"
                ).format(device=limits.name, name=name),
                name,
            )
        ]
    most = (limits.image2d_max_height, limits.image2d_max_width)
    if spec.height > most[0] or spec.width > most[1]:
        return [
            _problem(
                gettext(
                    "image '{name}' is {width} x {height} pixels, but {device} "
                    "allows at most {most_width} x {most_height} (CL_DEVICE_IMAGE2D_MAX_WIDTH and "
                    "HEIGHT)"
                ).format(
                    name=name,
                    width=spec.width,
                    height=spec.height,
                    device=limits.name,
                    most_width=most[1],
                    most_height=most[0],
                ),
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
            _problem(
                gettext(
                    "argument '{name}' has type {type}: if it is a struct, describe it in "
                    "the session's structs and give the argument that dtype"
                ).format(name=name, type=info.type_name)
            )
        ]
    assert not isinstance(spec.value, Mapping)
    values = spec.value if isinstance(spec.value, tuple) else (spec.value,)
    if len(values) != element.width:
        return [
            _problem(
                ngettext(
                    "argument '{name}' is a {type} and needs {count} value, "
                    "but the session gives {given}",
                    "argument '{name}' is a {type} and needs {count} values, "
                    "but the session gives {given}",
                    element.width,
                ).format(name=name, type=info.type_name, count=element.width, given=len(values)),
                name,
            )
        ]
    low, high = value_range(element.scalar)
    for value in values:
        if element.scalar.kind in "iub":
            if isinstance(value, float) and not value.is_integer():
                message = gettext("argument '{name}' is a {type}: {value} is not whole")
                return [_problem(message.format(name=name, type=info.type_name, value=value))]
            if not low <= value <= high:
                return [
                    _problem(
                        gettext(
                            "argument '{name}': {value} does not fit in a {type} "
                            "(from {low} to {high})"
                        ).format(name=name, value=value, type=info.type_name, low=low, high=high),
                        name,
                    )
                ]
        elif math.isfinite(value) and abs(value) > high:
            return [
                _problem(
                    gettext(
                        "argument '{name}': {value} is too large for a {type} (at most {high})"
                    ).format(name=name, value=value, type=info.type_name, high=f"{high:.4g}"),
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
                        gettext(_TOO_LARGE[spec.kind]).format(
                            name=info.name,
                            size=format_bytes(spec.nbytes),
                            device=limits.name,
                            most=format_bytes(limits.max_alloc),
                        ),
                        info.name,
                    )
                )
            if isinstance(spec, BufferArg) and info.address_space == "constant":
                constant_args += 1
                if spec.nbytes > limits.max_constant_buffer:
                    problems.append(
                        _problem(
                            gettext(
                                "__constant buffer '{name}' needs {size}, "
                                "but constant memory holds at most {most}: make it __global"
                            ).format(
                                name=info.name,
                                size=format_bytes(spec.nbytes),
                                most=format_bytes(limits.max_constant_buffer),
                            ),
                            info.name,
                        )
                    )
        elif isinstance(spec, LocalArg):
            local_bytes += spec.nbytes
    if total_global > limits.global_mem:
        problems.append(
            _problem(
                gettext(
                    "the buffers and images need {size} together, more than the "
                    "device's {most} of global memory"
                ).format(size=format_bytes(total_global), most=format_bytes(limits.global_mem))
            )
        )
    static = limits.kernel_local_mem
    if static > limits.local_mem:
        problems.append(
            _problem(
                gettext(
                    "the kernel's own __local arrays need {size} per work-group "
                    "(CL_KERNEL_LOCAL_MEM_SIZE), more than the {most} of "
                    "local memory on {device} (CL_DEVICE_LOCAL_MEM_SIZE): make them smaller"
                ).format(
                    size=format_bytes(static),
                    most=format_bytes(limits.local_mem),
                    device=limits.name,
                )
            )
        )
    elif local_bytes + static > limits.local_mem:
        if static:
            message = gettext(
                "the __local arguments need {size} per work-group, plus {static} for the "
                "kernel's own __local arrays, more than the {most} of local memory: lower "
                "their counts"
            )
        else:
            message = gettext(
                "the __local arguments need {size} per work-group, more than the {most} of "
                "local memory: lower their counts"
            )
        problems.append(
            _problem(
                message.format(
                    size=format_bytes(local_bytes),
                    static=format_bytes(static),
                    most=format_bytes(limits.local_mem),
                )
            )
        )
    if constant_args > limits.max_constant_args:
        problems.append(
            _problem(
                gettext(
                    "the kernel takes {count} __constant buffers; this device allows {most}"
                ).format(count=constant_args, most=limits.max_constant_args)
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
            _problem(
                gettext(
                    "the global size has {dims} dimensions; the device allows 1 to {most}"
                ).format(dims=dims, most=max_dims)
            )
        ]
    if any(g < 1 for g in global_size):
        message = gettext("every global size must be at least 1, got {sizes}")
        return [_problem(message.format(sizes=list(global_size)))]
    if local_size is None:
        return []
    if len(local_size) != dims:
        return [
            _problem(
                gettext(
                    "the local size {local} has {local_dims} dimensions but the "
                    "global size {global_} has {dims}"
                ).format(
                    local=list(local_size),
                    local_dims=len(local_size),
                    global_=list(global_size),
                    dims=dims,
                )
            )
        ]
    problems: list[RunError] = []
    for d, (size, most) in enumerate(zip(local_size, limits.max_work_item_sizes, strict=False)):
        if size < 1:
            message = gettext("the local size in dimension {dim} must be at least 1")
            problems.append(_problem(message.format(dim=d)))
        elif size > most:
            problems.append(
                _problem(
                    gettext(
                        "the local size {size} in dimension {dim} is over the device limit of "
                        "{most} (CL_DEVICE_MAX_WORK_ITEM_SIZES)"
                    ).format(size=size, dim=d, most=most)
                )
            )
    group = math.prod(local_size)
    if group > limits.max_work_group_size:
        problems.append(
            _problem(
                gettext(
                    "a work-group of {sizes} = {count} work-items is over "
                    "the limit of {most} for this kernel on this device"
                ).format(
                    sizes=" x ".join(map(str, local_size)),
                    count=group,
                    most=limits.max_work_group_size,
                )
            )
        )
    if not (limits.non_uniform_work_groups and _asks_for_cl2(build_options)):
        for d, (g, size) in enumerate(zip(global_size, local_size, strict=True)):
            if size >= 1 and g % size:
                up = -(-g // size) * size
                problems.append(
                    _problem(
                        gettext(
                            "the global size {global_} in dimension {dim} is not a multiple of "
                            "the local size {size} ({global_} = {groups} x {size} + {rest}): "
                            "OpenCL 1.2 needs every work-group to be full. Round the global "
                            "size up to {up} (and skip the extra work-items in the kernel), or "
                            "pick a local size that divides it, or 'auto'"
                        ).format(
                            global_=g, dim=d, size=size, up=up, groups=g // size, rest=g % size
                        )
                    )
                )
    return problems


def _asks_for_cl2(build_options: str) -> bool:
    """Non-uniform work-groups need OpenCL C 2.0 or later, which must be asked for."""
    return re.search(r"-cl-std=CL[23]\.\d", build_options) is not None
