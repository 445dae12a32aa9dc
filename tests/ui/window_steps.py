"""The steps a user takes in most window tests: open a gallery session or a kernel file and
wait for its form, type over a field, press F5 and wait for the run, answer a question."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from clstudio.common.results import RunResult
from clstudio.ui.args import ArgsPanel
from clstudio.ui.main_window import MainWindow

KERNELS = Path(__file__).resolve().parents[2] / "kernels"
# How long a new window may take to be ready; waiting ends as soon as it is.
WINDOW_READY_MS = 120_000
# A .cl file of two kernels, for the tests that pick or launch the second.
TWO_KERNELS = """\
__kernel void fill(__global float *out, const float value) {
    out[get_global_id(0)] = value;
}
__kernel void scale(__global const float *src, __global float *dst, const float k) {
    size_t i = get_global_id(0);
    dst[i] = k * src[i];
}
"""


def open_gallery(
    qtbot: QtBot, window: MainWindow, name: str, launches: int | None = None
) -> ArgsPanel:
    """Open gallery session `name` as File > Open Example does, and wait for its form (for
    a program, for its `launches` launch cards)."""
    assert window.files.open_example(KERNELS / f"{name}.json", name)
    if launches is not None:
        launched = window.arguments_panel.launches
        qtbot.waitUntil(lambda: len(launched.cards) == launches, timeout=30_000)
        return window.arguments_panel
    return form_of(qtbot, window)


def wait_for_devices(qtbot: QtBot, window: MainWindow) -> None:
    """Until the window's device discovery has ended. The events flow meanwhile, so the
    window paints, which discovery and the first build wait for (ui/first_paint.py): a
    test that blocked instead waited out their limit."""
    running = window.devices.discovery.is_running
    # The first window of a process imports and builds the most: on a loaded machine
    # (tests in parallel) pytest-qt's default 5 s was not enough.
    qtbot.waitUntil(lambda: not running(), timeout=WINDOW_READY_MS)


def open_file(qtbot: QtBot, window: MainWindow, path: Path) -> ArgsPanel:
    """Open the session or kernel file `path` as File > Open does, and wait for its form."""
    assert window.files.load(path)
    return form_of(qtbot, window)


def open_kernel(qtbot: QtBot, window: MainWindow, path: Path, source: str) -> ArgsPanel:
    """Write `source` to the .cl file `path`, open it and wait for its form."""
    path.write_text(source)
    return open_file(qtbot, window, path)


def form_of(qtbot: QtBot, window: MainWindow) -> ArgsPanel:
    """The window's arguments form, once it shows the kernel's arguments."""
    panel = window.arguments_panel
    qtbot.waitUntil(lambda: not panel.is_empty(), timeout=30_000)
    return panel


def retype(qtbot: QtBot, field: QLineEdit, text: str) -> None:
    """Select what the field holds and type over it, as a user would."""
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)


def run_with_f5(qtbot: QtBot, window: MainWindow, timeout_ms: int = 60_000) -> RunResult:
    """Press F5 as the user does (shortcuts reach the active window only) and wait for the
    run's result."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    with qtbot.waitSignal(window.runner.finished, timeout=timeout_ms) as finished:
        qtbot.keyClick(window, Qt.Key.Key_F5)
    result = finished.args[1]
    assert isinstance(result, RunResult)
    return result


def answer_questions(
    monkeypatch: pytest.MonkeyPatch, button: QMessageBox.StandardButton
) -> list[str]:
    """Answer every question box with `button`, as the user clicks it; returns the texts of
    the questions asked, in order."""
    asked: list[str] = []

    def question(
        parent: QWidget | None,
        title: str,
        text: str,
        buttons: QMessageBox.StandardButton,
        default: QMessageBox.StandardButton,
    ) -> QMessageBox.StandardButton:
        asked.append(text)
        return button

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def press_in_tab(
    qtbot: QtBot, window: MainWindow, tab: QWidget, button: QWidget, finished: SignalInstance
) -> None:
    """Bring `tab` of the Results area to the front, click its `button` and wait for its
    `finished` signal (a measurement on Oclgrind or a compile may take minutes)."""
    window.results_panel.setCurrentWidget(tab)
    with qtbot.waitSignal(finished, timeout=180_000):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def click_tab(qtbot: QtBot, bars: Iterator[QTabBar], text: str) -> None:
    """Click the tab called `text`, as the user does, on whichever bar shows it."""
    for bar in bars:
        for index in range(bar.count()):
            if bar.isVisible() and bar.tabText(index) == text:
                qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
                return
    raise AssertionError(f"no tab {text!r} in view")


def click_dock_tab(qtbot: QtBot, window: MainWindow, text: str) -> None:
    bars = (bar for bar in window.findChildren(QTabBar) if bar.parent() is window)
    click_tab(qtbot, bars, text)
