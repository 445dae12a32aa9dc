"""Autosave to a recovery file, and finding it again after a crash or a kill."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from pytestqt.qtbot import QtBot

from clstudio.session import load_session
from clstudio.ui.app import recovered_session
from clstudio.ui.editor.recovery import RecoveryStore, read_recovery

SOURCE = "__kernel void f(__global float *a) { a[0] = 42.0f; }\n"


def test_edits_are_written_only_when_changed(qtbot: QtBot, tmp_path: Path) -> None:
    store = RecoveryStore(tmp_path)
    assert store.flush()
    assert not store.path.exists(), "nothing edited, nothing written"
    store.record(SOURCE, Path("/sessions/f.json"))
    assert store.flush()
    data = json.loads(store.path.read_text())
    assert data["source"] == SOURCE
    assert data["session_path"] == str(Path("/sessions/f.json"))
    assert data["saved_at"] > 0
    written = store.path.stat().st_mtime_ns
    assert store.flush() and store.path.stat().st_mtime_ns == written
    store.discard()


def test_the_timer_autosaves(qtbot: QtBot, tmp_path: Path) -> None:
    store = RecoveryStore(tmp_path, interval_ms=20)
    store.record(SOURCE)
    qtbot.waitUntil(store.path.exists)
    recovered = read_recovery(store.path)
    assert recovered is not None and recovered.source == SOURCE
    store.discard()


def test_a_killed_editor_leaves_edits_the_next_start_finds(qtbot: QtBot, tmp_path: Path) -> None:
    store = RecoveryStore(tmp_path)
    store.record(SOURCE, Path("/sessions/f.json"))
    store.flush()
    del store  # "killed": gone without discard()

    again = RecoveryStore(tmp_path)
    found = again.pending_recovery()
    assert found is not None
    assert found.source == SOURCE
    assert found.session_path == Path("/sessions/f.json")
    again.forget(found)
    assert again.pending_recovery() is None
    assert list(tmp_path.iterdir()) == []


def test_a_clean_exit_leaves_nothing_to_recover(qtbot: QtBot, tmp_path: Path) -> None:
    store = RecoveryStore(tmp_path)
    store.record(SOURCE)
    store.flush()
    store.discard()
    del store
    assert RecoveryStore(tmp_path).pending_recovery() is None


def test_a_running_editors_file_is_not_offered_to_another(qtbot: QtBot, tmp_path: Path) -> None:
    running = RecoveryStore(tmp_path)
    running.record(SOURCE)
    running.flush()
    assert RecoveryStore(tmp_path).pending_recovery() is None
    running.discard()


def test_the_newest_of_several_is_offered_first(qtbot: QtBot, tmp_path: Path) -> None:
    for text in ("old", "new"):
        store = RecoveryStore(tmp_path)
        store.record(text)
        store.flush()
        del store
    again = RecoveryStore(tmp_path)
    first = again.pending_recovery()
    assert first is not None
    assert first.source == "new"
    again.forget(first)
    pending = again.pending_recovery()
    assert pending is not None and pending.source == "old"


def test_a_damaged_file_is_not_offered(qtbot: QtBot, tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text('{"format": "clstudio-recovery", "sou')
    assert RecoveryStore(tmp_path).pending_recovery() is None


def test_a_failed_write_is_reported_and_the_edits_kept(qtbot: QtBot, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    store = RecoveryStore(blocker)
    store.record(SOURCE)
    with qtbot.waitSignal(store.failed) as failed:
        assert not store.flush()
    assert "Autosave" in failed.args[0]
    assert store.has_unsaved()


CRASHING_EDITOR = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from PySide6.QtCore import QCoreApplication
    from clstudio.ui.editor.recovery import RecoveryStore

    app = QCoreApplication([])
    store = RecoveryStore(Path(sys.argv[1]))
    store.record(sys.argv[2])
    store.flush()
    os._exit(9)  # no clean-up at all, as in a crash
    """
)


def test_edits_survive_a_real_crash_of_another_process(qtbot: QtBot, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", CRASHING_EDITOR, str(tmp_path), SOURCE],
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 9, done.stderr
    assert list(tmp_path.glob("*.lock")), "the crashed editor's lock is still there"
    store = RecoveryStore(tmp_path)
    found = store.pending_recovery()
    assert found is not None and found.source == SOURCE
    store.forget(found)


def test_each_source_parts_edits_come_back(qtbot: QtBot, tmp_path: Path) -> None:
    """A file part's edits are not in the session's JSON (it names the file): the recovery
    keeps every part's text, and the recovered session holds them."""
    (tmp_path / "k.cl").write_text("__kernel void k(__global real *a) {}\n")
    path = tmp_path / "s.json"
    path.write_text(
        json.dumps(
            {
                "format": "clstudio-session",
                "version": 1,
                "kernel": "k",
                "global_size": [1],
                "source_parts": [{"text": "typedef float real;\n"}, {"file": "k.cl"}],
            }
        )
    )
    edited_kernel = "__kernel void k(__global real *a) { a[0] = 1; }\n"
    session = load_session(path).with_part_texts(("typedef float real;\n", edited_kernel))
    store = RecoveryStore(tmp_path / "recovery")
    store.record(session.source, path, session)
    assert store.flush()
    recovery = read_recovery(store.path)
    assert recovery is not None and recovery.parts[1] == edited_kernel
    recovered = recovered_session(recovery, load_session(path))
    assert recovered.source_parts == session.source_parts and recovered.source == session.source
    store.discard()
