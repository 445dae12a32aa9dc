"""The Debug dock: the panel wired to the controller, ready for the window to add.

The panel is made when the dock first comes into view, or when a debug run needs it
(ui/lazy_page.py): the window's first paint shows the Results dock in front of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QDockWidget, QScrollArea, QWidget

from clstudio.debugger import DebugPlan, DebugStop, PausedState
from clstudio.ui.debugger.debug_controller import DebugController
from clstudio.ui.layouts import vbox
from clstudio.ui.lazy_page import LazyPage
from clstudio.ui.wheel_guard import guard_wheel

if TYPE_CHECKING:
    from clstudio.ui.debugger.debug_panel import DebugPanel


class DebugDock(QDockWidget):
    """Shows the controller's run in the panel and passes the panel's requests on."""

    roomRequested = Signal(int)  # pixels more the panel needs to show a pause whole
    debugRequested = Signal()  # the panel's Debug, following the picker's work-item

    def __init__(self, controller: DebugController, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Debug"), parent)
        self.setObjectName("debugDock")
        self.controller = controller
        self._panel: DebugPanel | None = None
        self._scroll: QScrollArea | None = None
        self._body = LazyPage(self._make_body)
        self._body.in_view_of(self)
        self.setWidget(self._body)
        controller.debugStarted.connect(self._on_controller_debug_started)
        controller.busyChanged.connect(self._on_controller_busy_changed)
        controller.paused.connect(self._on_controller_paused)
        controller.debugEnded.connect(self._on_controller_debug_ended)

    @property
    def panel(self) -> DebugPanel:
        self._body.content()
        assert self._panel is not None, "made with the body"
        return self._panel

    def start_item(self, local_size: tuple[int, ...] | None) -> tuple[int, int, int] | str:
        """The work-item a new run follows, as the panel's picker says."""
        return self.panel.picker.start_item(local_size)

    def _make_body(self) -> QWidget:
        from clstudio.ui.debugger.debug_panel import DebugPanel

        controller = self.controller
        panel = self._panel = DebugPanel()
        # Its trees' minimum heights would make a 1280x800 window taller than the screen.
        # Continue and Step stay above the scrolling part: never scrolled out of sight.
        body = QWidget()
        scroll = self._scroll = QScrollArea(body)
        scroll.setWidgetResizable(True)
        scroll.setWidget(panel)
        controls = panel.controls
        vbox(controls, (scroll, 1), parent=body, margins=0).setSpacing(0)
        controls.setContentsMargins(9, 6, 9, 0)
        guard_wheel(scroll)  # the picker's mode follows the wheel only once it has focus
        panel.resumeRequested.connect(controller.resume)
        panel.stepOverRequested.connect(controller.step_over)
        panel.stepIntoRequested.connect(controller.step_into)
        panel.stepOutRequested.connect(controller.step_out)
        panel.stopRequested.connect(controller.stop)
        panel.switchRequested.connect(controller.switch)
        panel.debugRequested.connect(self.debugRequested)
        return body

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
        panel, scroll = self.panel, self._scroll
        assert scroll is not None, "made with the panel"
        scroll.verticalScrollBar().setValue(0)  # where it says why it paused
        missing = panel.sizeHint().height() - scroll.viewport().height()
        if self.isVisible() and missing > 0:
            self.roomRequested.emit(missing)

    def _on_controller_debug_ended(self, stop: DebugStop) -> None:
        self.panel.show_ended(stop)
        if self._in_view():
            self.controller.prepare()
