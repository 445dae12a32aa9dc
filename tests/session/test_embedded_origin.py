"""The session's `embedded_in` record: read, written, moved with the session, and refused
when wrong; sessions without it are written as before."""

import json
from pathlib import Path
from typing import Any

import pytest

from clstudio.session import (
    EmbeddedIn,
    SessionError,
    load_session,
    parse_session,
    save_session,
)
from clstudio.session.format import dumps_session
from session.session_data import kernel_data

SOURCE = "__kernel void k(__global float *a) { a[0] = 1.0f; }"
ORIGIN = {"file": "op.cc", "line": 9, "index": 4, "quoting": "raw", "sha256": "ab" * 32}


def data(**keys: Any) -> dict[str, Any]:
    return kernel_data(SOURCE, "k", [4], {}, **keys)


def test_the_record_is_read_and_written_back_unchanged(tmp_path: Path) -> None:
    session = parse_session(data(embedded_in=ORIGIN), tmp_path)
    assert session.embedded_in == EmbeddedIn("op.cc", 9, 4, "raw", "ab" * 32)
    assert session.embedded_in.path(session.base_dir) == tmp_path / "op.cc"
    assert json.loads(dumps_session(session))["embedded_in"] == ORIGIN


def test_a_session_without_it_is_written_as_before() -> None:
    assert "embedded_in" not in json.loads(dumps_session(parse_session(data())))


def test_saved_elsewhere_the_path_still_names_the_host_file(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "sessions").mkdir()
    session = parse_session(data(embedded_in={**ORIGIN, "file": "src/op.cc"}), tmp_path)
    save_session(session, tmp_path / "sessions" / "s.json")
    moved = load_session(tmp_path / "sessions" / "s.json")
    assert moved.embedded_in is not None and moved.embedded_in.file == "../src/op.cc"
    assert moved.embedded_in.path(moved.base_dir).resolve() == (tmp_path / "src" / "op.cc")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"quoting": "single"}, "embedded_in.quoting: expected one of raw, c, python, mixed"),
        ({"sha256": "XYZ"}, "embedded_in.sha256: expected 64 lowercase hexadecimal digits"),
        ({"line": 0}, "embedded_in.line: expected an integer from 1"),
        ({"file": ""}, "embedded_in.file:"),
        ({"extra": 1}, "embedded_in.extra: unknown key"),
    ],
)
def test_a_wrong_record_is_refused_naming_its_field(change: dict[str, Any], said: str) -> None:
    with pytest.raises(SessionError, match=said.replace("(", r"\(")):
        parse_session(data(embedded_in={**ORIGIN, **change}))
