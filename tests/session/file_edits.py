"""Edits of a session file's JSON at a dotted path, for tests that break one key at a time."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from clstudio.session.format import SessionError, parse_session

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


def refusal(data: dict[str, Any], edit: Edit, folder: Path) -> str:
    """What the reader says of a copy of `data` broken by `edit`; fails if it reads it."""
    broken = copy.deepcopy(data)
    edit(broken)
    with pytest.raises(SessionError) as caught:
        parse_session(broken, folder)
    return str(caught.value)
