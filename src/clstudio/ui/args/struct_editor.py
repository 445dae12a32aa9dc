"""A buffer of structs (shape, access, the contents of each field) and a struct passed by
value (a value per field), as the session's structs describe them; a nested struct's
fields and an array's elements each have a row."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

import numpy as np
from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

from clstudio.common import (
    ElementType,
    FieldValue,
    StructField,
    StructType,
    StructValue,
    struct_leaves,
)
from clstudio.session import BufferArg, Init, ScalarArg
from clstudio.ui.args.buffer_editor import ShapedBufferForm, access_combo
from clstudio.ui.args.init_editor import InitEditor
from clstudio.ui.args.scalar_editor import ScalarEditor

_ZEROS = Init("zeros")


def struct_summary(struct: StructType) -> str:
    """`struct Particle, 48 bytes: pos float4 @0, vel float4 @16, …` for a tooltip."""
    fields = ", ".join(f"{f.name} {f.type_text} @{f.offset}" for f in struct.fields)
    packed = ", packed" if struct.packed else ""
    return f"struct {struct.name}, {struct.size} bytes{packed}: {fields}"


def _init_leaves(
    struct: StructType, prefix: tuple[str, ...] = (), outer: tuple[int, ...] = ()
) -> list[tuple[tuple[str, ...], StructField, int]]:
    """Each field a buffer's contents fill, a nested struct's too: its path of names, the
    field, and its values per struct (arrays, those of arrays of structs, lanes)."""
    leaves = []
    for field in struct.fields:
        path = (*prefix, field.name)
        shape = (*outer, *field.shape)
        if field.type.struct is not None:
            leaves += _init_leaves(field.type.struct, path, shape)
        else:
            leaves.append((path, field, math.prod(shape) * field.type.lanes))
    return leaves


def _init_at(init: Init, path: tuple[str, ...]) -> Init:
    for name in path:
        fields = init.params.get("fields", {}) if init.kind == "fields" else {}
        init = fields.get(name, _ZEROS)
    return init


def _nested_init(inits: Mapping[tuple[str, ...], Init]) -> Init:
    """{("corner", "x"): fill} as {"fields": {"corner": {"fields": {"x": fill}}}}, without
    the zeros."""
    named: dict[str, dict[tuple[str, ...], Init]] = {}
    for path, init in inits.items():
        if init != _ZEROS:
            named.setdefault(path[0], {})[path[1:]] = init
    fields = {
        name: inner[()] if () in inner else _nested_init(inner) for name, inner in named.items()
    }
    return Init("fields", {"fields": fields}) if fields else _ZEROS


class StructBufferEditor(ShapedBufferForm):
    """A buffer of structs: the contents of each field, a nested struct's fields each on a
    row of their own (`corner.x`), zeros by default."""

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
        self._leaves = _init_leaves(self.struct)
        self.fields: dict[str, InitEditor] = {}
        for path, field, _values in self._leaves:
            name = ".".join(path)
            editor = InitEditor()
            editor.setObjectName(f"field_{name}")
            editor.set_init(_ZEROS, field.type)
            editor.initEdited.connect(self._on_edited)
            self.fields[name] = editor
            self.form.addRow(f"{name} ({field.type_text})", editor)

    def set_spec(self, spec: BufferArg, base_dir: Path | None) -> None:
        """Show `spec`; never emits."""
        self._show_shape(spec)
        for path, field, _values in self._leaves:
            editor = self.fields[".".join(path)]
            editor.set_base_dir(base_dir)
            editor.set_init(_init_at(spec.init, path), field.type)
        self._show_size()

    def spec(self) -> BufferArg | None:
        shape = self._shape()
        inits = {path: self.fields[".".join(path)].init() for path, _, _ in self._leaves}
        if shape is None or any(init is None for init in inits.values()):
            return None
        given = {path: init for path, init in inits.items() if init is not None}
        return BufferArg(self._dtype, shape, _nested_init(given), self.access.currentData())

    def problem(self) -> str | None:
        if self._shape() is None:
            return self._shape_problem()
        return _first_problem(self.fields)

    def _show_size(self) -> None:
        count = self._show_bytes(self.struct.size)
        if count is not None:
            for path, _field, values in self._leaves:
                self.fields[".".join(path)].set_needed(count * values)


class StructValueEditor(QWidget):
    """A struct passed by value, a row per scalar or vector in it (`m[2]`, `corner.x`):
    `specEdited(ScalarArg | None)`."""

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
        self._paths: dict[str, tuple[str | int, ...]] = {}
        for path, field, _numbers in struct_leaves(struct, np.zeros((), struct.numpy_dtype)):
            name = _path_text(path)
            editor = ScalarEditor(field.type)
            editor.setObjectName(f"field_{name}")
            editor.specEdited.connect(self._on_field_edited)
            self.fields[name] = editor
            self._paths[name] = path
            form.addRow(f"{name} ({field.type.opencl_name})", editor)

    def set_spec(self, spec: ScalarArg) -> None:
        """Show the value; fields the session leaves out show 0. Never emits."""
        given = spec.value if isinstance(spec.value, Mapping) else {}
        for name, editor in self.fields.items():
            editor.set_spec(ScalarArg(_value_at(self.struct, given, self._paths[name])))

    def spec(self) -> ScalarArg | None:
        values = {name: editor.spec() for name, editor in self.fields.items()}
        if any(value is None for value in values.values()):
            return None
        leaves: dict[tuple[str | int, ...], FieldValue] = {
            self._paths[n]: v.value for n, v in values.items() if v is not None
        }
        return ScalarArg(_struct_value(self.struct, (), leaves), self.struct)

    def problem(self) -> str | None:
        return _first_problem(self.fields)

    def _on_field_edited(self, _spec: object) -> None:
        self.specEdited.emit(self.spec())


LeafValue = int | float | tuple[int | float, ...]


def _path_text(path: tuple[str | int, ...]) -> str:
    """`corners[1].x` for ("corners", 1, "x")."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else f"{'.' if text else ''}{step}"
    return text


