"""Kernel argument specifications and the initial contents of buffers."""

from __future__ import annotations

import math
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args

import numpy as np

from clstudio.common import (
    ElementType,
    NpyError,
    StructType,
    StructValue,
    gettext,
    load_array,
    value_problem,
)
from clstudio.session.fields import MAX_DIMS
from clstudio.session.image_formats import ChannelOrder, ChannelType, channel_count, host_dtype
from clstudio.session.sample_images import sample_gray, sample_image

InitKind = Literal[
    "zeros",
    "ones",
    "arange",
    "fill",
    "random",
    "normal",
    "values",
    "file",
    "image",
    "uninitialised",
    "fields",
]
# The kinds of a buffer of numbers; a buffer of structs takes "fields" (or zeros).
INIT_KINDS: tuple[InitKind, ...] = tuple(k for k in get_args(InitKind) if k != "fields")
# No host data: the buffer is created and never written from the host, so it holds
# whatever the device leaves there (check mode reports the kernel's reads of it).
UNINITIALISED: InitKind = "uninitialised"
BufferAccess = Literal["in", "out", "inout"]
ACCESS_MODES: tuple[BufferAccess, ...] = get_args(BufferAccess)
ImageAccess = Literal["read_only", "write_only"]
IMAGE_ACCESS_MODES: tuple[ImageAccess, ...] = get_args(ImageAccess)
Addressing = Literal["none", "clamp_to_edge", "clamp", "repeat", "mirrored_repeat"]
ADDRESSING_MODES: tuple[Addressing, ...] = get_args(Addressing)
FilterMode = Literal["nearest", "linear"]
FILTER_MODES: tuple[FilterMode, ...] = get_args(FilterMode)


class ContentsError(ValueError):
    """Initial contents that cannot be produced (a bad file, a wrong number of values)."""


@dataclass(frozen=True)
class Init:
    """How a buffer is filled before each launch: one of INIT_KINDS and its parameters.

    fill: {"value"}; random: {"low", "high"}; normal: {"mean", "std"};
    values: {"values": nested list}; file: {"path": relative to the session};
    image: {"name": one of clstudio.session.sample_images.SAMPLE_IMAGES} (images, and 2-D buffers of
    scalars that can hold 0 to 255 or are floats: see picture_problem);
    fields: {"fields": {field name: Init}} for a buffer of structs (fields not named are 0);
    uninitialised: no host data, never uploaded (its host array is only a container).
    """

    kind: InitKind = "zeros"
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class BufferArg:
    """A `__global` or `__constant` pointer argument backed by a device buffer."""

    dtype: ElementType
    shape: tuple[int, ...]
    init: Init = Init()
    access: BufferAccess | None = None  # None: "in" for a const pointer, "inout" otherwise
    kind: str = field(default="buffer", init=False)

    @property
    def count(self) -> int:
        return math.prod(self.shape)

    @property
    def nbytes(self) -> int:
        return self.count * self.dtype.itemsize


def filled_with_zeros(spec: BufferArg, access: str) -> bool:
    """Whether a run fills the buffer with zeros on the device (clEnqueueFillBuffer) before
    each launch instead of copying zeros from the host: a buffer the kernel writes that
    starts from zeros. Runs, step mode and both exported programs follow this one rule."""
    return access in ("out", "inout") and spec.init.kind == "zeros"


@dataclass(frozen=True)
class ScalarArg:
    """A by-value argument; its type comes from the kernel signature.

    A vector scalar (`float4 v`) takes a tuple of values; a struct passed by value
    (`struct` set) a mapping of field names to values, the fields not named being 0.
    """

    value: int | float | tuple[int | float, ...] | StructValue
    struct: StructType | None = None
    kind: str = field(default="scalar", init=False)


@dataclass(frozen=True)
class LocalArg:
    """A `__local` pointer argument: scratch memory shared by one work-group."""

    dtype: ElementType
    count: int
    kind: str = field(default="local", init=False)

    @property
    def nbytes(self) -> int:
        return self.count * self.dtype.itemsize


