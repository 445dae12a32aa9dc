"""The open document's rules, without Qt: names, unsaved changes, saving and opening."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from clstudio.devices.selector import DeviceSelector
from clstudio.session.format import SessionError, load_session
from clstudio.ui.document import Document, starter_session


def test_a_new_document_is_an_untitled_working_session() -> None:
    document = Document.new()
    assert document.name == "Untitled"
    assert document.path is None and not document.dirty
    session = document.session
    assert session.kernel == "vadd" and "__kernel void vadd" in session.source
    assert set(session.args) == {"a", "b", "c"}
    assert session.references["c"].expr == "a + b"


def test_a_document_is_dirty_only_while_its_session_differs_from_the_saved_one() -> None:
    document = Document.new()
    original = document.session
    document.session = replace(original, source=original.source)
    assert not document.dirty
    document.session = replace(original, device=DeviceSelector("Portable", "cpu"))
    assert document.dirty
    document.session = replace(original)
    assert not document.dirty  # back to what was saved


def test_save_and_open_round_trip(tmp_path: Path) -> None:
    document = Document.new()
    document.session = replace(document.session, source=document.session.source + "\n// saved\n")
    path = document.save(tmp_path / "one.json")
    assert path == (tmp_path / "one.json").resolve()
    assert document.name == "one.json" and not document.dirty
    opened = Document.open(tmp_path / "one.json")
    assert opened.session.source == document.session.source
    assert opened.session.args == document.session.args
    assert opened.path == path and not opened.dirty


def test_an_untitled_document_needs_a_path() -> None:
    with pytest.raises(ValueError, match="needs a path"):
        Document.new().save()


def test_a_copy_of_a_file_is_untitled_and_never_overwrites_it(tmp_path: Path) -> None:
    original = Document.new()
    original.save(tmp_path / "example.json")
    copy = Document.copy_of(tmp_path / "example.json", "Vector add (example)")
    assert copy.path is None
    assert copy.name == "Vector add (example)"
    with pytest.raises(ValueError):
        copy.save()


def test_opening_a_broken_file_raises_a_readable_session_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(SessionError, match=r"bad\.json"):
        Document.open(path)


def test_the_starter_session_survives_a_file_round_trip(tmp_path: Path) -> None:
    document = Document(starter_session())
    document.save(tmp_path / "s.json")
    assert load_session(tmp_path / "s.json").global_size == (1024,)


def test_the_document_module_does_not_load_qt() -> None:
    code = (
        "import sys, clstudio.ui.document; print(any(m.startswith('PySide6') for m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_a_kernel_file_written_with_cluda_opens_on_its_first_kernel(tmp_path: Path) -> None:
    """pyopencl's cluda preamble: `#define KERNEL __kernel`, then `KERNEL void k(...)`."""
    path = tmp_path / "scale.cl"
    path.write_text(
        "#define KERNEL __kernel\n#define GLOBAL_MEM __global\n"
        "void helper(void) {}\n"
        "KERNEL void scale(GLOBAL_MEM float *a) { a[get_global_id(0)] *= 2.0f; }\n"
    )
    assert Document.from_kernel_file(path).session.kernel == "scale"
