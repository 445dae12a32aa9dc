"""The Help menu's records: the lessons on the host program, debugging, memory traffic, the
Compiler tab, the roofline and the exercises, the keyboard shortcuts, and About."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from clstudio.ui.about import about_html
from clstudio.ui.actions.action import Action, Item, Key
from clstudio.ui.actions.shortcut_list import ShortcutList
from clstudio.ui.compiler.compiler_lesson import CompilerLesson
from clstudio.ui.debugger.debug_lesson import DebugLesson
from clstudio.ui.exercises.exercises_lesson import ExercisesLesson
from clstudio.ui.lesson import HostProgramLesson
from clstudio.ui.memory.memory_lesson import MemoryLesson
from clstudio.ui.results.roofline.roofline_lesson import RooflineLesson
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP


class HelpDialogs(QObject):
    """The lessons and the shortcut list, each one window kept for the session, and the
    About box. `items` gives every command's record, for the shortcut list."""

    def __init__(self, window: QWidget, items: Callable[[], Iterable[Item]]) -> None:
        super().__init__(window)
        self._window = window
        self._items = items
        self._lessons: dict[type[QDialog], QDialog] = {}
        self._shortcuts: ShortcutList | None = None

    def show_lesson(self, lesson: type[QDialog]) -> None:
        if lesson not in self._lessons:
            self._lessons[lesson] = lesson(self._window)
        self._lessons[lesson].show()
        self._lessons[lesson].raise_()

    def show_shortcuts(self) -> None:
        if self._shortcuts is None:
            self._shortcuts = ShortcutList(self._items(), self._window)
        self._shortcuts.show()
        self._shortcuts.raise_()

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
            id="compiler_lesson",
            text=QT_TRANSLATE_NOOP("WindowActions", "The &Compiler tab"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "What the compiler made of your kernel: vectorisation, assembly, two builds "
                "compared",
            ),
            callback=partial(help_dialogs.show_lesson, CompilerLesson),
            menu="help",
            group="learn",
        ),
        Action(
            id="roofline_lesson",
            text=QT_TRANSLATE_NOOP("WindowActions", "The &roofline"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "Where a run sits under the device's measured memory and arithmetic limits",
            ),
            callback=partial(help_dialogs.show_lesson, RooflineLesson),
            menu="help",
            group="learn",
        ),
        Action(
            id="exercises_lesson",
            text=QT_TRANSLATE_NOOP("WindowActions", "The &exercises"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions", "Open an exercise's starter, check your solution, ask for hints"
            ),
            callback=partial(help_dialogs.show_lesson, ExercisesLesson),
            menu="help",
            group="learn",
        ),
        Action(
            id="shortcuts",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Keyboard Shortcuts"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Every command's keys, by menu"),
            callback=help_dialogs.show_shortcuts,
            menu="help",
            group="keys",
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