@dataclass(frozen=True)
class ImageArg:
    """An `image2d_t` argument: pixels the kernel reads or writes through a sampler.

    On the host it is an array of shape (height, width) for a one-channel order, or
    (height, width, channels), of the channel type's numpy type (session/image_formats.py).
    """

    shape: tuple[int, int]  # (height, width), as numpy indexes the host array
    order: ChannelOrder = "RGBA"
    channel_type: ChannelType = "UNORM_INT8"
    init: Init = Init()
    access: ImageAccess | None = None  # None: from the kernel's read_only or write_only
    kind: str = field(default="image", init=False)

    @property
    def height(self) -> int:
        return self.shape[0]

    @property
    def width(self) -> int:
        return self.shape[1]

    @property
    def dtype(self) -> ElementType:
        """One pixel as an element type: uchar for R UNORM_INT8, float4 for RGBA FLOAT."""
        return ElementType(host_dtype(self.channel_type), channel_count(self.order))

    @property
    def nbytes(self) -> int:
        return self.height * self.width * self.dtype.itemsize


@dataclass(frozen=True)
class SamplerArg:
    """A `sampler_t` argument: how a kernel's image reads treat coordinates."""

    normalized_coords: bool = False
    addressing: Addressing = "clamp_to_edge"
    filter: FilterMode = "nearest"
    kind: str = field(default="sampler", init=False)


@dataclass(frozen=True)
class NullArg:
    """A `__global` or `__constant` pointer passed as NULL, for a kernel that checks for it."""

    kind: str = field(default="null", init=False)


ArgSpec = BufferArg | ScalarArg | LocalArg | ImageArg | SamplerArg | NullArg


def picture_problem(dtype: ElementType, shape: tuple[int, ...]) -> str | None:
    """Why a sample picture cannot fill a buffer of this type and shape; None when it can.

    A buffer takes a picture's gray values: one scalar per pixel, in rows.
    """
    if dtype.width != 1:
        return gettext(
            "a sample picture fills a buffer of scalars with gray values; {type} is a vector type"
        ).format(type=dtype.opencl_name)
    if len(shape) != 2:
        return gettext(
            "a sample picture fills a 2-D buffer, shape [height, width]; this one has shape {shape}"
        ).format(shape=list(shape))
    if dtype.scalar.kind == "b" or (dtype.scalar.kind in "iu" and np.iinfo(dtype.scalar).max < 255):
        return gettext(
            "a sample picture's gray values run from 0 to 255, more than a {type} "
            "holds; use uchar or a wider type"
        ).format(type=dtype.opencl_name)
    return None


def contents_problem(dtype: ElementType, init: Init) -> str | None:
    """Why `init` cannot fill elements of `dtype`; None when every value it makes fits.

    Checked before the worker makes the contents: numpy would wrap an integer that
    does not fit, turn a float into inf, or fail on nesting deeper than it allows.
    """
    params = init.params
    if init.kind == "fill":
        return _fit_problem(dtype, params["value"], None)
    if init.kind == "random":
        low, high = params.get("low", 0.0), params.get("high", 1.0)
        if dtype.scalar.kind in "iu":  # integers are drawn from int(low) to int(high) - 1
            low, high = int(low), int(high) - 1
        return _fit_problem(dtype, low, "low") or _fit_problem(dtype, high, "high")
    if init.kind == "normal":  # a mean is no element: integers are drawn around its whole part
        mean = params.get("mean", 0.0)
        if dtype.scalar.kind in "iu" and isinstance(mean, float):
            mean = int(mean)
        return _fit_problem(dtype, mean, "mean")
    if init.kind == "values":
        return _values_problem(dtype, params["values"])
    return None


def _values_problem(dtype: ElementType, values: object) -> str | None:
    """The first value that does not fit, or nesting deeper than MAX_DIMS (walked by levels)."""
    level, depth = [values], 0
    while any(isinstance(item, list) for item in level):
        depth += 1
        if depth > MAX_DIMS:
            return gettext(
                "the values are nested {depth} lists deep or more; at most {most} are allowed"
            ).format(depth=depth, most=MAX_DIMS)
        level = [inner for item in level for inner in (item if isinstance(item, list) else [item])]
    for index, number in enumerate(level):
        problem = _fit_problem(dtype, number, gettext("value {index}").format(index=index))
        if problem:
            return problem
    return None


def _fit_problem(dtype: ElementType, number: object, what: str | None) -> str | None:
    """Why `number` does not fit `dtype` (the one check, common.value_problem), led by
    `what` ("low", "value 3") when given."""
    if not isinstance(number, int | float) or isinstance(number, bool):
        return None  # the reader names values that are not numbers
    problem = value_problem(number, dtype.scalar, dtype.scalar.name)
    return problem if what is None or problem is None else f"{what}: {problem}"


def stream_for(seed: int, name: str) -> np.random.Generator:
    """A random stream per buffer, reproducible from the session seed and the buffer name."""
    return np.random.default_rng([seed, zlib.crc32(name.encode())])


