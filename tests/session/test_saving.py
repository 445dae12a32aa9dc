"""Saving writes the files the user named, and asks before replacing any other."""

import os
from pathlib import Path

import pytest

from clstudio.session import (
    Session,
    SessionError,
    load_session,
    parse_session,
    plan_save,
    save_session,
)
from session.session_data import file_session

SOURCE = "__kernel void vadd(__global float *a) { a[get_global_id(0)] += 1.0f; }\n"


@pytest.fixture
def opened(tmp_path: Path) -> tuple[Path, Session]:
    """A session opened from lesson/vadd.json, whose source is lesson/vadd.cl."""
    folder = tmp_path / "lesson"
    folder.mkdir()
    path = file_session(
        folder,
        "vadd",
        "vadd",
        SOURCE,
        global_size=[4],
        args={"a": {"kind": "buffer", "dtype": "float32", "shape": [4]}},
    )
    return path, load_session(path)


def test_save_as_never_touches_a_cl_file_of_the_kernels_name(
    tmp_path: Path, opened: tuple[Path, Session]
) -> None:
    path, session = opened
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "vadd.cl").write_text("// PRECIOUS\n")

    saved = save_session(session, other / "x.json", came_from=path)

    assert (other / "vadd.cl").read_text() == "// PRECIOUS\n"
    assert (other / "x.cl").read_text() == SOURCE
    assert saved.source_file == "x.cl"
    assert load_session(other / "x.json").source == SOURCE


def test_a_file_in_the_way_is_named_before_anything_is_written(
    tmp_path: Path, opened: tuple[Path, Session]
) -> None:
    path, session = opened
    (tmp_path / "x.cl").write_text("// PRECIOUS\n")

    plan = plan_save(session, tmp_path / "x.json", came_from=path)
    assert plan.would_replace == (tmp_path / "x.cl",)
    with pytest.raises(SessionError, match=r"would replace .*x\.cl"):
        save_session(session, tmp_path / "x.json", came_from=path)

    assert (tmp_path / "x.cl").read_text() == "// PRECIOUS\n"
    assert not (tmp_path / "x.json").exists()


def test_replacing_is_possible_when_asked(tmp_path: Path, opened: tuple[Path, Session]) -> None:
    path, session = opened
    (tmp_path / "x.cl").write_text("// old\n")
    save_session(session, tmp_path / "x.json", came_from=path, replace_others=True)
    assert (tmp_path / "x.cl").read_text() == SOURCE


def test_a_file_already_holding_the_source_is_not_in_the_way(
    tmp_path: Path, opened: tuple[Path, Session]
) -> None:
    path, session = opened
    (tmp_path / "x.cl").write_text(SOURCE)
    assert plan_save(session, tmp_path / "x.json", came_from=path).would_replace == ()


def test_saving_where_it_came_from_writes_its_own_source(opened: tuple[Path, Session]) -> None:
    path, session = opened
    from dataclasses import replace

    edited = replace(session, source="// edited\n" + SOURCE)
    plan = plan_save(edited, path, came_from=path)
    assert plan.would_replace == () and plan.source_path == path.parent / "vadd.cl"
    save_session(edited, path, came_from=path)
    assert (path.parent / "vadd.cl").read_text() == "// edited\n" + SOURCE


def test_a_fifo_in_the_way_is_named_not_read(tmp_path: Path, opened: tuple[Path, Session]) -> None:
    path, session = opened
    os.mkfifo(tmp_path / "x.cl")
    plan = plan_save(session, tmp_path / "x.json", came_from=path)  # would hang if read
    assert plan.would_replace == (tmp_path / "x.cl",)


def test_a_session_with_its_source_inside_writes_one_file(tmp_path: Path) -> None:
    data = {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "vadd",
        "source": SOURCE,
        "global_size": [4],
    }
    plan = plan_save(parse_session(data), tmp_path / "s.json")
    assert plan.source_path is None and plan.would_replace == ()
