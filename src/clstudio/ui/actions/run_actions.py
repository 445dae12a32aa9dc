"""The Run menu's records, and the toolbar's Run/Stop and Check buttons that change look."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from clstudio.ui.actions.action import Action, Item, Pixmap, Slot, When, show_look, tr, with_keys
from clstudio.ui.modes.step_mode import StepMode
from clstudio.ui.run.run_job import RunController
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP
from clstudio.ui.workbench import Workbench

RUN_BAR = "run_bar"  # repeats, time limit, progress and why a run was refused
RUN_TIP = QT_TRANSLATE_NOOP(
    "WindowActions", "Run the kernel with its arguments in the worker process"
)
STOP_TIP = QT_TRANSLATE_NOOP("WindowActions", "Stop the running kernel")
RUN_ICON = ("media-playback-start", Pixmap.SP_MediaPlay)
STOP_ICON = ("media-playback-stop", Pixmap.SP_MediaStop)
CHECK_TIP = QT_TRANSLATE_NOOP(
    "WindowActions",
    "Run the kernel once on the Oclgrind simulator to find out-of-bounds accesses, data "
    "races, divergent barriers and uninitialised values, at their lines",
)
CHECK_SHORTCUTS = ("F6", "Ctrl+Shift+R")
RUN_KEYS, STOP_KEYS = "Ctrl+R, F5", "Esc, Shift+F5"  # of the Run and Stop menu actions
# The toolbar's Run/Stop button, and the Check action while a check goes on.
RUN = QT_TRANSLATE_NOOP("WindowActions", "Run")
STOP = QT_TRANSLATE_NOOP("WindowActions", "Stop")
CHECK = QT_TRANSLATE_NOOP("WindowActions", "&Check")
STOP_CHECK = QT_TRANSLATE_NOOP("WindowActions", "Stop Check")
STOP_CHECK_TIP = QT_TRANSLATE_NOOP("WindowActions", "Stop the check")
CHECK_ICON = ("tools-check-spelling", Pixmap.SP_FileDialogContentsView)


class RunCommands(QObject):
    """Run, Stop, and the toolbar's one button that is either: a step of step mode counts
    as a run."""

    def __init__(self, workbench: Workbench, runner: RunController, step_mode: StepMode) -> None:
        super().__init__(workbench)
        self._workbench = workbench
        self._runner = runner
        self._step_mode = step_mode
        self.changes = (workbench.runStateChanged, step_mode.steppingChanged)

    def is_running(self) -> bool:
        """Whether a run or a step goes on: what `changes` tell of."""
        return self._runner.is_running() or self._step_mode.is_stepping()

    def run(self) -> None:
        self._workbench.request_run()

    def stop(self) -> None:
        self._workbench.request_stop()
        self._step_mode.request_stop()

    def run_or_stop(self) -> None:
        if self._step_mode.is_stepping():
            self._step_mode.request_stop()
        elif self._runner.is_running():
            self._workbench.request_stop()
        else:
            self._workbench.request_run()


def records(
    build: Callable[[], object],
    commands: RunCommands,
    check: Callable[[], object],
    run_on_devices: Callable[[], object],
) -> tuple[Item, ...]:
    running = When(commands.is_running, commands.changes)
    idle = When(lambda: not commands.is_running(), commands.changes)
    return (
        Action(
            id="build",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Build"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Compile the kernel for the chosen device now"),
            callback=build,
            menu="run",
            group="run",
            shortcuts=("Ctrl+B",),
            icon=("run-build", Pixmap.SP_BrowserReload),
            toolbar="run",
        ),
        Action(
            id="run",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Run"),
            tip=RUN_TIP,
            callback=commands.run,
            menu="run",
            group="run",
            shortcuts=("Ctrl+R", "F5"),
            icon=RUN_ICON,
            enabled=idle,
        ),
        Action(
            id="stop",
            text=QT_TRANSLATE_NOOP("WindowActions", "S&top"),
            tip=STOP_TIP,
            callback=commands.stop,
            menu="run",
            group="run",
            shortcuts=("Esc", "Shift+F5"),
            icon=STOP_ICON,
            enabled=running,
        ),
        # The toolbar's one button: Run, and Stop while a run goes on (see show_running).
        Action(
            id="run_or_stop",
            text=RUN,
            tip=RUN_TIP,
            callback=commands.run_or_stop,
            icon=RUN_ICON,
            toolbar="run",
        ),
        Slot(id=RUN_BAR, toolbar="run"),
        # Check, and Stop Check while a check goes on (see show_checking).
        Action(
            id="check",
            text=CHECK,
            tip=CHECK_TIP,
            callback=check,
            menu="run",
            group="check",
            shortcuts=CHECK_SHORTCUTS,
            icon=CHECK_ICON,
            toolbar="check",
        ),
        Action(
            id="run_on_devices",
            text=QT_TRANSLATE_NOOP("WindowActions", "Run on &Devices…"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "Run the session on several devices in turn and compare their times and outputs",
            ),
            callback=run_on_devices,
            menu="run",
            group="check",
        ),
    )


def show_running(widget: QWidget, actions: dict[str, QAction], running: bool) -> None:
    """The toolbar's Run turns into Stop while a run goes on, and back."""
    idle = (tr(RUN), with_keys(tr(RUN_TIP), RUN_KEYS), RUN_ICON)
    busy = (tr(STOP), with_keys(tr(STOP_TIP), STOP_KEYS), STOP_ICON)
    show_look(widget, actions["run_or_stop"], busy if running else idle)


def show_checking(widget: QWidget, actions: dict[str, QAction], checking: bool) -> None:
    """Check turns into Stop Check while a check goes on, and back."""
    shown = ", ".join(CHECK_SHORTCUTS)
    idle = (f"{tr(CHECK)}\t{shown}", with_keys(tr(CHECK_TIP), shown), CHECK_ICON)
    busy = (f"{tr(STOP_CHECK)}\t{shown}", with_keys(tr(STOP_CHECK_TIP), shown), STOP_ICON)
    show_look(widget, actions["check"], busy if checking else idle)


def follow(
    widget: QWidget,
    actions: dict[str, QAction],
    running: tuple[SignalInstance, ...],
    checking: SignalInstance,
) -> None:
    """Run and Check show what goes on: each of `running` says whether a run (or a step)
    goes on, `checking` whether a check does."""
    for signal in running:
        signal.connect(partial(show_running, widget, actions))
    checking.connect(partial(show_checking, widget, actions))
