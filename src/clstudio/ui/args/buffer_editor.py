"""A `__global` or `__constant` buffer: shape, element type, access and initial contents;
and the shape and access rows a buffer of structs shares with it."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
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
from clstudio.ui.layouts import hbox
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

_BASES = tuple(name for name in OPENCL_SCALARS if name != "bool")
ELEMENT_TYPES = (*_BASES, *(f"{base}{width}" for base in _BASES for width in VECTOR_WIDTHS))
_ACCESS_HELP = {
    "in": QT_TRANSLATE_NOOP("BufferEditor", "in: uploaded before each launch, never read back"),
    "out": QT_TRANSLATE_NOOP("BufferEditor", "out: read back after the run and shown as an output"),
    "inout": QT_TRANSLATE_NOOP("BufferEditor", "inout: uploaded, then read back after the run"),
}


def choice_combo(choices: Iterable[str], tips: Mapping[str, str] | None = None) -> QComboBox:
    """A combo of `choices`, each its own data, with its translated tip where `tips` has one."""
    combo = QComboBox()
    for choice in choices:
        combo.addItem(choice, choice)
        if tips and choice in tips:
            combo.setItemData(combo.count() - 1, tips[choice], Qt.ItemDataRole.ToolTipRole)
    return combo


def access_combo(
    auto_text: str, modes: Iterable[str], tips: Mapping[str, str] | None = None
) -> QComboBox:
    """The access of a buffer or an image: first "auto" (data None: what the kernel
    says), then each mode."""
    combo = choice_combo(modes, tips)
    combo.insertItem(0, auto_text, None)
    combo.setCurrentIndex(0)
    return combo


class ShapedBufferForm(QWidget):
    """What the forms of a buffer and of a buffer of structs share: the Shape row with its
    named sizes and bytes, and the Type row ending in the access. `specEdited(spec | None)`
    on every edit: None while a field is incomplete."""

    specEdited = Signal(object)

    def __init__(self, shape_tip: str, access: QComboBox, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.shape = QLineEdit()
        self.shape.setValidator(SizesValidator(self.shape))
        self.shape.setToolTip(shape_tip)
        self.shape.textEdited.connect(self._on_edited)
        self.shape_link = link_label()
        self.bytes = QLabel()
        self.bytes.setObjectName("bufferBytes")
        self.access = access
        self.access.currentIndexChanged.connect(self._on_edited)
        self.type_row = hbox(
            QLabel(QCoreApplication.translate("BufferEditor", "Access")), (self.access, 1)
        )
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form.addRow(
            QCoreApplication.translate("BufferEditor", "Shape"),
            hbox((self.shape, 1), self.shape_link, self.bytes),
        )
        self.form.addRow(QCoreApplication.translate("BufferEditor", "Type"), self.type_row)

    def set_links(self, links: Mapping[SizePath, str]) -> None:
        """Show which dimensions of the shape named sizes drive ({("shape", 0): "N"})."""
        shape = self._shape() or ()
        texts = [links.get(("shape", d), str(size)) for d, size in enumerate(shape)]
        linked = any(("shape", d) in links for d in range(len(shape)))
        mark_linked(self.shape, self.shape_link, ", ".join(texts) if linked else None)

    def spec(self) -> BufferArg | NullArg | None:
        raise NotImplementedError

    def _show_shape(self, spec: BufferArg) -> None:
        """Show the shape and the access of `spec`; never emits."""
        with QSignalBlocker(self.shape), QSignalBlocker(self.access):
            self.shape.setText(", ".join(map(str, spec.shape)))
            self.access.setCurrentIndex(max(0, self.access.findData(spec.access)))

    def _shape(self) -> tuple[int, ...] | None:
        return parse_buffer_shape(self.shape.text())

    def _shape_problem(self) -> str:
        """Why the shape as typed is no buffer's."""
        shape = parse_sizes(self.shape.text())
        if shape is not None and len(shape) > MAX_DIMS:
            return QCoreApplication.translate(
                "BufferEditor", "shape: at most {count} dimensions"
            ).format(count=MAX_DIMS)
        if shape is not None:
            return QCoreApplication.translate(
                "BufferEditor", "shape: at most {count} elements in a buffer"
            ).format(count=MAX_ITEMS)
        return QCoreApplication.translate("BufferEditor", "shape: type sizes like 1024, or 64, 128")

    def _show_bytes(self, item_size: int) -> int | None:
        """Mark the shape invalid, or show the bytes it takes; its element count, if any."""
        shape = self._shape()
        mark_invalid(self.shape, shape is None)
        if shape is None:
            self.bytes.setText("")
            return None
        count = math.prod(shape)
        self.bytes.setText(f"= {format_bytes(count * item_size)}")
        return count

    def _show_size(self) -> None:
        raise NotImplementedError

    def _on_edited(self, *_args: object) -> None:
        self._show_size()
        self.specEdited.emit(self.spec())


class BufferEditor(ShapedBufferForm):
    """A buffer of numbers; its spec is NullArg while "NULL" is ticked (the kernel gets a
    null pointer)."""

    def __init__(self, info: KernelArgInfo, parent: QWidget | None = None) -> None:
        auto = "in" if info.is_const else "inout"
        help_texts = {
            mode: QCoreApplication.translate("BufferEditor", text)
            for mode, text in _ACCESS_HELP.items()
        }
        access = access_combo(
            QCoreApplication.translate("BufferEditor", "auto: {mode}").format(mode=auto),
            help_texts,
            help_texts,
        )
        access.setItemData(
            0,
            QCoreApplication.translate("BufferEditor", "From the kernel: {help}").format(
                help=help_texts[auto]
            ),
            Qt.ItemDataRole.ToolTipRole,
        )
        shape_tip = QCoreApplication.translate(
            "BufferEditor", "Elements along each dimension, rows first: 480, 640 is 480 rows"
        )
        super().__init__(shape_tip, access, parent)
        self.shape.setPlaceholderText(self.tr("1024, or 64, 128"))
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
        self.contents = InitEditor()
        self.contents.initEdited.connect(self._on_edited)
        self.null = QCheckBox(self.tr("NULL"))
        self.null.setToolTip(
            self.tr("Pass a null pointer instead of a buffer, for a kernel that checks for one")
        )
        self.null.toggled.connect(self._on_null_toggled)
        self.type_row.insertWidget(0, self.element, 1)
        self.type_row.addWidget(self.null)
        self.form.addRow(self.tr("Contents"), self.contents)
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
        self._dtype = spec.dtype
        self._show_shape(spec)
        with QSignalBlocker(self.element):
            self.element.setCurrentIndex(max(0, self.element.findData(spec.dtype.opencl_name)))
        self.contents.set_base_dir(base_dir)
        self.contents.set_init(spec.init, spec.dtype)
        self._show_size()

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
            return self._shape_problem()
        return self.contents.problem()

    def _show_size(self) -> None:
        count = self._show_bytes(self._dtype.itemsize)
        shape = self._shape()
        if count is None or shape is None:
            return
        self.contents.set_needed(math.prod(self._dtype.host_shape(shape)))
        self.contents.set_picture_problem(picture_problem(self._dtype, shape))
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
