"""The Help menu's records: the lesson on the host program, and About."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox, QWidget

from clstudio.ui.about import about_html
from clstudio.ui.actions.action import Action, Item, Key
from clstudio.ui.lesson import HostProgramLesson
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP


class HelpDialogs(QObject):
    """The lesson, one window kept for the session, and the About box."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._lesson: HostProgramLesson | None = None

    def show_lesson(self) -> HostProgramLesson:
        if self._lesson is None:
            self._lesson = HostProgramLesson(self._window)
        self._lesson.show()
        self._lesson.raise_()
        return self._lesson

    def show_about(self) -> None:
        QMessageBox.about(self._window, self.tr("About CL Studio"), about_html())


def records(help_dialogs: HelpDialogs) -> tuple[Item, ...]:
    return (
        Action(
            "lesson",
            QT_TRANSLATE_NOOP("WindowActions", "The OpenCL &host program"),
            QT_TRANSLATE_NOOP(
                "WindowActions", "The steps every OpenCL program takes, from platform to results"
            ),
            help_dialogs.show_lesson,
            "help",
            "learn",
            (Key.HelpContents,),
        ),
        Action(
            "about",
            QT_TRANSLATE_NOOP("WindowActions", "&About CL Studio"),
            QT_TRANSLATE_NOOP("WindowActions", "Version and the libraries it runs on"),
            help_dialogs.show_about,
            "help",
            "about",
        ),
    )
