"""The Run menu's debugger records: Debug/Continue, the steps and Stop Debugging.

F5 is Run, so the debugger takes F8 (Debug, then Continue), F10, F11, Shift+F11 and
Shift+F8, as the Debug dock's buttons show them.
"""

from __future__ import annotations

from clstudio.ui.actions.action import Action, Item, Pixmap, When
from clstudio.ui.debugger.debug_shortcuts import SHORTCUTS
from clstudio.ui.modes.debug_mode import DebugMode
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

STEPS = ("step_over", "step_into", "step_out")  # the actions that work while paused


def records(mode: DebugMode) -> tuple[Item, ...]:
    """The steps work while a run is paused, Stop Debugging while a run is on."""
    controller = mode.controller
    changes = (controller.debugStarted, controller.busyChanged, controller.debugEnded)
    paused = When(lambda: controller.is_debugging() and not controller.is_busy(), changes)
    return (
        Action(
            id="debug",
            text=QT_TRANSLATE_NOOP("WindowActions", "De&bug / Continue"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "Run the kernel on the Oclgrind simulator and pause at the breakpoints "
                "(click the gutter or press F9 to set one); while paused, continue",
            ),
            callback=mode.debug_or_continue,
            menu="run",
            group="debug",
            shortcuts=(SHORTCUTS["continue"],),
            icon=("debug-run", Pixmap.SP_MediaSeekForward),
            enabled=When(lambda: not controller.is_busy(), changes),
        ),
        Action(
            id="step_over",
            text=QT_TRANSLATE_NOOP("WindowActions", "Step &Over"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Run the followed work-item to the next line"),
            callback=controller.step_over,
            menu="run",
            group="debug",
            shortcuts=(SHORTCUTS["over"],),
            enabled=paused,
        ),
        Action(
            id="step_into",
            text=QT_TRANSLATE_NOOP("WindowActions", "Step &Into"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Step into the function called on this line"),
            callback=controller.step_into,
            menu="run",
            group="debug",
            shortcuts=(SHORTCUTS["into"],),
            enabled=paused,
        ),
        Action(
            id="step_out",
            text=QT_TRANSLATE_NOOP("WindowActions", "Step O&ut"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Run to the end of the current function"),
            callback=controller.step_out,
            menu="run",
            group="debug",
            shortcuts=(SHORTCUTS["out"],),
            enabled=paused,
        ),
        Action(
            id="stop_debug",
            text=QT_TRANSLATE_NOOP("WindowActions", "Stop Debu&gging"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions", "End the debug run, even inside an endless loop"
            ),
            callback=controller.stop,
            menu="run",
            group="debug",
            shortcuts=(SHORTCUTS["stop"],),
            enabled=When(controller.is_debugging, changes),
        ),
    )
