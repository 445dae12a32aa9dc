"""Run > Debug: the session as the form shows it, on Oclgrind, paused at the editor's
breakpoints, with the paused line marked in the editor."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from clstudio.common import gettext
from clstudio.debugger import DebugPlanError, DebugStop, PausedState, plan_debug
from clstudio.debugger.debug_plan import GET_OCLGRIND_TO_DEBUG
from clstudio.ui.debugger.debug_controller import DebugController
from clstudio.ui.modes.oclgrind_mode import OclgrindMode
from clstudio.ui.workbench import Workbench

# The work-item a new run follows, given the session's local size: a global id, or
# what is wrong with what the user typed.
StartItem = Callable[[tuple[int, ...] | None], tuple[int, int, int] | str]


class DebugMode(OclgrindMode):
    """Starts debug runs of the workbench's document and follows them in the editor."""

    def __init__(
        self,
        controller: DebugController,
        workbench: Workbench,
        simulator_listed: Callable[[], bool | None],
        start_item: StartItem,
        parent: QWidget,
    ) -> None:
        """`simulator_listed`: whether discovery found Oclgrind (None: not known yet);
        `start_item`: the work-item the user chose to follow (the Debug dock's picker)."""
        super().__init__(workbench, simulator_listed, parent)
        self.controller = controller
        self._start_item = start_item
        controller.paused.connect(self._on_controller_paused)
        controller.debugEnded.connect(self._on_controller_debug_ended)

    def debug_or_continue(self) -> bool:
        """Run > Debug: start a debug run, or continue the paused one."""
        if self.controller.is_debugging():
            return not self.controller.is_busy() and self.controller.resume()
        return self.request_debug()

    def request_debug(self) -> bool:
        """Debug the session as the form shows it; refused, with the reason, when it cannot."""
        if self._refused(self._refuse):
            return False
        breakpoints = self._workbench.editor.breakpoints()
        session = self._workbench.document.session
        item = self._start_item(session.local_size)
        if isinstance(item, str):
            self._refuse(item)
            return False
        ids: tuple[int, ...] = item
        while len(ids) > len(session.global_size) and ids[-1] == 0:
            ids = ids[:-1]  # (5, 0, 0) in a 1-D kernel is work-item 5
        try:
            good = self._workbench.editor.controller.last_good
            plan = plan_debug(session, breakpoints, ids, good.kernels if good else ())
        except DebugPlanError as error:
            self._refuse(str(error))
            return False
        if not breakpoints:
            self.messageRaised.emit(self.tr("No breakpoint set: the kernel runs to its end."))
        return self.controller.start(plan)

    def _refuse(self, reason: str) -> None:
        self.messageRaised.emit(self.tr("Not debugged: {reason}").format(reason=reason))

    def _on_controller_paused(self, state: PausedState) -> None:
        editor = self._workbench.editor
        editor.set_paused_line(state.stop.line)
        if state.stop.line is not None:
            editor.go_to(state.stop.line)

    def _on_controller_debug_ended(self, stop: DebugStop) -> None:
        self._workbench.editor.set_paused_line(None)
        if stop.error is not None and stop.error.message == gettext(GET_OCLGRIND_TO_DEBUG):
            self._say_oclgrind_is_missing()

    def _missing(self) -> tuple[str, str]:
        return self.tr("Debug needs Oclgrind"), GET_OCLGRIND_TO_DEBUG
