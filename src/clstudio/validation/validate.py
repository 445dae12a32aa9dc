"""Checks a session against its kernel and device before anything is enqueued.

Every message names the argument or size at fault and says what to do, in
words a learner understands without knowing OpenCL's error codes.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from clstudio.common import (
    N_,
    FieldValue,
    KernelArgInfo,
    KernelSignature,
    RunError,
    StructType,
    TypeNameError,
    base_type_name,
    declared_struct_name,
    gettext,
    kernel_type,
    ngettext,
    pointee_type,
    value_problem,
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
    format_name,
)
from clstudio.validation.memory_limits import check_memory
from clstudio.validation.ndrange_limits import check_ndrange
from clstudio.validation.refusal import refusal
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
    problems += check_memory(session, kernel, limits)
    if index_space:
        problems += check_ndrange(
            session.global_size, session.local_size, limits, session.build_options
        )
    return problems


def _check_arguments(
    session: Session, kernel: KernelSignature, limits: DeviceLimits
) -> list[RunError]:
    problems: list[RunError] = []
    declared = {info.name for info in kernel.args}
    for info in kernel.args:
        spec = session.args.get(info.name)
        unsettable = type_problem(info)
        if unsettable is not None:
            problems.append(refusal(unsettable, info.name))
        elif spec is None:
            problems.append(
                refusal(
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
                refusal(
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
    return f"{qualifier}{const}{info.shown_type}"


def unknown_type_reason(info: KernelArgInfo) -> str | None:
    """Why a typedef'd type means nothing here: the compiler could not be asked about it."""
    if info.type_known:
        return None
    return gettext(
        "the compiler could not be asked what {type} stands for: write the type itself, or "
        "a #define"
    ).format(type=base_type_name(info.type_name))


