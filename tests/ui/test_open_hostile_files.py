"""Opening a broken or hostile file in the window: always a message, and the open session kept;
and starting the window whatever the data folder holds: a bad file is set aside."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from clstudio.devices import DeviceInventory
from clstudio.ui.app import open_main_window
from clstudio.ui.backends import Backends
from clstudio.ui.document import Document
from clstudio.ui.main_window import MainWindow
from clstudio.ui.settings import AppSettings
from session.test_hostile_sessions import session
from ui.window_steps import click_dock_tab


def session_text(**changes: Any) -> str:
    """The hostile sessions' small session file, with `changes` at its top level."""
    return json.dumps(session(**changes))


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda p, title, text: shown.append((title, text)))
    return shown


def hostile_files(folder: Path) -> dict[str, tuple[Path, str]]:
    """Each hostile file, and a fragment of the message it must end in."""
    os.mkfifo(folder / "pipe.cl")
    os.mkfifo(folder / "pipe.json")
    files = {
        "a 400-digit timeout": (
            session_text(timeout_s="HUGE").replace('"HUGE"', "9" * 400),
            "timeout_s:",
        ),
        "a fill that does not fit": (
            session_text(
                args={
                    "a": {"kind": "buffer", "dtype": "uchar", "shape": [4], "init": {"fill": 300}}
                }
            ),
            "does not fit in uint8 (0 to 255)",
        ),
        "a FIFO as the source file": (
            session_text(source=None).replace('"source": null', '"source_file": "pipe.cl"'),
            "named pipe (FIFO)",
        ),
        "a key given twice": (session_text(seed=1)[:-1] + ', "seed": 2}', '"seed" appears twice'),
        "nesting deeper than Python parses": ("[" * 100_000 + "]" * 100_000, "not usable JSON"),
    }
    paths: dict[str, tuple[Path, str]] = {}
    for name, (text, fragment) in files.items():
        path = folder / f"{len(paths)}.json"
        path.write_text(text, encoding="utf-8")
        paths[name] = (path, fragment)
    paths["a FIFO as the session"] = (folder / "pipe.json", "named pipe (FIFO)")
    paths["a FIFO as a kernel file"] = (folder / "pipe.cl", "named pipe (FIFO)")
    return paths


def test_every_hostile_file_ends_in_a_message_and_keeps_the_session(
    make_window: Callable[..., MainWindow], warnings: list[tuple[str, str]], tmp_path: Path
) -> None:
    window = make_window()
    before = window.workbench.document.session
    for name, (path, fragment) in hostile_files(tmp_path).items():
        warnings.clear()
        assert not window.files.load(path), name
        assert len(warnings) == 1, name
        title, text = warnings[0]
        assert title == "Cannot open session", name
        assert fragment in text, (name, text)
        assert window.workbench.document.session == before, name


def test_a_reader_that_fails_unexpectedly_ends_in_a_message_too(
    make_window: Callable[..., MainWindow],
    warnings: list[tuple[str, str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = make_window()
    before = window.workbench.document.session

    def broken(cls: type[Document], path: Path) -> None:
        raise OverflowError("a reader's bug")

    monkeypatch.setattr(Document, "open", classmethod(broken))
    path = tmp_path / "session.json"
    path.write_text(session_text(), encoding="utf-8")
    assert not window.files.load(path)
    assert warnings[0][0] == "Cannot open session"
    assert "OverflowError: a reader's bug" in warnings[0][1]
    assert "The open session is kept" in warnings[0][1]
    assert window.workbench.document.session == before


@pytest.fixture
def reader_watch() -> Iterator[Callable[[Path], list[Path]]]:
    """Paths to watch: each one a reader blocked on (a FIFO opened for reading) is freed
    after a while and listed, so that a test of a hang fails instead of hanging."""
    watched: list[Path] = []
    blocked: list[Path] = []
    done = threading.Event()

    def free_readers() -> None:
        done.wait(8)
        while not done.is_set():
            for path in watched:
                try:
                    os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
                    blocked.append(path)  # someone was reading it: without this, forever
                except OSError:
                    pass  # no reader, or the FIFO was set aside
            done.wait(0.2)

    thread = threading.Thread(target=free_readers, daemon=True)
    thread.start()

    def watch(path: Path) -> list[Path]:
        watched.append(path)
        return blocked

    yield watch
    done.set()
    thread.join()


@pytest.mark.parametrize(
    "where", ["exercises/progress.json", "recovery/3f2a.json", "clstudio-data/peaks.json"]
)
@pytest.mark.parametrize("kind", ["a FIFO", "damaged"])
def test_the_window_appears_whatever_is_in_the_data_folder_and_sets_a_bad_file_aside(
    qtbot: QtBot,
    settings: AppSettings,
    inventory: DeviceInventory,
    tmp_path: Path,
    reader_watch: Callable[[Path], list[Path]],
    where: str,
    kind: str,
) -> None:
    path = tmp_path / where
    path.parent.mkdir(parents=True)
    if kind == "a FIFO":
        os.mkfifo(path)
    elif where.startswith("recovery"):
        damaged = {"format": "clstudio-recovery", "source": "x", "saved_at": 1e300}
        path.write_text(json.dumps(damaged), encoding="utf-8")
    elif where.startswith("exercises"):
        damaged = {"format": "clstudio-exercise-progress", "version": 1, "exercises": 5}
        path.write_text(json.dumps(damaged), encoding="utf-8")
    else:
        path.write_text('{"format": "clstudio-peak-store", "version": 1, "measurements": 5}')
    blocked = reader_watch(path)
    window = open_main_window(None, settings, lambda: inventory, Backends.in_process())
    qtbot.addWidget(window, before_close_func=lambda w: w.workbench.document.mark_clean())
    assert window.isVisible()
    if where.startswith("exercises"):  # read when the learner first opens the exercises
        click_dock_tab(qtbot, window, "Exercises")
    qtbot.waitUntil(lambda: not path.exists(), timeout=10_000)
    assert blocked == []
    (copy,) = path.parent.glob(f"{path.name}.damaged-*")
    assert copy.is_fifo() == (kind == "a FIFO")
    assert f"it was set aside as {copy.name}" in window.statusBar().currentMessage()
