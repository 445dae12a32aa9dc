"""Argument specs in the session file: read (every refusal names its key path) and written.

Buffers, scalars, `__local` scratch, images and samplers, and the initial contents
of buffers and images.
"""

from __future__ import annotations

import keyword
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from clstudio.common import VECTOR_WIDTHS, ElementType, StructType, gettext, value_to_json
from clstudio.session.args import (
    ACCESS_MODES,
    ADDRESSING_MODES,
    FILTER_MODES,
    IMAGE_ACCESS_MODES,
    ArgSpec,
    BufferArg,
    ImageArg,
    Init,
    InitKind,
    LocalArg,
    NullArg,
    SamplerArg,
    ScalarArg,
    contents_problem,
    picture_problem,
)
from clstudio.session.fields import (
    MAX_DIMS,
    MAX_ITEMS,
    check_keys,
    choice_of,
    describe,
    fail,
    read_bool,
    read_choice,
    read_element_type,
    read_identifier,
    read_int,
    read_npy_header,
    read_number,
    read_object,
    read_sizes,
    read_string,
)
from clstudio.session.image_formats import (
    CHANNEL_ORDERS,
    CHANNEL_TYPES,
    FIRST_SPELLINGS,
    ChannelType,
    format_problem,
    read_channel_type,
)
from clstudio.session.sample_images import SAMPLE_IMAGES
from clstudio.session.struct_fields import read_struct_init, read_struct_value

ARG_KINDS = ("buffer", "scalar", "local", "image", "sampler", "null")
# The documented order, which saving follows; the required keys come first.
ARG_KEYS = {
    "buffer": ("kind", "dtype", "shape", "init", "access"),
    "scalar": ("kind", "value", "dtype"),  # dtype: a struct's name, for a struct by value
    "local": ("kind", "dtype", "count"),
    "image": ("kind", "shape", "order", "channel_type", "init", "access"),
    "sampler": ("kind", "normalized_coords", "addressing", "filter"),
    "null": ("kind",),
}
_REQUIRED = {"buffer": 3, "scalar": 2, "local": 3, "image": 4, "sampler": 1, "null": 1}


NO_STRUCTS: Mapping[str, StructType] = {}


def read_args(
    value: object, where: str, base_dir: Path | None, structs: Mapping[str, StructType] = NO_STRUCTS
) -> dict[str, ArgSpec]:
    args: dict[str, ArgSpec] = {}
    obj = read_object(value, where)
    for name, spec in obj.items():
        read_identifier(name, f"{where}.{name}", gettext("an argument name"))
        if keyword.iskeyword(name) and f"{name}_" in obj:
            problem = gettext(
                "expressions call argument {name} {renamed} (it is a Python keyword), but "
                "an argument {renamed} exists too: rename one of them"
            )
            fail(f"{where}.{name}", problem.format(name=name, renamed=f"{name}_"))
        args[name] = read_arg(spec, f"{where}.{name}", base_dir, structs)
    return args


def read_arg(
    value: object, where: str, base_dir: Path | None, structs: Mapping[str, StructType] = NO_STRUCTS
) -> ArgSpec:
    obj = read_object(value, where)
    kinds = ", ".join(ARG_KINDS)
    if "kind" not in obj:
        problem = gettext("this key is required but missing; it is one of {kinds}")
        fail(f"{where}.kind", problem.format(kinds=kinds))
    kind = read_string(obj["kind"], f"{where}.kind")
    if kind not in ARG_KINDS:
        problem = gettext("unknown kind {kind}; expected one of {kinds}")
        fail(f"{where}.kind", problem.format(kind=repr(kind), kinds=kinds))
    keys = ARG_KEYS[kind]
    check_keys(obj, where, keys, required=keys[: _REQUIRED[kind]])
    if kind == "scalar":
        return _read_scalar(obj, where, structs)
    if kind == "image":
        return _read_image(obj, where, base_dir)
    if kind == "sampler":
        return _read_sampler(obj, where)
    if kind == "null":
        return NullArg()
    dtype = _read_dtype(obj["dtype"], f"{where}.dtype", structs)
    if kind == "local":
        return LocalArg(dtype, read_int(obj["count"], f"{where}.count", 1, MAX_ITEMS))
    shape = read_sizes(obj["shape"], f"{where}.shape", MAX_DIMS)
    init_value = obj.get("init", "zeros")
    if dtype.struct is not None:
        init = read_struct_init(
            init_value, f"{where}.init", dtype.struct, math.prod(shape), _field_init_reader
        )
    else:
        init = _read_init(init_value, f"{where}.init", dtype, shape, base_dir)
    access = obj.get("access")
    if access is not None:
        access = read_choice(access, f"{where}.access", ACCESS_MODES, or_null=True)
    return BufferArg(dtype, shape, init, access)


