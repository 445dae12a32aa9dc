"""Sessions as their files hold them, for tests that write one: a kernel's, the scale-by-two
session the stepping tests run, a program of several launches, a session saved as a file,
a session beside its .cl file."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def float_buffer(length: int, **fields: Any) -> dict[str, Any]:
    """A float32 buffer argument of `length` elements, with `fields` such as init or access."""
    return {"kind": "buffer", "dtype": "float32", "shape": [length], **fields}


def program_data(
    source: str,
    length: int,
    launches: list[Any],
    references: dict[str, Any],
    **args: dict[str, Any],
) -> dict[str, Any]:
    """A session's data running `launches` of `source`'s kernels: float buffers of `length`
    a (0, 1, 2...) plus b (ones) into c, then `args`."""
    return {
        "format": "clstudio-session",
        "version": 1,
        "source": source,
        "args": {
            "a": float_buffer(length, init="arange"),
            "b": float_buffer(length, init="ones"),
            "c": float_buffer(length, access="out"),
            **args,
        },
        "launches": launches,
        "references": references,
    }


def kernel_data(
    source: str, kernel: str, global_size: Sequence[int | str], args: dict[str, Any], **keys: Any
) -> dict[str, Any]:
    """A one-launch session's data: `kernel` of `source` over `global_size` with `args`;
    `keys` add or replace other entries (references, local_size...)."""
    return {
        "format": "clstudio-session",
        "version": 1,
        "kernel": kernel,
        "source": source,
        "global_size": list(global_size),
        "args": args,
        **keys,
    }


def scale_data(source: str, **keys: Any) -> dict[str, Any]:
    """A session's data running kernel `scale(x, by)` of `source` on 1000 floats x (0, 1,
    2...) by 2, checked against x * by; `keys` add or replace other entries."""
    args = {
        "x": float_buffer(1000, init="arange"),
        "by": {"kind": "scalar", "value": 2.0},
    }
    return kernel_data(source, "scale", [1000], args, references={"x": {"expr": "x * by"}}, **keys)


def saved_session(path: Path, data: dict[str, Any]) -> Path:
    """`data` written as the session file `path`; that path, for the command or window that
    opens it."""
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def file_session(folder: Path, name: str, kernel: str, source: str, **keys: Any) -> Path:
    """`source` written to `name`.cl in `folder` and a session of `kernel` that names it as
    its source_file to `name`.json (`keys`: sizes, global_size, args...); the session's path."""
    (folder / f"{name}.cl").write_text(source)
    data = {
        "format": "clstudio-session",
        "version": 1,
        "kernel": kernel,
        "source_file": f"{name}.cl",
        **keys,
    }
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data, indent=2))
    return path
