"""A buffer of structs (shape, access, the contents of each field) and a struct passed by
value (a value per field), as the session's structs describe them."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QWidget

from clstudio.common import ElementType, StructType, format_bytes
from clstudio.session import BufferArg, Init, ScalarArg, SizePath
from clstudio.ui.args.init_editor import InitEditor
from clstudio.ui.args.number_fields import (
    SizesValidator,
    mark_invalid,
    parse_buffer_shape,
)
from clstudio.ui.args.scalar_editor import ScalarEditor
from clstudio.ui.args.sizes_editor import link_label, mark_linked

_ZEROS = Init("zeros")


def struct_summary(struct: StructType) -> str:
    """`struct Particle, 48 bytes: pos float4 @0, vel float4 @16, …` for a tooltip."""
    fields = ", ".join(f"{f.name} {f.type.opencl_name} @{f.offset}" for f in struct.fields)
    packed = ", packed" if struct.packed else ""
    return f"struct {struct.name}, {struct.size} bytes{packed}: {fields}"


class StructBufferEditor(QWidget):
    """`specEdited(BufferArg | None)` on every edit: None while a field is incomplete."""

    specEdited = Signal(object)

    def __init__(self, dtype: ElementType, auto_access: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        assert dtype.struct is not None
        self._dtype = dtype
        self.struct = dtype.struct
        self.shape = QLineEdit()
        self.shape.setValidator(SizesValidator(self.shape))
        self.shape.setToolTip(self.tr("Elements along each dimension, rows first"))
        self.shape.textEdited.connect(self._on_edited)
        self.shape_link = link_label()
        self.bytes = QLabel()
        self.bytes.setObjectName("bufferBytes")
        self.type_label = QLabel(f"struct {self.struct.name}")
        self.type_label.setObjectName("structType")
        self.type_label.setToolTip(struct_summary(self.struct))
        self.access = QComboBox()
        self.access.addItem(self.tr("auto: {mode}").format(mode=auto_access), None)
        for mode in ("in", "out", "inout"):
            self.access.addItem(mode, mode)
        self.access.currentIndexChanged.connect(self._on_edited)
        shape_row = QHBoxLayout()
        shape_row.addWidget(self.shape, 1)
        shape_row.addWidget(self.shape_link)
        shape_row.addWidget(self.bytes)
        type_row = QHBoxLayout()
        type_row.addWidget(self.type_label, 1)
        type_row.addWidget(QLabel(self.tr("Access")))
        type_row.addWidget(self.access, 1)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.tr("Shape"), shape_row)
        form.addRow(self.tr("Type"), type_row)
        self.fields: dict[str, InitEditor] = {}
        for field in self.struct.fields:
            editor = InitEditor()
            editor.setObjectName(f"field_{field.name}")
            editor.set_init(_ZEROS, field.type)
            editor.initEdited.connect(self._on_edited)
            self.fields[field.name] = editor
            form.addRow(f"{field.name} ({field.type.opencl_name})", editor)

    def set_spec(self, spec: BufferArg, base_dir: Path | None) -> None:
        """Show `spec`; never emits."""
        with QSignalBlocker(self.shape), QSignalBlocker(self.access):
            self.shape.setText(", ".join(map(str, spec.shape)))
            self.access.setCurrentIndex(max(0, self.access.findData(spec.access)))
        given = spec.init.params.get("fields", {}) if spec.init.kind == "fields" else {}
        for field in self.struct.fields:
            editor = self.fields[field.name]
            editor.set_base_dir(base_dir)
            editor.set_init(given.get(field.name, _ZEROS), field.type)
        self._show_size()

    def set_links(self, links: Mapping[SizePath, str]) -> None:
        shape = self._shape() or ()
        texts = [links.get(("shape", d), str(size)) for d, size in enumerate(shape)]
        linked = any(("shape", d) in links for d in range(len(shape)))
        mark_linked(self.shape, self.shape_link, ", ".join(texts) if linked else None)

    def spec(self) -> BufferArg | None:
        shape = self._shape()
        inits = {name: editor.init() for name, editor in self.fields.items()}
        if shape is None or any(init is None for init in inits.values()):
            return None
        named = {name: init for name, init in inits.items() if init is not None and init != _ZEROS}
        init = Init("fields", {"fields": named}) if named else _ZEROS
        return BufferArg(self._dtype, shape, init, self.access.currentData())

    def problem(self) -> str | None:
        if self._shape() is None:
            return self.tr("shape: type sizes like 1024, or 64, 128")
        for name, editor in self.fields.items():
            problem = editor.problem()
            if problem is not None:
                return f"{name}: {problem}"
        return None

    def _shape(self) -> tuple[int, ...] | None:
        return parse_buffer_shape(self.shape.text())

    def _show_size(self) -> None:
        shape = self._shape()
        mark_invalid(self.shape, shape is None)
        if shape is None:
            self.bytes.setText("")
            return
        count = math.prod(shape)
        for field in self.struct.fields:
            self.fields[field.name].set_needed(count * field.type.lanes)
        self.bytes.setText(f"= {format_bytes(count * self.struct.size)}")

    def _on_edited(self, *_args: object) -> None:
        self._show_size()
        self.specEdited.emit(self.spec())


class StructValueEditor(QWidget):
    """A struct passed by value, a field per row: `specEdited(ScalarArg | None)`."""

    specEdited = Signal(object)

    def __init__(self, struct: StructType, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.struct = struct
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        title = QLabel(f"struct {struct.name}")
        title.setObjectName("structType")
        title.setToolTip(struct_summary(struct))
        form.addRow(title)
        self.fields: dict[str, ScalarEditor] = {}
        for field in struct.fields:
            editor = ScalarEditor(field.type)
            editor.setObjectName(f"field_{field.name}")
            editor.specEdited.connect(self._on_field_edited)
            self.fields[field.name] = editor
            form.addRow(f"{field.name} ({field.type.opencl_name})", editor)

    def set_spec(self, spec: ScalarArg) -> None:
        """Show the value; fields the session leaves out show 0. Never emits."""
        given = spec.value if isinstance(spec.value, Mapping) else {}
        for field in self.struct.fields:
            value = given.get(field.name, 0 if field.type.width == 1 else (0,) * field.type.width)
            self.fields[field.name].set_spec(ScalarArg(value))

    def spec(self) -> ScalarArg | None:
        values = {name: editor.spec() for name, editor in self.fields.items()}
        if any(value is None for value in values.values()):
            return None
        given = {
            name: value.value
            for name, value in values.items()
            if value is not None and _nonzero(value.value)
        }
        return ScalarArg(given, self.struct)  # type: ignore[arg-type]

    def problem(self) -> str | None:
        for name, editor in self.fields.items():
            problem = editor.problem()
            if problem is not None:
                return f"{name}: {problem}"
        return None

    def _on_field_edited(self, _spec: object) -> None:
        self.specEdited.emit(self.spec())


def _nonzero(value: object) -> bool:
    return any(value) if isinstance(value, tuple) else bool(value)