def _read_dtype(value: object, where: str, structs: Mapping[str, StructType]) -> ElementType:
    """An element type: a struct of the session's `structs`, or a scalar or vector type."""
    if isinstance(value, str) and value in structs:
        return structs[value].element()
    return read_element_type(value, where)


def _read_scalar(obj: dict[str, Any], where: str, structs: Mapping[str, StructType]) -> ScalarArg:
    if "dtype" not in obj:
        return ScalarArg(_read_scalar_value(obj["value"], f"{where}.value"))
    name = read_string(obj["dtype"], f"{where}.dtype")
    if name not in structs:
        problem = gettext(
            "a scalar's dtype names a struct of the session's structs ({known}); got {value} "
            "(a scalar or vector takes its type from the kernel: leave dtype out)"
        )
        known = ", ".join(structs) or gettext("there are none")
        fail(f"{where}.dtype", problem.format(known=known, value=describe(name)))
    struct = structs[name]
    return ScalarArg(read_struct_value(obj["value"], f"{where}.value", struct), struct)


def _field_init_reader(
    value: object, where: str, dtype: ElementType, shape: tuple[int, ...]
) -> Init:
    return _read_init(value, where, dtype, shape, None)


def _read_image(obj: dict[str, Any], where: str, base_dir: Path | None) -> ImageArg:
    shape = read_sizes(obj["shape"], f"{where}.shape", 2)
    if len(shape) != 2:
        problem = gettext("an image2d_t has two sizes, [height, width]; got {sizes}")
        fail(f"{where}.shape", problem.format(sizes=list(shape)))
    order = read_choice(obj["order"], f"{where}.order", CHANNEL_ORDERS)
    channel_type = _read_channel_type(obj["channel_type"], f"{where}.channel_type")
    refused = format_problem(order, channel_type)
    if refused is not None:
        fail(f"{where}.channel_type", refused)
    image = ImageArg((shape[0], shape[1]), order, channel_type)
    init = _read_init(obj.get("init", "zeros"), f"{where}.init", image.dtype, shape, base_dir, True)
    access = obj.get("access")
    if access is not None:
        access = read_choice(access, f"{where}.access", IMAGE_ACCESS_MODES, or_null=True)
    return ImageArg(image.shape, order, channel_type, init, access)


def _read_channel_type(value: object, where: str) -> ChannelType:
    """An OpenCL channel type name, or `uint8` and `float32` as the first sessions wrote
    UNORM_INT8 and FLOAT."""
    channel_type = read_channel_type(value) if isinstance(value, str) else None
    if channel_type is None:
        problem = gettext("expected one of {choices}, got {value}")
        fail(where, problem.format(choices=", ".join(CHANNEL_TYPES), value=describe(value)))
    return channel_type


