"""The work-item to follow: typed as a global id, or as a work-group and a local id in it.

Before a run it names the work-item the run starts with (Run > Debug reads it, and its
button starts the run); during a run its button switches to another work-item.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

Ids = tuple[int, int, int]


def parse_ids(text: str) -> Ids | None:
    """`5`, `5,0` or `5, 0, 0` as three ids; None if it is not that."""
    parts = [p.strip() for p in text.replace(" ", ",").split(",") if p.strip()]
    if not 1 <= len(parts) <= 3 or not all(p.isdecimal() for p in parts):
        return None
    numbers = [int(p) for p in parts] + [0, 0]
    return (numbers[0], numbers[1], numbers[2])


class WorkItemPicker(QWidget):
    """Emits the global id asked for; says what is wrong with what was typed instead."""

    switchRequested = Signal(object)  # a global id, three ints
    startRequested = Signal()  # before a run: debug, following the work-item typed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._local_size: Ids | None = None
        self._running = False
        self.mode = QComboBox(self)
        self.mode.setObjectName("debugItemMode")
        self.mode.addItem(self.tr("Global id"), "global")
        self.mode.addItem(self.tr("Group and local id"), "group")
        self.global_id = QLineEdit(self)
        self.global_id.setObjectName("debugGlobalId")
        self.global_id.setPlaceholderText(self.tr("x, y, z"))
        self.group_id = QLineEdit(self)
        self.group_id.setObjectName("debugGroupId")
        self.group_id.setPlaceholderText(self.tr("group x, y, z"))
        self.local_id = QLineEdit(self)
        self.local_id.setObjectName("debugLocalId")
        self.local_id.setPlaceholderText(self.tr("local x, y, z"))
        self.switch = QPushButton(self)
        self.switch.setObjectName("debugSwitch")
        self.problem = QLabel(self)
        self.problem.setObjectName("debugItemProblem")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.mode, self.global_id, self.group_id, self.local_id, self.switch):
            layout.addWidget(widget)
        layout.addWidget(self.problem, 1)
        self.mode.currentIndexChanged.connect(self._on_mode_changed)
        self.switch.clicked.connect(self._on_switch_clicked)
        self.global_id.returnPressed.connect(self._on_switch_clicked)
        self.local_id.returnPressed.connect(self._on_switch_clicked)
        self._on_mode_changed()
        self.set_running(False)

    def set_running(self, running: bool, busy: bool = False) -> None:
        """During a run the button switches work-item (while paused); before one it starts."""
        self._running = running
        if running:
            self.switch.setText(self.tr("Switch"))
            self.switch.setToolTip(self.tr("Follow this work-item from where it stands"))
        else:
            self.switch.setText(self.tr("Debug this work-item"))
            self.switch.setToolTip(
                self.tr("Start a debug run that follows this work-item (0 when left empty)")
            )
        self.switch.setEnabled(not busy)

    def start_item(self, local_size: tuple[int, ...] | None) -> Ids | str:
        """The global id a new run follows: what is typed, (0, 0, 0) when nothing is, or
        what is wrong with it (also shown). `local_size`: the session's, if it sets one."""
        if local_size is not None:
            padded = (*local_size, 1, 1)[:3]
            self._local_size = (padded[0], padded[1], padded[2])
        by_group = self.mode.currentData() == "group"
        typed = (self.group_id, self.local_id) if by_group else (self.global_id,)
        if not any(field.text().strip() for field in typed):
            self.problem.clear()
            return (0, 0, 0)
        read = self._read()
        self.problem.setText(read if isinstance(read, str) else "")
        return read

    def set_local_size(self, local_size: Ids | None) -> None:
        """The local size, which a group and a local id need to name a work-item: the
        session's before a run (when it sets one), the launch's during it."""
        self._local_size = local_size

    def requested(self) -> Ids | None:
        """The global id of what is typed, or None (the problem label says why)."""
        read = self._read()
        if isinstance(read, str):
            self.problem.setText(read)
            return None
        return read

    def _read(self) -> Ids | str:
        """The global id typed, or what is wrong with it."""
        if self.mode.currentData() == "global":
            ids = parse_ids(self.global_id.text())
            return ids if ids is not None else self.tr("Type a global id: x, or x, y, or x, y, z.")
        group, local = parse_ids(self.group_id.text()), parse_ids(self.local_id.text())
        if group is None or local is None:
            return self.tr("Type a work-group id and a local id: x, y, z each.")
        sizes = self._local_size
        if sizes is None:
            return self.tr("The session lets the driver choose the local size: type a global id.")
        if any(lid >= size for lid, size in zip(local, sizes, strict=True)):
            size = " x ".join(map(str, sizes))
            return self.tr("The local id is outside the local size {size}.").format(size=size)
        x, y, z = (g * s + lid for g, s, lid in zip(group, sizes, local, strict=True))
        return (x, y, z)

    def _on_mode_changed(self) -> None:
        by_group = self.mode.currentData() == "group"
        self.global_id.setVisible(not by_group)
        self.group_id.setVisible(by_group)
        self.local_id.setVisible(by_group)
        self.problem.clear()

    def _on_switch_clicked(self) -> None:
        if not self._running:
            self.startRequested.emit()
            return
        ids = self.requested()
        if ids is not None:
            self.problem.clear()
            self.switchRequested.emit(ids)
