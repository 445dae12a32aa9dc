"""Which moment of a program the Outputs tab shows: after the program, or after a launch.

A run of a program asked for snapshots (RunResult.snapshots): what each launch of its
first iteration wrote. The picker lists them; a result buffer is then shown as that
launch left it, without the reference, which judges the program's final outputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QWidget

from clstudio.common import LaunchSnapshot
from clstudio.ui.results.viewers.buffer_layout import BufferEntry


class LaunchPicker(QComboBox):
    """Hidden for a run without snapshots; `currentIndexChanged` when the user picks."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("launchPicker")
        self.setToolTip(
            self.tr(
                "Show the buffers as the whole program left them, or as one launch of its "
                "first iteration did"
            )
        )
        self._snapshots: tuple[LaunchSnapshot, ...] = ()
        self._count = 0
        self.hide()

    def set_snapshots(self, snapshots: Sequence[LaunchSnapshot], count: int) -> None:
        """The snapshots of a run of `count` written launches; back to the program's end."""
        self._snapshots = tuple(snapshots)
        self._count = count
        with QSignalBlocker(self):
            self.clear()
            self.addItem(self.tr("after the program"))
            for snapshot in self._snapshots:
                self.addItem(
                    self.tr("after launch {position} of {count} ({kernel})").format(
                        position=snapshot.position, count=count, kernel=snapshot.kernel
                    )
                )
        self.setVisible(bool(self._snapshots))

    def note(self, entry: BufferEntry) -> str | None:
        """What the header says of a buffer shown after a launch; None at the program's end."""
        if self.shown(entry) is entry:
            return None
        snapshot = self._snapshots[self.currentIndex() - 1]
        return self.tr(
            "As launch {position} of {count} ({kernel}) left it in the first iteration; its "
            "reference judges the program's final outputs, so none is checked here."
        ).format(position=snapshot.position, count=self._count, kernel=snapshot.kernel)

    def shown(self, entry: BufferEntry) -> BufferEntry:
        """`entry` as the picked launch left it; unchanged after the program, or for a
        buffer the program never writes."""
        index = self.currentIndex() - 1
        if index < 0 or entry.role != "result":
            return entry
        array = self._snapshots[index].buffers.get(entry.name)
        if array is None:
            return entry
        return replace(entry, array=array, reference=None, guard=None)
