"""The empty state's message, made while the window is on screen, stays inside it."""

from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from clstudio.ui.empty_state import EmptyState


def test_an_empty_state_made_late_leaves_the_window_active(qtbot: QtBot) -> None:
    # Panels made after the first paint (the Outputs tab) have one; its message once
    # opened as a window of its own for a moment, and the main window lost the keyboard.
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    empty = EmptyState("No outputs yet", "Run a kernel to see its buffers.")
    qtbot.addWidget(empty)
    qtbot.wait(50)
    assert QApplication.activeWindow() is window