def _read_sampler(obj: dict[str, Any], where: str) -> SamplerArg:
    sampler = SamplerArg(
        normalized_coords=read_bool(
            obj.get("normalized_coords", False), f"{where}.normalized_coords"
        ),
        addressing=read_choice(
            obj.get("addressing", "clamp_to_edge"), f"{where}.addressing", ADDRESSING_MODES
        ),
        filter=read_choice(obj.get("filter", "nearest"), f"{where}.filter", FILTER_MODES),
    )
    if sampler.addressing in ("repeat", "mirrored_repeat") and not sampler.normalized_coords:
        fail(
            f"{where}.addressing",
            gettext(
                "{addressing} works only with normalized coordinates (0 to 1 across the "
                'image): set "normalized_coords": true, or use clamp_to_edge'
            ).format(addressing=sampler.addressing),
        )
    return sampler


def _read_scalar_value(value: object, where: str) -> int | float | tuple[int | float, ...]:
    if isinstance(value, bool):
        return value
    if isinstance(value, list):
        if len(value) not in VECTOR_WIDTHS:
            problem = gettext("a vector value has {widths} or {last} components, got {value}")
            widths = ", ".join(map(str, VECTOR_WIDTHS[:-1]))
            fail(
                where, problem.format(widths=widths, last=VECTOR_WIDTHS[-1], value=describe(value))
            )
        return tuple(read_number(v, f"{where}[{i}]") for i, v in enumerate(value))
    return read_number(value, where)


_INIT_WORDS: tuple[InitKind, ...] = ("zeros", "ones", "arange", "uninitialised")
_INIT_OBJECTS: tuple[InitKind, ...] = ("fill", "random", "normal", "values", "file", "image")


def _read_init(
    value: object,
    where: str,
    dtype: ElementType,
    shape: tuple[int, ...],
    base_dir: Path | None,
    is_image: bool = False,
) -> Init:
    """Contents for an argument of `dtype` and `shape`; any sample picture fits an image."""
    forms = ", ".join(
        [*(f'"{w}"' for w in _INIT_WORDS), *(f'{{"{k}": ...}}' for k in _INIT_OBJECTS)]
    )
    if isinstance(value, str):
        word = choice_of(value, _INIT_WORDS)
        if word is None:
            problem = gettext("unknown init {init}; expected one of {forms}")
            fail(where, problem.format(init=repr(value), forms=forms))
        return Init(word)
    if not isinstance(value, dict):
        problem = gettext("expected one of {choices}, got {value}")
        fail(where, problem.format(choices=forms, value=describe(value)))
    if len(value) != 1:
        problem = gettext("expected an object with one key, got keys {keys}")
        fail(where, problem.format(keys=", ".join(map(str, value))))
    if next(iter(value)) not in _INIT_OBJECTS:
        problem = gettext("unknown init {init}; expected one of {forms}")
        fail(where, problem.format(init=repr(next(iter(value))), forms=forms))
    ((kind, params),) = value.items()
    here = f"{where}.{kind}"
    needed = math.prod(dtype.host_shape(shape))
    if kind == "fill":
        return _fitting(Init("fill", {"value": read_number(params, here)}), dtype, here)
    if kind == "random":
        obj = read_object(params, here)
        check_keys(obj, here, ("low", "high"))
        bounds = {k: read_number(v, f"{here}.{k}") for k, v in obj.items()}
        low, high = bounds.get("low", 0.0), bounds.get("high", 1.0)
        if not low < high:
            fail(
                here,
                gettext("low ({low}) must be less than high ({high})").format(low=low, high=high),
            )
        if dtype.scalar.kind in "iu" and not int(low) < int(high):
            fail(
                here,
                gettext(
                    "integers are drawn from int(low) to int(high) - 1; [{low}, {high}) is empty"
                ).format(low=int(low), high=int(high)),
            )
        return _fitting(Init("random", bounds), dtype, here)
    if kind == "normal":
        obj = read_object(params, here)
        check_keys(obj, here, ("mean", "std"))
        moments = {
            k: read_number(v, f"{here}.{k}", 0.0 if k == "std" else -math.inf)
            for k, v in obj.items()
        }
        return _fitting(Init("normal", moments), dtype, here)
    if kind == "values":
        count = _count_values(params, here)
        if count != needed:
            fail(
                here,
                gettext("{count} values given, but shape {shape} of {dtype} needs {needed}").format(
                    count=count, shape=list(shape), dtype=dtype.name, needed=needed
                ),
            )
        return _fitting(Init("values", {"values": params}), dtype, here)
    if kind == "image":
        obj = read_object(params, here)
        check_keys(obj, here, ("name",), required=("name",))
        name = read_choice(obj["name"], f"{here}.name", tuple(SAMPLE_IMAGES))
        unfit = None if is_image else picture_problem(dtype, shape)
        if unfit is not None:
            fail(here, unfit)
        return Init("image", {"name": name})
    path = read_string(params, here, non_empty=True)
    if not path.endswith(".npy"):
        problem = gettext("expected the path of a .npy file, got {value}")
        fail(here, problem.format(value=describe(path)))
    file_shape, _ = read_npy_header(path, here, base_dir)
    count = math.prod(file_shape)
    if count != needed:
        fail(
            here,
            gettext("{file} holds {count} values (shape {shape}), but {needed} are needed").format(
                file=path, count=count, shape=list(file_shape), needed=needed
            ),
        )
    return Init("file", {"path": path})


