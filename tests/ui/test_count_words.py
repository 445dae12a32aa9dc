"""Counts agree with their nouns wherever a run is described: "1 repeat", "1 launch"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from clstudio.ui.main_window import MainWindow
from ui.window_steps import run_with_f5

pytestmark = pytest.mark.opencl


def test_a_run_of_one_repeat_says_repeat_and_launch_once(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    qtbot.waitUntil(lambda: not window.arguments_panel.is_empty(), timeout=30_000)
    assert window.workbench.document.session.repeats == 1
    run_with_f5(qtbot, window)
    assert window.status.run_label.text().endswith("median over 1 repeat, ok")
    console = window.results_panel.console.plain_text()
    assert "1 repeat, time limit" in console and "ok, 1 launch\n" in console
    assert "1 of 1 launch timed" in window.results_panel.timings.summary.text()
    for text in (window.status.run_label.text(), console):
        assert "1 repeats" not in text and "1 launches" not in text
