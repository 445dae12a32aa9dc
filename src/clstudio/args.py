"""Kernel argument specifications and the initial contents of buffers."""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from clstudio.dtypes import ElementType

INIT_KINDS = ("zeros", "ones", "arange", "fill", "random", "normal", "values", "file")
ACCESS_MODES = ("in", "out", "inout")


class ContentsError(ValueError):
    """Initial contents that cannot be produced (a bad file, a wrong number of values)."""


@dataclass(frozen=True)
class Init:
    """How a buffer is filled before each launch: one of INIT_KINDS and its parameters.

    fill: {"value"}; random: {"low", "high"}; normal: {"mean", "std"};
    values: {"values": nested list}; file: {"path": relative to the session}.
    """

    kind: str = "zeros"
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class BufferArg:
    """A `__global` or `__constant` pointer argument backed by a device buffer."""

    dtype: ElementType
    shape: tuple[int, ...]
    init: Init = Init()
    access: str | None = None  # None: "in" for a const pointer, "inout" otherwise
    kind: str = field(default="buffer", init=False)

    @property
    def count(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def nbytes(self) -> int:
        return self.count * self.dtype.itemsize


@dataclass(frozen=True)
class ScalarArg:
    """A by-value argument; its type comes from the kernel signature.

    A vector scalar (`float4 v`) takes a tuple of values.
    """

    value: int | float | tuple[int | float, ...]
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


ArgSpec = BufferArg | ScalarArg | LocalArg


def stream_for(seed: int, name: str) -> np.random.Generator:
    """A random stream per buffer, reproducible from the session seed and the buffer name."""
    return np.random.default_rng([seed, zlib.crc32(name.encode())])


def initial_contents(name: str, spec: BufferArg, seed: int, base_dir: Path | None) -> np.ndarray:
    """The host array a buffer starts from, shaped as the session describes it."""
    shape = spec.dtype.host_shape(spec.shape)
    dtype = spec.dtype.scalar
    init = spec.init
    kind, params = init.kind, init.params
    if kind == "zeros":
        return np.zeros(shape, dtype)
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
        return _reshaped(name, np.asarray(params["values"]), shape, dtype)
    if kind == "file":
        return _reshaped(name, _load_npy(name, params["path"], base_dir), shape, dtype)
    raise ContentsError(f"argument '{name}': unknown init kind {kind!r}")


def _reshaped(name: str, data: np.ndarray, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    expected = int(np.prod(shape))
    if data.size != expected:
        raise ContentsError(
            f"argument '{name}': the initial contents hold {data.size} values, "
            f"but shape {list(shape)} needs {expected}"
        )
    return np.ascontiguousarray(data.reshape(shape).astype(dtype, casting="unsafe"))


def _load_npy(name: str, path_text: str, base_dir: Path | None) -> np.ndarray:
    path = Path(path_text)
    if not path.is_absolute() and base_dir is not None:
        path = base_dir / path
    try:
        # Pickled object arrays could run code from a shared file: refuse them.
        data = np.load(path, allow_pickle=False)
    except FileNotFoundError:
        raise ContentsError(f"argument '{name}': file not found: {path}") from None
    except (ValueError, OSError) as exc:
        raise ContentsError(f"argument '{name}': cannot read {path} as .npy: {exc}") from None
    if not isinstance(data, np.ndarray):
        data.close()
        raise ContentsError(
            f"argument '{name}': {path} holds several arrays; save one with np.save"
        )
    return data