def _value_at(struct: StructType, value: StructValue, path: tuple[str | int, ...]) -> LeafValue:
    """The scalar or vector at `path` in a struct's value; 0 where the value leaves it out."""
    item: object = value
    field = None
    current: StructType | None = struct
    for step in path:
        if isinstance(step, str):
            assert current is not None
            field = current.field(step)
            current = None if field is None else field.type.struct
            item = item.get(step) if isinstance(item, Mapping) else None
        else:
            item = item[step] if isinstance(item, tuple) else None
    assert field is not None
    if item is None:
        return 0 if field.type.width == 1 else (0,) * field.type.width
    assert isinstance(item, int | float | tuple)
    return item


def _struct_value(
    struct: StructType,
    prefix: tuple[str | int, ...],
    leaves: Mapping[tuple[str | int, ...], FieldValue],
) -> dict[str, FieldValue]:
    """The value the leaves' editors hold, fields that are all zeros left out."""
    value: dict[str, FieldValue] = {}
    for field in struct.fields:
        item = _field_value(field, (*prefix, field.name), field.shape, leaves)
        if _nonzero(item):
            value[field.name] = item
    return value


def _field_value(
    field: StructField,
    path: tuple[str | int, ...],
    shape: tuple[int, ...],
    leaves: Mapping[tuple[str | int, ...], FieldValue],
) -> FieldValue:
    if shape:
        return tuple(_field_value(field, (*path, i), shape[1:], leaves) for i in range(shape[0]))
    if field.type.struct is not None:
        return _struct_value(field.type.struct, path, leaves)
    return leaves[path]


def _nonzero(value: object) -> bool:
    if isinstance(value, Mapping):
        return any(_nonzero(v) for v in value.values())
    if isinstance(value, tuple):
        return any(_nonzero(v) for v in value)
    return bool(value)


def _first_problem(fields: Mapping[str, InitEditor | ScalarEditor]) -> str | None:
    """The first field's problem, named."""
    for name, editor in fields.items():
        problem = editor.problem()
        if problem is not None:
            return f"{name}: {problem}"
    return None
