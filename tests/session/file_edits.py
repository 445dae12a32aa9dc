"""Edits of a session file's JSON at a dotted path, for tests that break one key at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Edit = Callable[[dict[str, Any]], None]


def _parent(data: dict[str, Any], path: str) -> tuple[Any, str]:
    *parents, last = path.split(".")
    node: Any = data
    for key in parents:
        node = node[key]
    return node, last


def set_key(path: str, value: Any) -> Edit:
    """An edit that sets `path` ("args.dst.shape") to `value`."""

    def mutate(data: dict[str, Any]) -> None:
        node, last = _parent(data, path)
        node[last] = value

    return mutate


def drop_key(path: str) -> Edit:
    """An edit that removes `path`."""

    def mutate(data: dict[str, Any]) -> None:
        node, last = _parent(data, path)
        del node[last]

    return mutate
