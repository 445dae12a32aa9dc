"""A buffer of structs (shape, access, the contents of each field) and a struct passed by
value (a value per field), as the session's structs describe them."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

from clstudio.common import ElementType, StructType
from clstudio.session import BufferArg, Init, ScalarArg
from clstudio.ui.args.buffer_editor import ShapedBufferForm, access_combo
from clstudio.ui.args.init_editor import InitEditor
from clstudio.ui.args.scalar_editor import ScalarEditor

_ZEROS = Init("zeros")


def struct_summary(struct: StructType) -> str:
    """`struct Particle, 48 bytes: pos float4 @0, vel float4 @16, …` for a tooltip."""
    fields = ", ".join(f"{f.name} {f.type.opencl_name} @{f.offset}" for f in struct.fields)
    packed = ", packed" if struct.packed else ""
    return f"struct {struct.name}, {struct.size} bytes{packed}: {fields}"


class StructBufferEditor(ShapedBufferForm):
    """A buffer of structs: the contents of each field, zeros by default."""

    def __init__(self, dtype: ElementType, auto_access: str, parent: QWidget | None = None) -> None:
        assert dtype.struct is not None
        access = access_combo(
            QCoreApplication.translate("BufferEditor", "auto: {mode}").format(mode=auto_access),
            ("in", "out", "inout"),
        )
        shape_tip = QCoreApplication.translate(
            "StructBufferEditor", "Elements along each dimension, rows first"
        )
        super().__init__(shape_tip, access, parent)
        self._dtype = dtype
        self.struct = dtype.struct
        self.type_label = QLabel(f"struct {self.struct.name}")
        self.type_label.setObjectName("structType")
        self.type_label.setToolTip(struct_summary(self.struct))
        self.type_row.insertWidget(0, self.type_label, 1)
        self.fields: dict[str, InitEditor] = {}
        for field in self.struct.fields:
            editor = InitEditor()
            editor.setObjectName(f"field_{field.name}")
            editor.set_init(_ZEROS, field.type)
            editor.initEdited.connect(self._on_edited)
            self.fields[field.name] = editor
            self.form.addRow(f"{field.name} ({field.type.opencl_name})", editor)

    def set_spec(self, spec: BufferArg, base_dir: Path | None) -> None:
        """Show `spec`; never emits."""
        self._show_shape(spec)
        given = spec.init.params.get("fields", {}) if spec.init.kind == "fields" else {}
        for field in self.struct.fields:
            editor = self.fields[field.name]
            editor.set_base_dir(base_dir)
            editor.set_init(given.get(field.name, _ZEROS), field.type)
        self._show_size()

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
            return self._shape_problem()
        return _first_problem(self.fields)

    def _show_size(self) -> None:
        count = self._show_bytes(self.struct.size)
        if count is not None:
            for field in self.struct.fields:
                self.fields[field.name].set_needed(count * field.type.lanes)


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
        return _first_problem(self.fields)

    def _on_field_edited(self, _spec: object) -> None:
        self.specEdited.emit(self.spec())


def _nonzero(value: object) -> bool:
    return any(value) if isinstance(value, tuple) else bool(value)


def _first_problem(fields: Mapping[str, InitEditor | ScalarEditor]) -> str | None:
    """The first field's problem, named."""
    for name, editor in fields.items():
        problem = editor.problem()
        if problem is not None:
            return f"{name}: {problem}"
    return None
