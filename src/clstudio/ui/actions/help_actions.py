"""The Help menu's records: the lessons on the host program, debugging and memory traffic,
and About."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from clstudio.ui.about import about_html
from clstudio.ui.actions.action import Action, Item, Key
from clstudio.ui.debugger.debug_lesson import DebugLesson
from clstudio.ui.lesson import HostProgramLesson
from clstudio.ui.memory.memory_lesson import MemoryLesson
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP


class HelpDialogs(QObject):
    """The lessons, each one window kept for the session, and the About box."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._lessons: dict[type[QDialog], QDialog] = {}

    def show_lesson(self, lesson: type[QDialog]) -> None:
        if lesson not in self._lessons:
            self._lessons[lesson] = lesson(self._window)
        self._lessons[lesson].show()
        self._lessons[lesson].raise_()

    def show_about(self) -> None:
        QMessageBox.about(self._window, self.tr("About CL Studio"), about_html())


def records(help_dialogs: HelpDialogs) -> tuple[Item, ...]:
    return (
        Action(
            id="lesson",
            text=QT_TRANSLATE_NOOP("WindowActions", "The OpenCL &host program"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions", "The steps every OpenCL program takes, from platform to results"
            ),
            callback=partial(help_dialogs.show_lesson, HostProgramLesson),
            menu="help",
            group="learn",
            shortcuts=(Key.HelpContents,),
        ),
        Action(
            id="debug_lesson",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Debugging the reduction"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "Step through the gallery's reduction in the Debug dock: why stride halves, "
                "what a missing barrier does",
            ),
            callback=partial(help_dialogs.show_lesson, DebugLesson),
            menu="help",
            group="learn",
        ),
        Action(
            id="memory_lesson",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Memory traffic: coalescing and reuse"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "Which work-item touched which element, in the Memory tab: the transposes "
                "and the matrix multiplies",
            ),
            callback=partial(help_dialogs.show_lesson, MemoryLesson),
            menu="help",
            group="learn",
        ),
        Action(
            id="about",
            text=QT_TRANSLATE_NOOP("WindowActions", "&About CL Studio"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Version and the libraries it runs on"),
            callback=help_dialogs.show_about,
            menu="help",
            group="about",
        ),
    )