def initial_contents(
    name: str, spec: BufferArg | ImageArg, seed: int, base_dir: Path | None
) -> np.ndarray:
    """The host array a buffer or an image starts from, shaped as the session describes it."""
    shape = spec.dtype.host_shape(spec.shape)
    dtype = spec.dtype.scalar
    init = spec.init
    kind, params = init.kind, init.params
    if kind in ("zeros", UNINITIALISED):  # an uninitialised buffer's host array is never sent
        return np.zeros(shape, dtype)
    if kind == "fields":
        return _struct_contents(name, spec, seed, base_dir)
    if kind == "ones":
        return np.ones(shape, dtype)
    if kind == "fill":
        return np.full(shape, params["value"], dtype)
    if kind == "arange":
        return np.arange(int(np.prod(shape)), dtype=np.float64).astype(dtype).reshape(shape)
    if kind == "random":
        rng = stream_for(seed, name)
        low, high = params.get("low", 0.0), params.get("high", 1.0)
        if dtype.kind in "iu":
            return rng.integers(int(low), int(high), size=shape, endpoint=False).astype(dtype)
        return rng.uniform(low, high, size=shape).astype(dtype)
    if kind == "normal":
        rng = stream_for(seed, name)
        return rng.normal(params.get("mean", 0.0), params.get("std", 1.0), size=shape).astype(dtype)
    if kind == "values":
        return _reshaped(name, np.array(params["values"], dtype), shape, dtype)
    if kind == "file":
        return _reshaped(name, _load_npy(name, params["path"], base_dir), shape, dtype)
    if kind == "image":
        problem = None if isinstance(spec, ImageArg) else picture_problem(spec.dtype, spec.shape)
        if problem is not None:
            raise ContentsError(_argument_problem(name, problem))
        try:
            return _picture(params["name"], spec)
        except ValueError as exc:
            raise ContentsError(_argument_problem(name, exc)) from None
    problem = gettext("unknown init kind {kind}").format(kind=repr(kind))
    raise ContentsError(_argument_problem(name, problem))


def _struct_contents(
    name: str, spec: BufferArg | ImageArg, seed: int, base_dir: Path | None
) -> np.ndarray:
    """A buffer of structs: each named field filled as a buffer of its own would be."""
    struct = spec.dtype.struct
    assert struct is not None and isinstance(spec, BufferArg)
    out = np.zeros(spec.shape, spec.dtype.scalar)
    _fill_fields(out, name, struct, spec.shape, spec.init, seed, base_dir)
    return out


def _fill_fields(
    out: np.ndarray,
    name: str,
    struct: StructType,
    shape: tuple[int, ...],
    init: Init,
    seed: int,
    base_dir: Path | None,
) -> None:
    """Each field `init` names, a nested struct's fields in turn; an array field has the
    shape of the buffer, then its own lengths."""
    for field_name, field_init in init.params["fields"].items():
        field = struct.field(field_name)
        assert field is not None
        field_shape = (*shape, *field.shape)
        where = f"{name}.{field_name}"
        if field.type.struct is not None:
            _fill_fields(
                out[field_name], where, field.type.struct, field_shape, field_init, seed, base_dir
            )
            continue
        part = BufferArg(field.type, field_shape, field_init)
        out[field_name] = initial_contents(where, part, seed, base_dir)


def _argument_problem(name: str, problem: object) -> str:
    return gettext("argument '{name}': {problem}").format(name=name, problem=problem)


def _picture(picture: str, spec: BufferArg | ImageArg) -> np.ndarray:
    """An image's pixels in its layout, or a 2-D buffer's gray values."""
    if isinstance(spec, ImageArg):
        return sample_image(picture, spec.width, spec.height, spec.order, spec.channel_type)
    height, width = spec.shape
    return sample_gray(picture, width, height, spec.dtype.scalar)


def _reshaped(name: str, data: np.ndarray, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    expected = int(np.prod(shape))
    if data.size != expected:
        raise ContentsError(
            gettext(
                "argument '{name}': the initial contents hold {count} values, "
                "but shape {shape} needs {needed}"
            ).format(name=name, count=data.size, shape=list(shape), needed=expected)
        )
    return np.ascontiguousarray(data.reshape(shape).astype(dtype, casting="unsafe"))


def _load_npy(name: str, path_text: str, base_dir: Path | None) -> np.ndarray:
    try:
        return load_array(path_text, base_dir)
    except NpyError as exc:
        raise ContentsError(_argument_problem(name, exc)) from None
