"""The size of a `__local` argument: an element count, and the bytes each work-group gets."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import QLabel, QWidget

from clstudio.common import ElementType, format_bytes
from clstudio.session import MAX_ITEMS, LocalArg, SizePath
from clstudio.ui.args.number_fields import NumberField
from clstudio.ui.args.sizes_editor import link_label, mark_linked
from clstudio.ui.layouts import hbox


class LocalEditor(QWidget):
    """`specEdited(LocalArg | None)`; the element type comes from the kernel's pointer."""

    specEdited = Signal(object)

    def __init__(self, dtype: ElementType, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._dtype = dtype
        self._local_mem: int | None = None
        self.count = NumberField()
        self.count.set_int_range(1, MAX_ITEMS, self.tr("the count"))
        self.count.setToolTip(self.tr("Elements of local memory for each work-group"))
        self.count.valueEdited.connect(self._on_count_edited)
        self.bytes = QLabel()
        self.bytes.setObjectName("localBytes")
        self.link = link_label()
        count = QLabel(self.tr("Count"))
        hbox(count, (self.count, 1), self.link, (self.bytes, 2), parent=self, margins=0)

    def set_spec(self, spec: LocalArg) -> None:
        self._dtype = spec.dtype
        with QSignalBlocker(self.count):
            self.count.set_value(spec.count)
        self._show_bytes()

    def set_links(self, links: Mapping[SizePath, str]) -> None:
        """Show the count as driven by a named size ({("count",): "N/4"}), or as typed."""
        mark_linked(self.count, self.link, links.get(("count",)))

    def set_local_mem(self, size: int | None) -> None:
        """The device's local memory per work-group, to show the share taken; None unknown."""
        self._local_mem = size
        self._show_bytes()

    def spec(self) -> LocalArg | None:
        count = self.count.value()
        return None if count is None else LocalArg(self._dtype, int(count))

    def problem(self) -> str | None:
        return self.count.problem()

    def _show_bytes(self) -> None:
        spec = self.spec()
        if spec is None:
            self.bytes.setText(f"× {self._dtype.opencl_name}")
            return
        if self._local_mem:
            text = self.tr("× {type} = {size} per work-group (of {local_memory})")
        else:
            text = self.tr("× {type} = {size} per work-group")
        self.bytes.setText(
            text.format(
                type=self._dtype.opencl_name,
                size=format_bytes(spec.nbytes),
                local_memory=format_bytes(self._local_mem or 0),
            )
        )

    def _on_count_edited(self, _value: object) -> None:
        self._show_bytes()
        self.specEdited.emit(self.spec())
