"""The Help menu's records: the lessons on the host program, debugging and memory traffic,
and About."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox, QWidget

from clstudio.ui.about import about_html
from clstudio.ui.actions.action import Action, Item, Key
from clstudio.ui.debugger.debug_lesson import DebugLesson
from clstudio.ui.lesson import HostProgramLesson
from clstudio.ui.memory.memory_lesson import MemoryLesson
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP


class HelpDialogs(QObject):
    """The lesson, one window kept for the session, and the About box."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._lesson: HostProgramLesson | None = None
        self._debug_lesson: DebugLesson | None = None
        self._memory_lesson: MemoryLesson | None = None

    def show_lesson(self) -> HostProgramLesson:
        if self._lesson is None:
            self._lesson = HostProgramLesson(self._window)
        self._lesson.show()
        self._lesson.raise_()
        return self._lesson

    def show_debug_lesson(self) -> DebugLesson:
        if self._debug_lesson is None:
            self._debug_lesson = DebugLesson(self._window)
        self._debug_lesson.show()
        self._debug_lesson.raise_()
        return self._debug_lesson

    def show_memory_lesson(self) -> MemoryLesson:
        if self._memory_lesson is None:
            self._memory_lesson = MemoryLesson(self._window)
        self._memory_lesson.show()
        self._memory_lesson.raise_()
        return self._memory_lesson

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
            callback=help_dialogs.show_lesson,
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
            callback=help_dialogs.show_debug_lesson,
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
            callback=help_dialogs.show_memory_lesson,
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
