"""A session naming a file outside its folder (issue 44): `source_parts` or `source_file`
given as an absolute path, as `../`, or through a symbolic link out. Sessions travel
between learners, so such a file is read and run, but Save never writes to it: left as it
was it is not written, changed it refuses the save by name; Save As writes beside the
new session file as always.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from clstudio.session import Session, SessionError, load_session, save_session

KERNEL = "__kernel void k(__global float *a)\n{\n    a[0] = 1.0f;\n}\n"
CHANGED = KERNEL.replace("1.0f", "2.0f")


def session_naming(folder: Path, key: str, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    data: dict[str, object] = {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "k",
        "global_size": [1],
    }
    if key == "source_parts":
        data["source_parts"] = [{"text": "// header"}, {"file": name}]
    else:
        data["source_file"] = name
    path = folder / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def edited(session: Session) -> Session:
    if session.source_parts:
        return session.with_part_texts((session.source_parts[0].text, CHANGED))
    return replace(session, source=CHANGED)


@pytest.fixture(params=["absolute", "dot-dot", "symlink"])
def outside(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, str]:
    """The file outside the session's folder, and the name the session gives it."""
    target = tmp_path / "elsewhere" / "precious.cl"
    target.parent.mkdir()
    target.write_text(KERNEL, encoding="utf-8")
    if request.param == "absolute":
        return target, str(target)
    if request.param == "dot-dot":
        return target, "../elsewhere/precious.cl"
    (tmp_path / "session").mkdir()
    (tmp_path / "session" / "link.cl").symlink_to(target)
    return target, "link.cl"


@pytest.fixture(params=["source_parts", "source_file"])
def key(request: pytest.FixtureRequest) -> str:
    """How the session names its kernel's file: one of its parts, or its source_file."""
    name: str = request.param
    return name


@pytest.fixture
def naming(tmp_path: Path, outside: tuple[Path, str], key: str) -> tuple[Path, Path]:
    """The file outside, and a session in tmp_path/session that names it under `key`."""
    target, name = outside
    return target, session_naming(tmp_path / "session", key, name)


def test_a_file_outside_is_read_and_saved_around_when_left_as_it_was(
    naming: tuple[Path, Path],
) -> None:
    target, path = naming
    session = load_session(path)
    assert KERNEL in session.source
    save_session(replace(session, description="mine"), path, came_from=path)
    assert target.read_text(encoding="utf-8") == KERNEL
    again = load_session(path)
    assert again.description == "mine" and KERNEL in again.source


def test_a_change_to_a_file_outside_refuses_the_save_by_name(
    naming: tuple[Path, Path], key: str
) -> None:
    target, path = naming
    before = path.read_bytes()
    with pytest.raises(SessionError) as refused:
        save_session(edited(load_session(path)), path, came_from=path)
    said = str(refused.value)
    where = "source_parts[1]" if key == "source_parts" else "source_file"
    assert said.startswith(f"{where}: ") and "outside the session's folder" in said
    assert "Save As" in said
    assert target.read_text(encoding="utf-8") == KERNEL
    assert path.read_bytes() == before  # nothing written at all


def test_save_as_writes_the_change_beside_the_new_session(
    tmp_path: Path, naming: tuple[Path, Path], key: str
) -> None:
    target, path = naming
    copy = tmp_path / "session" / "copy.json"
    saved = save_session(edited(load_session(path)), copy, came_from=path)
    assert target.read_text(encoding="utf-8") == KERNEL
    beside = "copy.2.cl" if key == "source_parts" else "copy.cl"
    assert (copy.parent / beside).read_text(encoding="utf-8") == CHANGED
    assert CHANGED in load_session(copy).source == saved.source


def test_a_file_in_a_folder_below_the_session_is_written_back(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "k.cl").write_text(KERNEL, encoding="utf-8")
    path = session_naming(tmp_path, "source_parts", "lib/k.cl")
    save_session(edited(load_session(path)), path, came_from=path)
    assert (tmp_path / "lib" / "k.cl").read_text(encoding="utf-8") == CHANGED
