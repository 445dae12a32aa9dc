"""The Debug dock: the panel wired to the controller, ready for the window to add."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QDockWidget, QScrollArea, QWidget

from clstudio.debugger import DebugPlan, DebugStop, PausedState
from clstudio.ui.debugger.debug_controller import DebugController
from clstudio.ui.debugger.debug_panel import DebugPanel
from clstudio.ui.layouts import vbox
from clstudio.ui.wheel_guard import guard_wheel


class DebugDock(QDockWidget):
    """Shows the controller's run in the panel and passes the panel's requests on."""

    roomRequested = Signal(int)  # pixels more the panel needs to show a pause whole

    def __init__(self, controller: DebugController, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Debug"), parent)
        self.setObjectName("debugDock")
        self.controller = controller
        self.panel = DebugPanel(self)
        # Its trees' minimum heights would make a 1280x800 window taller than the screen.
        # Continue and Step stay above the scrolling part: never scrolled out of sight.
        body = QWidget(self)
        scroll = self._scroll = QScrollArea(body)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.panel)
        controls = self.panel.controls
        vbox(controls, (scroll, 1), parent=body, margins=0).setSpacing(0)
        controls.setContentsMargins(9, 6, 9, 0)
        self.setWidget(body)
        guard_wheel(scroll)  # the picker's mode follows the wheel only once it has focus
        panel = self.panel
        panel.resumeRequested.connect(controller.resume)
        panel.stepOverRequested.connect(controller.step_over)
        panel.stepIntoRequested.connect(controller.step_into)
        panel.stepOutRequested.connect(controller.step_out)
        panel.stopRequested.connect(controller.stop)
        panel.switchRequested.connect(controller.switch)
        controller.debugStarted.connect(self._on_controller_debug_started)
        controller.busyChanged.connect(self._on_controller_busy_changed)
        controller.paused.connect(self._on_controller_paused)
        controller.debugEnded.connect(self._on_controller_debug_ended)

    def prepare_while_shown(self) -> None:
        """From now on, while the dock is in view the next run's debug process boots (the
        window calls this after its first paint, which no worker may compete with)."""
        self.visibilityChanged.connect(self._on_visibility_changed)
        self._on_visibility_changed(self._in_view())

    def _in_view(self) -> bool:
        # A dock tabbed behind another is "visible" to Qt, with nothing of it on screen.
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def _on_visibility_changed(self, visible: bool) -> None:
        if visible:  # the user may debug next: the debug process boots meanwhile
            self.controller.prepare()

    def _on_controller_debug_started(self, plan: DebugPlan) -> None:
        self.show()  # to the front, where it is tabbed behind Results
        self.raise_()
        self.panel.show_started(plan.session.kernel, plan.session.source_map)

    def _on_controller_busy_changed(self, busy: bool) -> None:
        self.panel.set_debugging(self.controller.is_debugging(), busy)

    def _on_controller_paused(self, state: PausedState) -> None:
        self.panel.show_paused(state, self.controller.launch())
        # The variables are what a pause is for: once laid out, ask for the room they need.
        QTimer.singleShot(0, self, self._ask_for_room)

    def _ask_for_room(self) -> None:
        self._scroll.verticalScrollBar().setValue(0)  # where it says why it paused
        missing = self.panel.sizeHint().height() - self._scroll.viewport().height()
        if self.isVisible() and missing > 0:
            self.roomRequested.emit(missing)

    def _on_controller_debug_ended(self, stop: DebugStop) -> None:
        self.panel.show_ended(stop)
        if self._in_view():
            self.controller.prepare()
