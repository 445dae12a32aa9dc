"""Default argument values for a kernel's signature, and carrying values over a rebuild.

The form shows what the kernel declares; the session holds what the user chose.
When the kernel changes, every choice that still fits the new declaration is kept:
a buffer whose element type changed keeps its shape, contents and access, and only
a value that no longer fits its type goes back to a default.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from clstudio.common import (
    ElementType,
    KernelArgInfo,
    KernelSignature,
    TypeNameError,
    gettext,
    kernel_type,
    ngettext,
    pointee_type,
    value_problem,
)
from clstudio.session import (
    ArgSpec,
    BufferArg,
    ImageArg,
    Init,
    LocalArg,
    NullArg,
    Reference,
    SamplerArg,
    ScalarArg,
    SessionError,
    picture_problem,
)
from clstudio.session.reference_fields import read_references
from clstudio.validation.validate import expected_kind, feature_reason, unknown_type_reason

DEFAULT_LOCAL_COUNT = 256  # elements of a __local argument when no work-group size is set
DEFAULT_INT_HIGH = 100  # random integer inputs start in [0, 100): small enough to read
DEFAULT_IMAGE_SHAPE = (256, 256)  # (height, width) when the range is not two-dimensional
DEFAULT_PICTURE = "test_picture"  # looks different under every flip and rotation


@dataclass(frozen=True)
class ArgChange:
    """What happened to one argument of the new signature when values were carried over.

    status: "kept" (the session's value fits), "new" (no value before, a default),
    "changed" (the declaration changed and the value was adapted or reset; see note).
    """

    name: str
    status: str
    note: str = ""


@dataclass(frozen=True)
class RemovedArg:
    """An argument the session had and the kernel no longer declares."""

    name: str
    type_text: str  # "float*", "local int*", "uint"

    def __str__(self) -> str:
        return gettext("removed: {name} ({type})").format(name=self.name, type=self.type_text)


@dataclass(frozen=True)
class Reconciled:
    args: dict[str, ArgSpec]  # in the signature's order; unsupported arguments have none
    changes: dict[str, ArgChange]  # one per argument of the signature
    removed: tuple[RemovedArg, ...]


def unsupported_reason(info: KernelArgInfo) -> str | None:
    """Why CL Studio cannot give this argument a value, or None when it can."""
    kind = expected_kind(info)
    if kind == "image" and info.type_name != "image2d_t":
        return gettext("{type} arguments are not supported yet: CL Studio runs image2d_t").format(
            type=info.type_name
        )
    if kind == "image" and info.access not in ("read_only", "write_only"):
        return gettext("a {access} image: read from one image and write to another").format(
            access=info.access
        )
    unknown = unknown_type_reason(info) or feature_reason(info)
    if unknown is not None:
        return unknown
    if kind in ("buffer", "local") and pointee_type(info.type_name) is None:
        return gettext(
            "points to {type}: describe it in the session's structs to fill it "
            "(see docs/session-format.md, Structs)"
        ).format(type=info.type_name.rstrip("*").strip())
    if kind == "scalar":
        try:
            kernel_type(info.type_name)
        except TypeNameError:
            return gettext(
                "a {type} passed by value: describe it in the session's structs to set it "
                "(see docs/session-format.md, Structs)"
            ).format(type=info.type_name)
    return None


def shape_for(global_size: tuple[int, ...]) -> tuple[int, ...]:
    """A buffer shape with one element per work-item: rows are dimension 1, as in images."""
    return tuple(reversed(global_size))


def default_spec(
    info: KernelArgInfo, global_size: tuple[int, ...], local_size: tuple[int, ...] | None
) -> ArgSpec | None:
    """A value to start from: buffers sized to the NDRange, inputs random, outputs zero.

    None when CL Studio cannot set the argument (see unsupported_reason).
    """
    if unsupported_reason(info) is not None:
        return None
    kind = expected_kind(info)
    if kind == "sampler":
        return SamplerArg()
    if kind == "image":
        shape = shape_for(global_size) if len(global_size) == 2 else DEFAULT_IMAGE_SHAPE
        init = Init("image", {"name": DEFAULT_PICTURE}) if info.access == "read_only" else Init()
        return ImageArg((shape[0], shape[1]), init=init)
    if kind == "scalar":
        element = kernel_type(info.type_name)
        zero: int | float = 0 if element.scalar.kind in "iub" else 0.0
        return ScalarArg(zero if element.width == 1 else (zero,) * element.width)
    dtype = pointee_type(info.type_name)
    assert dtype is not None
    if kind == "local":
        count = math.prod(local_size) if local_size is not None else DEFAULT_LOCAL_COUNT
        return LocalArg(dtype, count)
    init = _random_init(dtype) if info.is_const else Init("zeros")
    return BufferArg(dtype, shape_for(global_size), init)


def _random_init(dtype: ElementType) -> Init:
    if dtype.scalar.kind in "iu":
        return Init("random", {"low": 0, "high": DEFAULT_INT_HIGH})
    return Init("random", {"low": 0.0, "high": 1.0})


def reconcile(
    signature: KernelSignature,
    args: Mapping[str, ArgSpec],
    global_size: tuple[int, ...],
    local_size: tuple[int, ...] | None,
    previous: KernelSignature | None = None,
) -> Reconciled:
    """The session's arguments fitted to `signature`: kept, adapted, new and removed.

    `previous`, the signature the values were made for, only names removed arguments'
    types; whether a value is kept depends on the value and the new declaration alone.
    """
    kept: dict[str, ArgSpec] = {}
    changes: dict[str, ArgChange] = {}
    for info in signature.args:
        old = args.get(info.name)
        spec, change = _carry(info, old, global_size, local_size)
        changes[info.name] = change
        if spec is not None:
            kept[info.name] = spec
    declared = {info.name for info in signature.args}
    before = {info.name: info for info in previous.args} if previous is not None else {}
    removed = tuple(
        RemovedArg(name, before[name].shown_type if name in before else _type_text(spec))
        for name, spec in args.items()
        if name not in declared
    )
    return Reconciled(kept, changes, removed)


def _carry(
    info: KernelArgInfo,
    old: ArgSpec | None,
    global_size: tuple[int, ...],
    local_size: tuple[int, ...] | None,
) -> tuple[ArgSpec | None, ArgChange]:
    name, kind = info.name, expected_kind(info)
    if old is None:
        return default_spec(info, global_size, local_size), ArgChange(name, "new")
    if isinstance(old, NullArg) and kind == "buffer":
        return old, ArgChange(name, "kept")
    if old.kind != kind:
        spec = default_spec(info, global_size, local_size)
        note = gettext("was a {old}, now a {new}").format(old=old.kind, new=kind)
        return spec, ArgChange(name, "changed", note)
    if unsupported_reason(info) is not None or isinstance(old, ImageArg | SamplerArg):
        return old, ArgChange(name, "kept")  # images keep everything; the kernel says little
    if isinstance(old, ScalarArg):
        problem = scalar_problem(old.value, kernel_type(info.type_name))
        if problem is None:
            return old, ArgChange(name, "kept")
        reset = default_spec(info, global_size, local_size)
        note = gettext("value reset: {problem}").format(problem=problem)
        return reset, ArgChange(name, "changed", note)
    declared = pointee_type(info.type_name)
    assert declared is not None and isinstance(old, BufferArg | LocalArg)
    if old.dtype == declared:
        return old, ArgChange(name, "kept")
    note = gettext("element type now {new} (was {old})").format(
        new=declared.opencl_name, old=old.dtype.opencl_name
    )
    if isinstance(old, LocalArg):
        return LocalArg(declared, old.count), ArgChange(name, "changed", note)
    init = retyped_init(old.init, declared, old.shape)
    return BufferArg(declared, old.shape, init, old.access), ArgChange(name, "changed", note)


def scalar_problem(value: object, element: ElementType) -> str | None:
    """Why `value` cannot be passed as `element`, in words; None when it can."""
    values = value if isinstance(value, tuple) else (value,)
    lanes = element.width
    if len(values) != lanes:
        return ngettext(
            "a {type} takes {count} value", "a {type} takes {count} values", lanes
        ).format(type=element.opencl_name, count=lanes)
    for item in values:
        if not isinstance(item, int | float) or not math.isfinite(item):
            return gettext("{value} is not a finite number").format(value=repr(item))
        problem = value_problem(item, element.scalar, element.opencl_name)
        if problem is not None:
            return problem
    return None


def retyped_init(init: Init, dtype: ElementType, shape: tuple[int, ...]) -> Init:
    """`init` for a buffer whose element type became `dtype`, or zeros when it no longer fits."""
    params = init.params
    if init.kind == "fill" and scalar_problem(params.get("value"), ElementType(dtype.scalar)):
        return Init("zeros")
    if init.kind == "random" and dtype.scalar.kind in "iu":
        low, high = params.get("low", 0.0), params.get("high", 1.0)
        if not int(low) < int(high):
            return _random_init(dtype)
    if init.kind == "values" and _count(params.get("values")) != math.prod(dtype.host_shape(shape)):
        return Init("zeros")
    if init.kind == "image" and picture_problem(dtype, shape) is not None:
        return Init("zeros")
    return init


def _count(values: object) -> int:
    if isinstance(values, list):
        return sum(_count(item) for item in values)
    return 1


def _type_text(spec: ArgSpec) -> str:
    if isinstance(spec, BufferArg):
        return f"{spec.dtype.opencl_name}*"
    if isinstance(spec, LocalArg):
        return f"local {spec.dtype.opencl_name}*"
    return {"image": "image2d_t", "sampler": "sampler_t"}.get(spec.kind, spec.kind)


def usable_references(
    references: Mapping[str, Reference],
    args: Mapping[str, ArgSpec],
    base_dir: Path | None,
    sizes: Mapping[str, int] | None = None,
) -> dict[str, Reference]:
    """The references a session with `args` can keep and still load again.

    A reference needs its output, read back (access not "in" or "read_only"), and
    every name in its expression, or a golden file of the output's shape; the others
    wait, unchanged, until the arguments fit them again.
    """
    usable = {}
    for name, reference in references.items():
        try:  # as loading the session would read it: one rule, whatever the output
            read_references({name: reference.to_dict()}, args, base_dir, sizes)
        except SessionError:
            continue
        usable[name] = reference
    return usable
