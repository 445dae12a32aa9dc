"""Checks a session against its kernel and device before anything is enqueued.

Every message names the argument or size at fault and says what to do, in
words a learner understands without knowing OpenCL's error codes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from clstudio.common import (
    KernelArgInfo,
    KernelSignature,
    RunError,
    TypeNameError,
    base_type_name,
    declared_struct_name,
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
        union = union_reason(info)
        if spec is None and union is not None:
            problems.append(
                refusal(
                    gettext("argument '{name}' ({declared}) of kernel '{kernel}': {reason}").format(
                        name=info.name, declared=describe(info), kernel=kernel.name, reason=union
                    ),
                    info.name,
                )
            )
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


def union_reason(info: KernelArgInfo) -> str | None:
    """Why a union argument (`union Value*`) gets no value: the feature, named."""
    base = base_type_name(info.type_name)
    if not base.startswith("union "):
        return None
    return gettext(
        "{type} is a union, whose layout CL Studio does not describe: pass a struct or "
        "a buffer of one of its members' type"
    ).format(type=base)


def unknown_type_reason(info: KernelArgInfo) -> str | None:
    """Why a typedef'd type means nothing here: the compiler could not be asked about it."""
    if info.type_known:
        return None
    return gettext(
        "the compiler could not be asked what {type} stands for: write the type itself, or "
        "a #define"
    ).format(type=base_type_name(info.type_name))


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
            refusal(
                gettext(
                    "argument '{name}' is an {type}; CL Studio supports image2d_t images only"
                ).format(name=name, type=info.type_name),
                name,
            )
        ]
    unknown = unknown_type_reason(info)
    if unknown is not None:
        message = gettext("argument '{name}' has type {type}: {problem}")
        return [refusal(message.format(name=name, type=info.type_name, problem=unknown), name)]
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
    low, high = value_range(element.scalar)
    for value in values:
        if element.scalar.kind in "iub":
            if isinstance(value, float) and not value.is_integer():
                message = gettext("argument '{name}' is a {type}: {value} is not whole")
                return [refusal(message.format(name=name, type=info.type_name, value=value))]
            if not low <= value <= high:
                return [
                    refusal(
                        gettext(
                            "argument '{name}': {value} does not fit in a {type} "
                            "(from {low} to {high})"
                        ).format(name=name, value=value, type=info.type_name, low=low, high=high),
                        name,
                    )
                ]
        elif math.isfinite(value) and abs(value) > high:
            return [
                refusal(
                    gettext(
                        "argument '{name}': {value} is too large for a {type} (at most {high})"
                    ).format(name=name, value=value, type=info.type_name, high=f"{high:.4g}"),
                    name,
                )
            ]
    return []
