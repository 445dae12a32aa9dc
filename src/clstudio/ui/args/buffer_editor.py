"""A `__global` or `__constant` buffer: shape, element type, access and initial contents."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from clstudio.common import (
    OPENCL_SCALARS,
    VECTOR_WIDTHS,
    KernelArgInfo,
    format_bytes,
    parse_element_type,
)
from clstudio.session import MAX_DIMS, MAX_ITEMS, BufferArg, NullArg, SizePath, picture_problem
from clstudio.ui.args.init_editor import InitEditor
from clstudio.ui.args.number_fields import (
    SizesValidator,
    mark_invalid,
    parse_buffer_shape,
    parse_sizes,
)
from clstudio.ui.args.sizes_editor import link_label, mark_linked
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

_BASES = tuple(name for name in OPENCL_SCALARS if name != "bool")
ELEMENT_TYPES = (*_BASES, *(f"{base}{width}" for base in _BASES for width in VECTOR_WIDTHS))
_ACCESS_HELP = {
    "in": QT_TRANSLATE_NOOP("BufferEditor", "in: uploaded before each launch, never read back"),
    "out": QT_TRANSLATE_NOOP("BufferEditor", "out: read back after the run and shown as an output"),
    "inout": QT_TRANSLATE_NOOP("BufferEditor", "inout: uploaded, then read back after the run"),
}


class BufferEditor(QWidget):
    """`specEdited(BufferArg | NullArg | None)` on every edit: None while a field is
    incomplete; NullArg while "NULL" is ticked (the kernel gets a null pointer)."""

    specEdited = Signal(object)

    def __init__(self, info: KernelArgInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.shape = QLineEdit()
        self.shape.setValidator(SizesValidator(self.shape))
        self.shape.setPlaceholderText(self.tr("1024, or 64, 128"))
        self.shape.setToolTip(
            self.tr("Elements along each dimension, rows first: 480, 640 is 480 rows")
        )
        self.shape.textEdited.connect(self._on_edited)
        self.shape_link = link_label()
        self.bytes = QLabel()
        self.bytes.setObjectName("bufferBytes")
        self.bytes.setMinimumWidth(self.bytes.fontMetrics().horizontalAdvance("= 1000 MiB"))

        self.element = QComboBox()
        self.element.setMaxVisibleItems(16)
        for position, name in enumerate(ELEMENT_TYPES):
            if position == len(_BASES):
                self.element.insertSeparator(position)
            self.element.addItem(name, name)
        self.element.setToolTip(
            self.tr("The type of one element; the kernel's pointer type by default")
        )
        self.element.currentIndexChanged.connect(self._on_element_changed)

        self.access = QComboBox()
        auto = "in" if info.is_const else "inout"
        self.access.addItem(self.tr("auto: {mode}").format(mode=auto), None)
        help_texts = {
            mode: QCoreApplication.translate("BufferEditor", text)
            for mode, text in _ACCESS_HELP.items()
        }
        self.access.setItemData(
            0,
            self.tr("From the kernel: {help}").format(help=help_texts[auto]),
            Qt.ItemDataRole.ToolTipRole,
        )
        for mode, help_text in help_texts.items():
            self.access.addItem(mode, mode)
            self.access.setItemData(self.access.count() - 1, help_text, Qt.ItemDataRole.ToolTipRole)
        self.access.currentIndexChanged.connect(self._on_edited)

        self.contents = InitEditor()
        self.contents.initEdited.connect(self._on_edited)
        self.null = QCheckBox(self.tr("NULL"))
        self.null.setToolTip(
            self.tr("Pass a null pointer instead of a buffer, for a kernel that checks for one")
        )
        self.null.toggled.connect(self._on_null_toggled)

        shape_row = QHBoxLayout()
        shape_row.addWidget(self.shape, 1)
        shape_row.addWidget(self.shape_link)
        shape_row.addWidget(self.bytes)
        type_row = QHBoxLayout()
        type_row.addWidget(self.element, 1)
        type_row.addWidget(QLabel(self.tr("Access")))
        type_row.addWidget(self.access, 1)
        type_row.addWidget(self.null)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.tr("Shape"), shape_row)
        form.addRow(self.tr("Type"), type_row)
        form.addRow(self.tr("Contents"), self.contents)
        self._dtype = parse_element_type("float")

    def set_null(self) -> None:
        """Show a NULL argument: the buffer's fields wait, unused. Never emits."""
        with QSignalBlocker(self.null):
            self.null.setChecked(True)
        self._show_null()

    def set_spec(self, spec: BufferArg, base_dir: Path | None) -> None:
        """Show `spec`; relative .npy paths resolve against base_dir. Never emits."""
        with QSignalBlocker(self.null):
            self.null.setChecked(False)
        self._show_null()
        blockers = [QSignalBlocker(w) for w in (self.shape, self.element, self.access)]
        self._dtype = spec.dtype
        self.shape.setText(", ".join(map(str, spec.shape)))
        self.element.setCurrentIndex(max(0, self.element.findData(spec.dtype.opencl_name)))
        self.access.setCurrentIndex(max(0, self.access.findData(spec.access)))
        del blockers
        self.contents.set_base_dir(base_dir)
        self.contents.set_init(spec.init, spec.dtype)
        self._show_size()

    def set_links(self, links: Mapping[SizePath, str]) -> None:
        """Show which dimensions of the shape named sizes drive ({("shape", 0): "N"})."""
        shape = self._shape() or ()
        texts = [links.get(("shape", d), str(size)) for d, size in enumerate(shape)]
        linked = any(("shape", d) in links for d in range(len(shape)))
        mark_linked(self.shape, self.shape_link, ", ".join(texts) if linked else None)

    def spec(self) -> BufferArg | NullArg | None:
        if self.null.isChecked():
            return NullArg()
        shape = self._shape()
        init = self.contents.init()
        if shape is None or init is None:
            return None
        return BufferArg(self._dtype, shape, init, self.access.currentData())

    def problem(self) -> str | None:
        if self.null.isChecked():
            return None
        if self._shape() is None:
            shape = parse_sizes(self.shape.text())
            if shape is not None and len(shape) > MAX_DIMS:
                return self.tr("shape: at most {count} dimensions").format(count=MAX_DIMS)
            if shape is not None:
                return self.tr("shape: at most {count} elements in a buffer").format(
                    count=MAX_ITEMS
                )
            return self.tr("shape: type sizes like 1024, or 64, 128")
        return self.contents.problem()

    def _shape(self) -> tuple[int, ...] | None:
        return parse_buffer_shape(self.shape.text())

    def _show_size(self) -> None:
        shape = self._shape()
        mark_invalid(self.shape, shape is None)
        if shape is None:
            self.bytes.setText("")
            return
        count = math.prod(shape)
        self.contents.set_needed(math.prod(self._dtype.host_shape(shape)))
        self.contents.set_picture_problem(picture_problem(self._dtype, shape))
        self.bytes.setText(f"= {format_bytes(count * self._dtype.itemsize)}")
        self.bytes.setToolTip(
            self.tr("{count} elements × {size} bytes ({type})").format(
                count=count, size=self._dtype.itemsize, type=self._dtype.opencl_name
            )
        )

    def _show_null(self) -> None:
        for widget in (self.shape, self.element, self.access, self.contents):
            widget.setEnabled(not self.null.isChecked())

    def _on_null_toggled(self, _checked: bool) -> None:
        self._show_null()
        self._on_edited()

    def _on_element_changed(self, _index: int) -> None:
        self._dtype = parse_element_type(self.element.currentData())
        self.contents.set_dtype(self._dtype)
        self._on_edited()

    def _on_edited(self, *_args: object) -> None:
        self._show_size()
        self.specEdited.emit(self.spec())
