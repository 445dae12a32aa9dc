"""The value of a by-value argument: one typed field, or one per lane of a vector."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import QGridLayout, QWidget

from clstudio.common import ElementType
from clstudio.session import ScalarArg, SizePath
from clstudio.ui.args.number_fields import NumberField
from clstudio.ui.args.sizes_editor import link_label, mark_linked

_XYZW = "xyzw"
_LANES_PER_ROW = 4


def lane_name(lane: int, width: int) -> str:
    """OpenCL's names for vector components: x, y, z, w up to four lanes, else s0 to sF."""
    return _XYZW[lane] if width <= 4 else f"s{lane:X}"


class ScalarEditor(QWidget):
    """Refuses keystrokes that leave the type's range; `specEdited(ScalarArg | None)`."""

    specEdited = Signal(object)

    def __init__(self, element: ElementType, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setHorizontalSpacing(4)
        self.lanes: list[NumberField] = []
        for lane in range(element.width):
            field = NumberField(element.scalar)
            field.setObjectName(f"lane_{lane_name(lane, element.width)}")
            if element.width > 1:
                field.setPlaceholderText(lane_name(lane, element.width))
            field.valueEdited.connect(self._on_lane_edited)
            layout.addWidget(field, lane // _LANES_PER_ROW, lane % _LANES_PER_ROW)
            self.lanes.append(field)
        self.link = link_label()
        layout.addWidget(self.link, 0, min(element.width, _LANES_PER_ROW))

    def set_spec(self, spec: ScalarArg) -> None:
        """Show the value; lanes the value does not fill stay empty, and flagged."""
        assert not isinstance(spec.value, Mapping)  # a struct has an editor of its own
        values = spec.value if isinstance(spec.value, tuple) else (spec.value,)
        for lane, field in enumerate(self.lanes):
            with QSignalBlocker(field):
                if lane < len(values):
                    field.set_value(values[lane])
                else:
                    field.clear_value()

    def set_links(self, links: Mapping[SizePath, str]) -> None:
        """Show the value as driven by a named size ({("value",): "N"}), or as typed."""
        mark_linked(self.lanes[0], self.link, links.get(("value",)))

    def spec(self) -> ScalarArg | None:
        values = [field.value() for field in self.lanes]
        if any(value is None for value in values):
            return None
        if len(values) == 1:
            return ScalarArg(values[0])  # type: ignore[arg-type]
        return ScalarArg(tuple(values))  # type: ignore[arg-type]

    def problem(self) -> str | None:
        for lane, field in enumerate(self.lanes):
            problem = field.problem()
            if problem is not None:
                where = f"{lane_name(lane, len(self.lanes))}: " if len(self.lanes) > 1 else ""
                return where + problem
        return None

    def _on_lane_edited(self, _value: object) -> None:
        self.specEdited.emit(self.spec())
