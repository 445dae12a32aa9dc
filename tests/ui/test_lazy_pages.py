"""The tabs and docks behind others are made when the user first opens them (start-up,
ui/lazy_page.py), and then show what they would have shown had they been made at once:
the last run, the exercises, the debugger's idle state, in the window's language."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QLabel, QPushButton, QTreeWidget, QWidget
from pytestqt.qtbot import QtBot

from clstudio.ui.main_window import MainWindow
from ui.window_steps import click_dock_tab, click_tab, open_gallery, run_with_f5


def click_results_tab(qtbot: QtBot, window: MainWindow, text: str) -> QWidget:
    click_tab(qtbot, iter([window.results_panel.tabBar()]), text)
    page = window.results_panel.currentWidget()
    assert page is not None
    return page


def shown_labels(page: QWidget) -> list[str]:
    return [label.text() for label in page.findChildren(QLabel) if label.isVisible()]


def shown_button(page: QWidget, text: str) -> QPushButton:
    found = [b for b in page.findChildren(QPushButton) if b.isVisible() and b.text() == text]
    assert found, f"no button {text!r} in view"
    return found[0]


def test_a_tab_opened_after_a_run_offers_that_run(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window(size=(1280, 800))
    page = window.results_panel.widget(window.results_panel.indexOf(window.compiler_page))
    assert page is not None and page.findChildren(QPushButton) == []  # nothing made yet
    open_gallery(qtbot, window, "saxpy")
    assert run_with_f5(qtbot, window).ok

    compiler = click_results_tab(qtbot, window, "Compiler")
    assert shown_button(compiler, "Compile the last run").isEnabled()
    assert any(text.startswith("Last run: saxpy.") for text in shown_labels(compiler))

    memory = click_results_tab(qtbot, window, "Memory")
    assert shown_button(memory, "Measure memory traffic").isEnabled()
    assert any(text.startswith("Last run: saxpy.") for text in shown_labels(memory))

    portability = click_results_tab(qtbot, window, "Portability")
    assert shown_button(portability, "Build on every device").isEnabled()


def test_a_tab_opened_before_any_run_says_to_run_first_then_follows_the_runs(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "saxpy")
    compiler = click_results_tab(qtbot, window, "Compiler")
    button = shown_button(compiler, "Compile the last run")
    assert not button.isEnabled()
    assert any(text.startswith("Run the kernel first") for text in shown_labels(compiler))
    assert run_with_f5(qtbot, window).ok
    assert button.isEnabled()  # made once, it is shown every run as the other tabs are


def test_the_side_and_bottom_docks_are_made_when_their_tab_is_clicked(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window(size=(1280, 800))
    assert not window.exercises_page.is_made() and not window.debug_dock.findChildren(QTreeWidget)

    click_dock_tab(qtbot, window, "Exercises")
    listed = window.exercises_dock.findChild(QTreeWidget, "exerciseList")
    assert listed is not None and listed.isVisible()
    titles = [listed.topLevelItem(i).text(0) for i in range(listed.topLevelItemCount())]  # type: ignore[union-attr]
    assert "1. Vector add with its guard" in titles  # the catalogue, filled as it shows

    click_dock_tab(qtbot, window, "Debug")
    debug = window.debug_dock
    qtbot.waitUntil(lambda: any(b.text() == "Continue" for b in debug.findChildren(QPushButton)))
    assert shown_button(debug, "Continue").isEnabled() is False  # nothing is paused


@pytest.mark.usefixtures("qt_in_chinese")
def test_a_tab_made_later_speaks_the_windows_language(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    compiler = click_results_tab(qtbot, window, "编译器")
    assert shown_button(compiler, "编译上次运行").isVisible()


def test_a_dock_left_in_front_last_time_is_made_as_the_window_opens(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    first = make_window(size=(1280, 800))
    click_dock_tab(qtbot, first, "Exercises")
    click_dock_tab(qtbot, first, "Debug")
    first.window_layout.save()  # as closing the window does

    again = make_window()  # the same settings: the layout comes back
    qtbot.waitUntil(lambda: again.exercises_page.is_made())
    listed = again.exercises_dock.findChild(QTreeWidget, "exerciseList")
    assert listed is not None and listed.isVisible() and listed.topLevelItemCount() > 0
    assert shown_button(again.debug_dock, "Continue").isEnabled() is False
    assert not again.compiler_page.is_made()  # Timings is still the tab in front
