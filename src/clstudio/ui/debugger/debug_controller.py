"""A debug run off the GUI thread: one command at a time, each answered with the paused state.

The driver talks to its debug process on a pool thread; the window hears `paused`
with everything the dock shows, or `debugEnded` once the run is over. Stop does not
queue behind a command: it kills the debug process at once (the driver's stop is safe
from any thread), and the command under way then ends with the run.

A debug process spends most of its start importing (pyopencl, numpy, the engine), which
does not depend on the session: `prepare` starts the next run's process ahead, while the
Debug dock is in view, as the Compiler and Memory tabs boot their next worker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from clstudio.debugger import ENDED, DebugPlan, DebugStop, KernelInfo, PausedState
from clstudio.ui.jobs import crash_error
from clstudio.ui.tasks import Lane, Rule, TaskRunner, TaskState

if TYPE_CHECKING:
    from clstudio.debugger import DebugDriver
    from clstudio.debugger.pipe import DebuggerProcess
    from clstudio.remote import RoutedWorkers

Command = Callable[["DebugDriver"], DebugStop]


class DebugController(QObject):
    """Owns the driver of the one debug run there may be; the dock only asks."""

    debugStarted = Signal(DebugPlan)
    busyChanged = Signal(bool)  # a command is running in the simulator
    paused = Signal(PausedState)
    debugEnded = Signal(DebugStop)  # the last stop: why the run ended

    def __init__(self, parent: QObject | None = None, workers: RoutedWorkers | None = None) -> None:
        """`workers`: starts each run's debug process on the machine of the device in use
        (None: always on this machine)."""
        super().__init__(parent)
        self._workers = workers
        self._driver: DebugDriver | None = None
        self._ready: DebuggerProcess | None = None  # the next run's process, started ahead
        self._closed = False
        self._runner: TaskRunner[PausedState, None] = TaskRunner(
            self,
            Lane.DEBUGGER,
            Rule.ONE_AT_A_TIME,
            self._on_runner_done,
            self._on_runner_failed,
            cancel=self._stop_driver,  # when the window closes
        )

    def is_debugging(self) -> bool:
        return self._driver is not None

    def launch(self) -> KernelInfo | None:
        """The launch as Oclgrind runs it, once the run has begun."""
        return self._driver.info if self._driver is not None else None

    def pid(self) -> int | None:
        """The debug process's id while a run is on."""
        return self._driver.pid if self._driver is not None else None

    def ready_pid(self) -> int | None:
        """The id of the process started ahead for the next run, while it waits."""
        return self._ready.pid if self._ready is not None else None

    def is_busy(self) -> bool:
        return self._runner.is_busy()

    def start(self, plan: DebugPlan) -> bool:
        """Start debugging `plan`; False while another run is on."""
        if self._driver is not None:
            return False
        # The driver (its pipe, answers, inspection and check mode's log reader) is imported
        # at the first debug run, not with the window: the start-up does not pay for it.
        from clstudio.debugger import DebugDriver

        ready, self._ready = self._ready, None
        if ready is not None and not self._here():
            ready.close()  # started here ahead; this run goes to the remote machine
            ready = None
        if self._workers is None:
            self._driver = DebugDriver(plan, ready)
        else:
            self._driver = DebugDriver(plan, ready, self._workers.start_debugger)
        self.debugStarted.emit(plan)
        self._submit(lambda driver: driver.start())
        return True

    def prepare(self) -> None:
        """Start the next run's debug process now, unless one waits or a run is on."""
        if self._ready is None and self._driver is None and not self._closed and self._here():
            from clstudio.debugger.pipe import DebuggerProcess

            self._ready = DebuggerProcess()

    def _here(self) -> bool:
        """Whether debug runs start on this machine (the device in use is local)."""
        return self._workers is None or self._workers.place() is None

    def resume(self) -> bool:
        return self._submit(lambda driver: driver.resume())

    def step_over(self) -> bool:
        return self._submit(lambda driver: driver.step_over())

    def step_into(self) -> bool:
        return self._submit(lambda driver: driver.step_into())

    def step_out(self) -> bool:
        return self._submit(lambda driver: driver.step_out())

    def switch(self, global_id: tuple[int, ...]) -> bool:
        return self._submit(lambda driver: driver.switch(global_id))

    def stop(self) -> None:
        """End the run now, even inside an endless loop."""
        if self._driver is not None:
            self._driver.stop()
            if not self.is_busy():
                self._submit(lambda driver: driver.resume())  # to hear the end

    def wait(self, msecs: int = 30_000) -> bool:
        return self._runner.wait(msecs)

    def close(self) -> None:
        """For the window's close: the run ends and its process is gone."""
        self._closed = True
        ready, self._ready = self._ready, None
        if ready is not None:
            ready.close()
        driver = self._driver
        if driver is not None:
            driver.stop()
            self._runner.wait()
            driver.close()
            self._driver = None

    def _submit(self, command: Command) -> bool:
        driver = self._driver
        if driver is None:
            return False

        def work(_state: TaskState[None]) -> PausedState:
            stop = command(driver)
            return driver.paused() if stop.reason != ENDED else PausedState(stop)

        if self._runner.submit(work) is None:
            return False
        self.busyChanged.emit(True)
        return True

    def _stop_driver(self) -> None:
        """Safe from any thread: the command under way ends with the run."""
        driver = self._driver
        if driver is not None:
            driver.stop()

    def _on_runner_done(self, state: PausedState) -> None:
        self.busyChanged.emit(False)
        if state.stop.reason == ENDED:
            self._finish(state.stop)
        else:
            self.paused.emit(state)

    def _on_runner_failed(self, traceback_text: str) -> None:
        # Unexpected: the traceback goes where the user looks, and the run ends.
        self.busyChanged.emit(False)
        if self._driver is not None:
            self._driver.stop()
        self._finish(DebugStop(ENDED, None, None, error=crash_error(traceback_text)))

    def _finish(self, stop: DebugStop) -> None:
        driver, self._driver = self._driver, None
        if driver is not None:
            driver.close()
        self.debugEnded.emit(stop)
