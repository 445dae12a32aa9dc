"""The Run menu's debugger records: Debug/Continue, the steps and Stop Debugging.

F5 is Run, so the debugger takes F8 (Debug, then Continue), F10, F11, Shift+F11 and
Shift+F8, as the Debug dock's buttons show them.
"""

from __future__ import annotations

from PySide6.QtGui import QAction

from clstudio.ui.actions.action import Action, Item, Pixmap
from clstudio.ui.debugger.debug_controller import DebugController
from clstudio.ui.debugger.debug_panel import SHORTCUTS
from clstudio.ui.modes.debug_mode import DebugMode
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

STEPS = ("step_over", "step_into", "step_out")  # the actions that work while paused


def records(mode: DebugMode) -> tuple[Item, ...]:
    controller = mode.controller
    return (
        Action(
            "debug",
            QT_TRANSLATE_NOOP("WindowActions", "De&bug / Continue"),
            QT_TRANSLATE_NOOP(
                "WindowActions",
                "Run the kernel on the Oclgrind simulator and pause at the breakpoints "
                "(click the gutter or press F9 to set one); while paused, continue",
            ),
            mode.debug_or_continue,
            "run",
            "debug",
            (SHORTCUTS["continue"],),
            ("debug-run", Pixmap.SP_MediaSeekForward),
        ),
        Action(
            "step_over",
            QT_TRANSLATE_NOOP("WindowActions", "Step &Over"),
            QT_TRANSLATE_NOOP("WindowActions", "Run the followed work-item to the next line"),
            controller.step_over,
            "run",
            "debug",
            (SHORTCUTS["over"],),
        ),
        Action(
            "step_into",
            QT_TRANSLATE_NOOP("WindowActions", "Step &Into"),
            QT_TRANSLATE_NOOP("WindowActions", "Step into the function called on this line"),
            controller.step_into,
            "run",
            "debug",
            (SHORTCUTS["into"],),
        ),
        Action(
            "step_out",
            QT_TRANSLATE_NOOP("WindowActions", "Step O&ut"),
            QT_TRANSLATE_NOOP("WindowActions", "Run to the end of the current function"),
            controller.step_out,
            "run",
            "debug",
            (SHORTCUTS["out"],),
        ),
        Action(
            "stop_debug",
            QT_TRANSLATE_NOOP("WindowActions", "Stop Debu&gging"),
            QT_TRANSLATE_NOOP("WindowActions", "End the debug run, even inside an endless loop"),
            controller.stop,
            "run",
            "debug",
            (SHORTCUTS["stop"],),
        ),
    )


def follow(actions: dict[str, QAction], controller: DebugController) -> None:
    """The steps work while a run is paused; Stop Debugging while a run is on."""

    def show(_changed: object = None) -> None:
        debugging, busy = controller.is_debugging(), controller.is_busy()
        for name in STEPS:
            actions[name].setEnabled(debugging and not busy)
        actions["debug"].setEnabled(not busy)
        actions["stop_debug"].setEnabled(debugging)

    controller.debugStarted.connect(show)
    controller.busyChanged.connect(show)
    controller.debugEnded.connect(show)
    show()
