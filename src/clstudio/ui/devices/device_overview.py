"""The Overview tab of the device explorer: what matters most about a device, drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from clstudio.common import format_bytes
from clstudio.ui.devices.device_gauges import (
    Bar,
    ComputeUnitsView,
    LogBarChart,
    largest_square_group,
)
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from clstudio.devices import DeviceInfo

MEMORY_FIELDS = (
    ("CL_DEVICE_GLOBAL_MEM_SIZE", QT_TRANSLATE_NOOP("DeviceOverview", "Global memory")),
    ("CL_DEVICE_MAX_MEM_ALLOC_SIZE", QT_TRANSLATE_NOOP("DeviceOverview", "Largest buffer")),
    ("CL_DEVICE_GLOBAL_MEM_CACHE_SIZE", QT_TRANSLATE_NOOP("DeviceOverview", "Global cache")),
    ("CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE", QT_TRANSLATE_NOOP("DeviceOverview", "Constant buffer")),
    ("CL_DEVICE_LOCAL_MEM_SIZE", QT_TRANSLATE_NOOP("DeviceOverview", "Local memory")),
)
AXIS_NAMES = ("x", "y", "z")


def _tooltip(device: DeviceInfo, name: str) -> str:
    field = device.field(name)
    if field is None:
        return QCoreApplication.translate(
            "DeviceOverview", "{name}: not reported by this device"
        ).format(name=name)
    return QCoreApplication.translate(
        "DeviceOverview", "{label} ({name})\n{explanation}\nValue: {value}"
    ).format(
        label=field.shown_label,
        name=field.name,
        explanation=field.shown_explanation,
        value=field.shown_display,
    )


def memory_bars(device: DeviceInfo) -> list[Bar]:
    bars = []
    for name, english in MEMORY_FIELDS:
        label = QCoreApplication.translate("DeviceOverview", english)
        value = device.value(name)
        if isinstance(value, int) and not isinstance(value, bool):
            text = (
                format_bytes(value)
                if value > 0
                else QCoreApplication.translate("DeviceOverview", "none")
            )
            bars.append(Bar(label, value, text, _tooltip(device, name)))
        else:
            not_reported = QCoreApplication.translate("DeviceOverview", "not reported")
            bars.append(Bar(label, None, not_reported, _tooltip(device, name)))
    return bars


def work_item_sizes(device: DeviceInfo) -> list[int]:
    """The most work-items a group may hold along each dimension; empty when not reported."""
    sizes = device.value("CL_DEVICE_MAX_WORK_ITEM_SIZES")
    return [int(size) for size in sizes] if isinstance(sizes, list | tuple) else []


def work_size_bars(device: DeviceInfo) -> list[Bar]:
    group = device.value("CL_DEVICE_MAX_WORK_GROUP_SIZE")
    sizes = work_item_sizes(device)
    bars = []
    if isinstance(group, int):
        bars.append(
            Bar(
                QCoreApplication.translate("DeviceOverview", "Work-group"),
                group,
                QCoreApplication.translate("DeviceOverview", "{count} items").format(count=group),
                _tooltip(device, "CL_DEVICE_MAX_WORK_GROUP_SIZE"),
            )
        )
    for axis, size in enumerate(sizes):
        name = AXIS_NAMES[axis] if axis < len(AXIS_NAMES) else str(axis)
        bars.append(
            Bar(
                QCoreApplication.translate("DeviceOverview", "{name} (dim {axis})").format(
                    name=name, axis=axis
                ),
                size,
                str(size),
                _tooltip(device, "CL_DEVICE_MAX_WORK_ITEM_SIZES"),
            )
        )
    return bars


def work_size_caption(device: DeviceInfo) -> str:
    group = device.value("CL_DEVICE_MAX_WORK_GROUP_SIZE")
    sizes = work_item_sizes(device)
    if not isinstance(group, int) or not sizes:
        return QCoreApplication.translate(
            "DeviceOverview", "This device does not report its work-size limits."
        )
    per_axis = " × ".join(str(s) for s in sizes)
    examples = []
    for dims in (2, 3):
        if len(sizes) >= dims:
            side = largest_square_group(group, sizes, dims)
            examples.append(" × ".join([str(side)] * dims))
    if not examples:
        return QCoreApplication.translate(
            "DeviceOverview",
            "A work-group can reach {per_axis} work-items along its dimensions, but its sizes "
            "multiplied together may not exceed {group}.",
        ).format(per_axis=per_axis, group=group)
    return QCoreApplication.translate(
        "DeviceOverview",
        "A work-group can reach {per_axis} work-items along its dimensions, but its sizes "
        "multiplied together may not exceed {group}. The largest square and cube shapes of "
        "powers of two: {examples}.",
    ).format(per_axis=per_axis, group=group, examples=", ".join(examples))


def compute_caption(device: DeviceInfo) -> str:
    units = device.value("CL_DEVICE_MAX_COMPUTE_UNITS")
    clock = device.value("CL_DEVICE_MAX_CLOCK_FREQUENCY")
    has_units = isinstance(units, int)
    has_clock = isinstance(clock, int) and clock > 0
    if has_units and has_clock:
        if units == 1:
            text = QCoreApplication.translate(
                "DeviceOverview", "1 compute unit at up to {clock} MHz"
            )
        else:
            text = QCoreApplication.translate(
                "DeviceOverview", "{units} compute units at up to {clock} MHz"
            )
    elif has_units:
        if units == 1:
            text = QCoreApplication.translate("DeviceOverview", "1 compute unit")
        else:
            text = QCoreApplication.translate("DeviceOverview", "{units} compute units")
    elif has_clock:
        text = QCoreApplication.translate("DeviceOverview", "up to {clock} MHz")
    else:
        text = QCoreApplication.translate(
            "DeviceOverview", "Compute units and clock are not reported."
        )
    return text.format(units=units, clock=clock)


def _section(title: str) -> QLabel:
    label = QLabel(title)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    label.setContentsMargins(0, 10, 0, 2)
    return label


def _note(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label


class DeviceOverview(QScrollArea):
    """Compute units and clock, memory sizes on one scale, and the work-size limits."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(8, 4, 8, 8)

        self.compute_label = _note()
        self.compute_units = ComputeUnitsView()
        self.memory_chart = LogBarChart("bytes")
        self.memory_note = _note()
        self.work_chart = LogBarChart("count")
        self.work_caption = _note()

        layout.addWidget(_section(self.tr("Compute")))
        layout.addWidget(self.compute_label)
        layout.addWidget(self.compute_units)
        layout.addWidget(_section(self.tr("Memory sizes")))
        layout.addWidget(self.memory_chart)
        layout.addWidget(self.memory_note)
        layout.addWidget(_section(self.tr("Work sizes")))
        layout.addWidget(self.work_chart)
        layout.addWidget(self.work_caption)
        layout.addStretch(1)
        self.setWidget(body)
        for label in (self.compute_label, self.memory_note, self.work_caption):
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def show_device(self, device: DeviceInfo) -> None:
        self.compute_label.setText(compute_caption(device))
        units = device.value("CL_DEVICE_MAX_COMPUTE_UNITS")
        self.compute_units.set_units(units if isinstance(units, int) else 0)
        self.compute_units.setToolTip(_tooltip(device, "CL_DEVICE_MAX_COMPUTE_UNITS"))
        self.memory_chart.set_bars(memory_bars(device))
        self.memory_note.setText(
            self.tr(
                "One logarithmic scale: each grid line is {ratio} times "
                "the one before. Local memory is shared by one work-group only."
            ).format(ratio=self.memory_chart.tick_ratio())
        )
        self.work_chart.set_bars(work_size_bars(device))
        width = max(c.natural_label_width() for c in (self.memory_chart, self.work_chart))
        for chart in (self.memory_chart, self.work_chart):
            chart.set_min_label_width(width)
        self.work_caption.setText(work_size_caption(device))
