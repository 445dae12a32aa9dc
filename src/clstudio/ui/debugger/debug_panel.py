"""The Debug dock's contents: where the followed work-item is paused, and what it sees.

It shows what the controller hands it and emits what the user asks for; the
controller decides (STYLE.md §4).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QVBoxLayout,
    QWidget,
)

from clstudio.debugger import (
    BARRIER,
    BREAKPOINT,
    ERROR,
    FINISHED,
    NOT_STARTED,
    STEP,
    SWITCHED,
    BarrierState,
    DebugStop,
    KernelInfo,
    PausedState,
    WorkItemIds,
)
from clstudio.session import SourceMap
from clstudio.ui.debugger.debug_shortcuts import SHORTCUTS
from clstudio.ui.debugger.value_items import fill_memory, fill_values
from clstudio.ui.debugger.work_item_picker import WorkItemPicker
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

_REASONS = {
    BREAKPOINT: QT_TRANSLATE_NOOP("DebugPanel", "at a breakpoint"),
    STEP: QT_TRANSLATE_NOOP("DebugPanel", "after a step"),
    BARRIER: QT_TRANSLATE_NOOP("DebugPanel", "waiting at a barrier"),
    ERROR: QT_TRANSLATE_NOOP("DebugPanel", "where Oclgrind found an error"),
    SWITCHED: QT_TRANSLATE_NOOP("DebugPanel", "where it stands"),
}


class DebugPanel(QWidget):
    resumeRequested = Signal()
    stepOverRequested = Signal()
    stepIntoRequested = Signal()
    stepOutRequested = Signal()
    stopRequested = Signal()
    switchRequested = Signal(object)  # a global id, three ints
    debugRequested = Signal()  # before a run: start one, following the picker's work-item

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("debugPanel")
        self._source_map = SourceMap(())  # the debugged program's parts, for its lines
        self.resume = self._button("debugContinue", self.tr("Continue"), SHORTCUTS["continue"])
        self.step_over = self._button("debugStepOver", self.tr("Step over"), SHORTCUTS["over"])
        self.step_into = self._button("debugStepInto", self.tr("Step into"), SHORTCUTS["into"])
        self.step_out = self._button("debugStepOut", self.tr("Step out"), SHORTCUTS["out"])
        self.stop = self._button("debugStop", self.tr("Stop"), SHORTCUTS["stop"])
        self.status = QLabel(self._idle_text(), self)
        self.status.setObjectName("debugStatus")
        self.status.setWordWrap(True)
        self.work_item = QLabel(self)
        self.work_item.setObjectName("debugWorkItem")
        self.picker = WorkItemPicker(self)
        self.barrier = QLabel(self)
        self.barrier.setObjectName("debugBarrier")
        self.barrier.setWordWrap(True)
        self.variables = self._tree(
            "debugVariables", [self.tr("Name"), self.tr("Type"), self.tr("Value")]
        )
        columns = [self.tr("Element"), self.tr("Value"), self.tr("Mark")]
        self.local_memory = self._tree("debugLocalMemory", columns)
        self.buffers = self._tree("debugBuffers", columns)
        self._layout()
        self._show_barrier("")
        self.resume.clicked.connect(self.resumeRequested)
        self.step_over.clicked.connect(self.stepOverRequested)
        self.step_into.clicked.connect(self.stepIntoRequested)
        self.step_out.clicked.connect(self.stepOutRequested)
        self.stop.clicked.connect(self.stopRequested)
        self.picker.switchRequested.connect(self.switchRequested)
        self.picker.startRequested.connect(self.debugRequested)
        self.set_debugging(False)

    # Showing state.
    def set_debugging(self, debugging: bool, busy: bool = False) -> None:
        """Which controls work: Stop while a run is on, the rest while it is paused."""
        for button in (self.resume, self.step_over, self.step_into, self.step_out):
            button.setEnabled(debugging and not busy)
        self.picker.set_running(debugging, busy)
        self.stop.setEnabled(debugging)
        if busy:
            self.status.setText(self.tr("Running in the simulator…"))

    def show_started(self, kernel: str, source_map: SourceMap | None = None) -> None:
        """A debug run of `kernel` begins; `source_map` names its lines by source part."""
        self._source_map = source_map or SourceMap(())
        self.status.setText(
            self.tr("Starting kernel '{kernel}' on Oclgrind…").format(kernel=kernel)
        )
        for tree in (self.variables, self.local_memory, self.buffers):
            tree.clear()
        self._show_barrier("")
        self.work_item.clear()

    def show_paused(self, state: PausedState, info: KernelInfo | None) -> None:
        stop = state.stop
        self.picker.set_local_size(info.local_size if info is not None else None)
        self.work_item.setText(self._ids_text(stop.work_item))
        self.status.setText(self._stop_text(stop))
        fill_values(self.variables, state.variables)
        fill_memory(self.local_memory, state.local_arrays)
        fill_memory(self.buffers, state.buffers)
        self._show_barrier(self._barrier_text(state.barrier))

    def show_ended(self, stop: DebugStop) -> None:
        if stop.error is None:
            self.status.setText(self.tr("The kernel finished; the debug run is over."))
        elif stop.error.stage == "cancelled":
            self.status.setText(self.tr("Stopped: the debug run is over."))
        else:
            self.status.setText(
                self.tr("The debug run ended ({stage}): {message}").format(
                    stage=stop.error.stage, message=stop.error.message
                )
            )
        self._show_barrier("")
        self.set_debugging(False)

    def _show_barrier(self, text: str) -> None:
        """The barrier's line only at a barrier: elsewhere the trees take its room."""
        self.barrier.setText(text)
        self.barrier.setVisible(bool(text))

    def _idle_text(self) -> str:
        return self.tr(
            "Not debugging. Set a breakpoint, type the work-item to follow in the field "
            "beside the buttons (0 when left empty), then Debug (F8)."
        )

    def _stop_text(self, stop: DebugStop) -> str:
        if stop.reason == FINISHED:
            text = self.tr("The work-item has finished; Continue runs the others to the end.")
        elif stop.reason == NOT_STARTED:
            text = self.tr("The work-item has not started yet: Continue runs it to a breakpoint.")
        else:
            reason = QCoreApplication.translate("DebugPanel", _REASONS.get(stop.reason, ""))
            line: int | str | None = stop.line
            if stop.line is not None and self._source_map.is_split:
                line = self._source_map.place(stop.line, "")  # reduce2.cl:11
            text = self.tr("Paused {reason}, line {line}: {source}").format(
                reason=reason, line=line, source=stop.source
            )
        if stop.error is not None:
            text += "\n" + stop.error.message
        if stop.oclgrind:
            text += "\n" + stop.oclgrind
        return text

    def _ids_text(self, ids: WorkItemIds | None) -> str:
        if ids is None:
            return ""
        return self.tr(
            "Work-item {global_id}: local id {local_id} in work-group {group_id}"
        ).format(
            global_id=_ids(ids.global_id), local_id=_ids(ids.local_id), group_id=_ids(ids.group_id)
        )

    def _barrier_text(self, barrier: BarrierState | None) -> str:
        if barrier is None:
            return ""
        arrived = len(barrier.arrived)
        total = arrived + len(barrier.not_arrived) + len(barrier.finished)
        waiting = ", ".join(_ids(lid) for lid in barrier.not_arrived[:16])
        if len(barrier.not_arrived) > 16:
            waiting += ", …"
        text = self.tr(
            "At the barrier on line {line}: {arrived} of {total} work-items of the group "
            "have arrived."
        ).format(line=barrier.line, arrived=arrived, total=total)
        if waiting:
            text += " " + self.tr("Not yet: {ids}.").format(ids=waiting)
        return text

    def _button(self, name: str, text: str, shortcut: str) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setToolTip(f"{text} ({shortcut})")
        return button

    def _tree(self, name: str, columns: list[str]) -> QTreeWidget:
        tree = QTreeWidget(self)
        tree.setObjectName(name)
        tree.setHeaderLabels(columns)
        tree.setUniformRowHeights(True)
        return tree

    def _layout(self) -> None:
        """The buttons in a row of their own (`controls`, which the dock keeps above its
        scrolling part), the trees side by side: a wide dock's room goes to them and the
        editor above keeps its height."""
        self.controls = QWidget(self)
        self.controls.setObjectName("debugControls")
        controls = QHBoxLayout(self.controls)
        controls.setContentsMargins(0, 0, 0, 0)
        for button in (self.resume, self.step_over, self.step_into, self.step_out, self.stop):
            controls.addWidget(button)
        controls.addStretch(1)
        controls.addWidget(self.picker)  # beside the buttons: the trees get its row
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        for title, tree in (
            (self.tr("Private variables"), self.variables),
            (self.tr("__local memory of the work-group"), self.local_memory),
            (self.tr("__global buffers"), self.buffers),
        ):
            box = QGroupBox(title, splitter)
            inner = QVBoxLayout(box)
            inner.setContentsMargins(4, 4, 4, 4)
            inner.addWidget(tree)
            splitter.addWidget(box)
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addWidget(self.status)
        layout.addWidget(self.work_item)
        layout.addWidget(self.barrier)
        layout.addWidget(splitter, 1)


def _ids(ids: tuple[int, ...]) -> str:
    return "(" + ",".join(map(str, ids)) + ")"
