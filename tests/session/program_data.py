"""A program of several launches as its session file holds it, for tests that write one."""

from __future__ import annotations

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