def _fitting(init: Init, dtype: ElementType, where: str) -> Init:
    problem = contents_problem(dtype, init)
    if problem:
        fail(where, problem)
    return init


def _count_values(value: object, where: str) -> int:
    """How many numbers a nested, rectangular list holds (walked without recursion)."""
    if not isinstance(value, list) or not value:
        problem = gettext("expected a non-empty list of numbers, got {value}")
        fail(where, problem.format(value=describe(value)))
    level, count = [value], 0
    while level:
        lists = [v for v in level if isinstance(v, list)]
        if (lists and len(lists) != len(level)) or len({len(v) for v in lists}) > 1:
            fail(where, gettext("expected a rectangular nested list (rows of equal length)"))
        if lists:
            level = [item for row in lists for item in row]
            continue
        for i, number in enumerate(level):
            read_number(number, f"{where} (value {i})")
        count = len(level)
        break
    return count


def arg_to_dict(spec: ArgSpec) -> dict[str, Any]:
    """An argument's JSON object, keys in the documented order; `access` only when set."""
    if isinstance(spec, ScalarArg):
        value = spec.value
        if isinstance(value, Mapping):
            assert spec.struct is not None
            return {"kind": "scalar", "value": value_to_json(value), "dtype": spec.struct.name}
        return {"kind": "scalar", "value": list(value) if isinstance(value, tuple) else value}
    if isinstance(spec, LocalArg):
        return {"kind": "local", "dtype": spec.dtype.name, "count": spec.count}
    if isinstance(spec, NullArg):
        return {"kind": "null"}
    if isinstance(spec, SamplerArg):
        return {
            "kind": "sampler",
            "normalized_coords": spec.normalized_coords,
            "addressing": spec.addressing,
            "filter": spec.filter,
        }
    out: dict[str, Any]
    if isinstance(spec, ImageArg):
        out = {
            "kind": "image",
            "shape": list(spec.shape),
            "order": spec.order,
            "channel_type": FIRST_SPELLINGS.get(spec.channel_type, spec.channel_type),
        }
    else:
        out = {"kind": "buffer", "dtype": spec.dtype.name, "shape": list(spec.shape)}
    out["init"] = _init_to_json(spec.init)
    if spec.access is not None:
        out["access"] = spec.access
    return out


def _init_to_json(init: Init) -> str | dict[str, Any]:
    params = init.params
    if init.kind == "fields":
        return {"fields": {name: _init_to_json(f) for name, f in params["fields"].items()}}
    if init.kind in _INIT_WORDS:
        return init.kind
    if init.kind == "fill":
        return {"fill": params["value"]}
    if init.kind == "values":
        return {"values": params["values"]}
    if init.kind == "file":
        return {"file": params["path"]}
    return {init.kind: dict(params)}
