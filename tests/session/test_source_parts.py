"""A session's program in source parts: read, mapped line by line, saved and written back."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from clstudio.session import (
    SessionError,
    SourceMap,
    SourcePart,
    load_session,
    plan_save,
    save_session,
)
from clstudio.session.format import dumps_session

HEADER = "typedef float real;\n#define T float"  # no line break at its end
KERNEL = "__kernel void k(__global real *a, T f)\n{\n    a[0] = f;\n}\n"


def write(folder: Path, **changes: Any) -> Path:
    (folder / "k.cl").write_text(KERNEL, encoding="utf-8")
    data = {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "k",
        "global_size": [1],
        "source_parts": [{"text": HEADER}, {"file": "k.cl"}],
    } | changes
    path = folder / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_program_is_the_parts_joined_each_on_lines_of_its_own(tmp_path: Path) -> None:
    session = load_session(write(tmp_path))
    assert session.source == HEADER + "\n" + KERNEL
    assert session.source_parts == (SourcePart(HEADER), SourcePart(KERNEL, "k.cl"))
    assert session.source_file is None
    places = session.source_map
    assert [places.locate(line) for line in (1, 2, 3, 5)] == [(0, 1), (0, 2), (1, 1), (1, 3)]
    assert places.joined_line(1, 3) == 5 and places.lines_of(1) == range(3, 7)
    assert places.place(5, "ignored") == "k.cl:3" and places.place(1, "") == "part 1:1"
    assert places.part_named("k.cl") == 1 and places.part_named("2") == 1
    assert places.part_named("part 1") == 0 and places.part_named("x.h") is None


def test_an_empty_part_holds_no_line_and_one_text_maps_to_itself() -> None:
    places = SourceMap((SourcePart("a\n"), SourcePart(""), SourcePart("b\nc\n")))
    assert [places.locate(line) for line in (1, 2, 3)] == [(0, 1), (2, 1), (2, 2)]
    whole = SourceMap(())
    assert not whole.is_split and whole.locate(7) == (0, 7)
    assert whole.place(7, "vadd.cl") == "vadd.cl:7"


def test_edited_parts_keep_the_program_their_join(tmp_path: Path) -> None:
    session = load_session(write(tmp_path))
    edited = session.with_part_texts(("typedef double real;\n", KERNEL))
    assert edited.source == "typedef double real;\n" + KERNEL
    with pytest.raises(ValueError, match="join of its parts"):
        type(session)(**{**session.__dict__, "source": "something else"})


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"source": "x"}, "source: give exactly one of source"),
        ({"source_parts": []}, "source_parts: expected a list of 1 to 64 parts"),
        ({"source_parts": [{"text": "a", "file": "k.cl"}]}, "give exactly one of text and file"),
        ({"source_parts": [{"text": 3}]}, "source_parts[0].text: expected a string"),
        ({"source_parts": [{"name": "a"}]}, "source_parts[0].name: unknown key"),
        ({"source_parts": [{"file": "gone.cl"}]}, "source_parts[0].file: cannot read gone.cl"),
    ],
)
def test_a_part_that_cannot_be_read_is_refused_naming_it(
    tmp_path: Path, changes: dict[str, Any], said: str
) -> None:
    with pytest.raises(SessionError) as refused:
        load_session(write(tmp_path, **changes))
    assert said in str(refused.value)


def test_saving_writes_file_parts_back_or_beside_a_new_session(tmp_path: Path) -> None:
    path = write(tmp_path)
    session = load_session(path).with_part_texts((HEADER, KERNEL.replace("f;", "2 * f;")))
    save_session(session, path, came_from=path)
    assert (tmp_path / "k.cl").read_text(encoding="utf-8") == session.source_parts[1].text
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["source_parts"] == [{"text": HEADER}, {"file": "k.cl"}]
    assert "source" not in saved and "source_file" not in saved

    elsewhere = tmp_path / "other" / "mine.json"
    plan = plan_save(session, elsewhere, came_from=path)
    assert plan.part_paths == ((elsewhere.parent / "mine.2.cl", session.source_parts[1].text),)
    save_session(session, elsewhere, came_from=path)
    again = load_session(elsewhere)
    assert again.source == session.source and again.source_parts[1].file == "mine.2.cl"
    assert dumps_session(again).count('"file"') == 1

    (elsewhere.parent / "mine.2.cl").write_text("someone else's", encoding="utf-8")
    assert plan_save(session, elsewhere, came_from=path).would_replace == (
        elsewhere.parent / "mine.2.cl",
    )
    with pytest.raises(SessionError, match="would replace"):
        save_session(session, elsewhere, came_from=path)


def test_saving_in_place_writes_no_file_part_left_as_it_was(tmp_path: Path) -> None:
    """A save writes only what changed: a part file the user did not edit is not rewritten,
    whatever file a session names as its part."""
    path = write(tmp_path)
    part = tmp_path / "k.cl"
    part.chmod(0o444)  # a rewrite would have to replace it
    before = part.stat()
    session = load_session(path)
    assert plan_save(session, path, came_from=path).part_paths == ()
    save_session(replace(session, description="renamed"), path, came_from=path)
    after = part.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _loop(path: Path) -> None:
    path.symlink_to(path.name)


def _huge(path: Path) -> None:
    with path.open("wb") as stream:
        stream.truncate(2**30)  # 1 GiB, sparse: measured, never read


def _binary(path: Path) -> None:
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00\xff\xfe")


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (_fifo, "p.cl is a named pipe (FIFO), not a regular file"),
        (_loop, "Too many levels of symbolic links"),
        (_huge, "the file holds 1073741824 bytes, more than the 64 MiB limit"),
        (_binary, "p.cl is not UTF-8 text (bad byte at offset 8)"),
    ],
)
def test_a_hostile_part_file_is_refused_unread_naming_it(
    tmp_path: Path, make: Callable[[Path], None], said: str
) -> None:
    make(tmp_path / "p.cl")
    with pytest.raises(SessionError) as refused:
        load_session(write(tmp_path, source_parts=[{"file": "p.cl"}, {"file": "k.cl"}]))
    assert "source_parts[0].file" in str(refused.value) and said in str(refused.value)


def test_parts_too_many_or_too_large_together_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SessionError, match=r"1 to 64 parts.*got a list of 10000"):
        load_session(write(tmp_path, source_parts=[{"text": "// x"}] * 10_000))
    (tmp_path / "half.cl").write_text("//" + "x" * 40 * 2**20 + "\n", encoding="utf-8")
    twice = [{"file": "half.cl"}, {"file": "half.cl"}, {"file": "k.cl"}]
    with pytest.raises(SessionError) as refused:
        load_session(write(tmp_path, source_parts=twice))
    assert "source_parts[1]: the parts up to this one hold" in str(refused.value)
    assert "more than the 64 MiB a program may hold" in str(refused.value)