# Types a kernel may declare that no session can give a value, each named for what it is.
_HANDLES = {
    "queue_t": N_("a device queue (queue_t): CL Studio does not enqueue kernels from a kernel"),
    "clk_event_t": N_("a device-side event (clk_event_t): only kernels can make one"),
    "reserve_id_t": N_("a pipe reservation (reserve_id_t): only kernels can make one"),
    "ndrange_t": N_("a device-side NDRange (ndrange_t): only kernels can make one"),
    "event_t": N_("an async copy's event (event_t): only kernels can make one"),
}
# Kernel arguments OpenCL C forbids: their size differs between host and device.
_FORBIDDEN = ("bool", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t")


def feature_reason(info: KernelArgInfo) -> str | None:
    """What an argument is, when it is a feature CL Studio cannot give a value and no
    struct (a pipe, a pointer to void or to a pointer, a union, a device queue); None
    for everything else, a struct included."""
    type_name = info.type_name
    base = base_type_name(type_name)
    if not info.type_known:  # unknown_type_reason says why
        return None
    if info.address_space == "global" and not info.is_pointer and not info.is_image:
        # Only a pipe is a __global argument that is no pointer (clGetKernelArgInfo
        # reports its packets' type).
        return gettext(
            "a pipe of {type} (OpenCL C 2.0): CL Studio does not create pipes; pass a buffer"
        ).format(type=type_name)
    if type_name.count("*") > 1:
        return gettext("a pointer to a pointer: a kernel argument can point to data only")
    if base in _HANDLES:
        return gettext(_HANDLES[base])
    if base == "void" and info.is_pointer:
        return gettext(
            "a pointer to void: CL Studio fills buffers of a known element type; declare "
            "the type the kernel reads (float *, uchar *)"
        )
    if base.startswith("union "):
        return gettext("a union ({type}): CL Studio fills structs, not unions").format(type=base)
    if base in _FORBIDDEN and not info.is_pointer:
        return gettext(
            "OpenCL C allows no {type} argument to a kernel (its size differs between the "
            "host and the device)"
        ).format(type=base)
    return None


def expected_kind(info: KernelArgInfo) -> str:
    """The session kind an argument declared like `info` takes."""
    if info.is_image:
        return "image"
    if info.type_name == "sampler_t":
        return "sampler"
    if info.is_pointer:
        return "local" if info.address_space == "local" else "buffer"
    return "scalar"


def type_problem(info: KernelArgInfo) -> str | None:
    """Why no session can give this argument a value, naming the argument and what its
    type is; None when a session can."""
    name = info.name
    if expected_kind(info) == "image" and info.type_name != "image2d_t":
        return gettext(
            "argument '{name}' is an {type}; CL Studio supports image2d_t images only"
        ).format(name=name, type=info.type_name)
    unknown = unknown_type_reason(info) or feature_reason(info)
    if unknown is not None:
        message = gettext("argument '{name}' has type {type}: {problem}")
        return message.format(name=name, type=info.shown_type, problem=unknown)
    return None


def _check_argument(info: KernelArgInfo, spec: ArgSpec, limits: DeviceLimits) -> list[RunError]:
    name, kind = info.name, expected_kind(info)
    if spec.kind == "null" and kind == "buffer":
        return []  # a __global or __constant pointer may be NULL; the kernel must allow it
    if spec.kind != kind:
        return [
            refusal(
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
            return [refusal(message.format(name=name, problem=problem), name)]
    if isinstance(spec, ImageArg):
        return _check_image(info, spec, limits)
    if kind == "sampler":
        return []
    struct = spec.struct if isinstance(spec, ScalarArg) else None
    if isinstance(spec, BufferArg | LocalArg):
        struct = spec.dtype.struct
    if struct is not None:
        # A struct's fields are values too: a form may have set them past the reader.
        value = spec.value if isinstance(spec, ScalarArg) else None
        if isinstance(value, Mapping) and (unfit := _struct_value_problems(name, struct, value)):
            return unfit
        return _check_struct(info, struct.name)
    if isinstance(spec, BufferArg | LocalArg):
        declared = pointee_type(info.type_name)
        if declared is None:
            return [
                refusal(
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
                refusal(
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
    return [refusal(message, info.name)]


def _check_image(info: KernelArgInfo, spec: ImageArg, limits: DeviceLimits) -> list[RunError]:
    name = info.name
    if info.access not in ("read_only", "write_only"):
        return [
            refusal(
                gettext(
                    "image '{name}' is declared {access}; CL Studio runs read_only and "
                    "write_only images: read from one image and write to another"
                ).format(name=name, access=info.access),
                name,
            )
        ]
    if spec.access is not None and spec.access != info.access:
        return [
            refusal(
                gettext(
                    "image '{name}' is declared {access} in the kernel but the session gives "
                    "access {given}: make them agree (or leave access out)"
                ).format(name=name, access=info.access, given=spec.access),
                name,
            )
        ]
    if not limits.image_support:
        return [
            refusal(
                gettext(
                    "{device} has no image support (CL_DEVICE_IMAGE_SUPPORT is false), so "
                    "it cannot run a kernel with image '{name}'"
                ).format(device=limits.name, name=name),
                name,
            )
        ]
    formats = limits.image_formats
    if formats is not None and (info.access, spec.order, spec.channel_type) not in formats:
        return [
            refusal(
                gettext(
                    "image '{name}': {device} does not support the image format {format} "
                    "for {access} images (clGetSupportedImageFormats); choose another channel "
                    "order or type, or another device"
                ).format(
                    name=name,
                    device=limits.name,
                    format=format_name(spec.order, spec.channel_type),
                    access=info.access,
                ),
                name,
            )
        ]
    most = (limits.image2d_max_height, limits.image2d_max_width)
    if spec.height > most[0] or spec.width > most[1]:
        return [
            refusal(
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
            refusal(
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
            refusal(
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
    return _values_problems(name, values, element.scalar, info.type_name)


def _struct_value_problems(
    name: str, struct: StructType, value: Mapping[str, FieldValue], prefix: str = ""
) -> list[RunError]:
    """Every number of a struct passed by value against its field's element type, nested
    structs' fields and the elements of arrays and vectors included."""
    for field_name, given in value.items():
        field = struct.field(field_name)
        if field is None:
            continue
        path = f"{prefix}{field_name}"
        for leaf in _leaves(given):
            if isinstance(leaf, Mapping):
                inner = field.type.struct
                if inner is not None and (
                    unfit := _struct_value_problems(name, inner, leaf, f"{path}.")
                ):
                    return unfit
                continue
            scalar = field.type.scalar
            if unfit := _values_problems(name, (leaf,), scalar, scalar.name, path):
                return unfit
    return []


def _leaves(value: FieldValue) -> list[int | float | Mapping[str, FieldValue]]:
    """The numbers and nested structs of a field's value, out of its arrays and vectors."""
    if isinstance(value, tuple):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


def _values_problems(
    name: str, values: tuple[int | float, ...], scalar: np.dtype, type_name: str, field: str = ""
) -> list[RunError]:
    """The first of `values` that the kernel's `type_name` cannot hold (the one check,
    common.value_problem), as the refusal of argument `name` (of its struct `field`)."""
    for value in values:
        problem = value_problem(value, scalar, type_name)
        if problem is None:
            continue
        if field:
            message = gettext("argument '{name}', field {field}: {problem}")
            return [refusal(message.format(name=name, field=field, problem=problem), name)]
        message = gettext("argument '{name}': {problem}")
        return [refusal(message.format(name=name, problem=problem), name)]
    return []
