"""Values and memory as tree rows: vectors by component, arrays by index, marks on elements."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from clstudio.debugger import MemoryView, Value, value_text
from clstudio.debugger.debug_results import Components

_COMPONENTS = "xyzw"
MAX_ROWS = 1024  # of one array: more would only slow the dock down


def component_names(count: int) -> list[str]:
    """OpenCL's names for a vector's components: .x .y .z .w, or .s0 ... .sF past four."""
    if count <= 4:
        return [f".{c}" for c in _COMPONENTS[:count]]
    return [f".s{i:X}" for i in range(count)]


def fill_values(tree: QTreeWidget, values: tuple[Value, ...]) -> None:
    """One row per value (name, type, value); a vector's components or an array's elements
    as rows under it."""
    tree.clear()
    for value in values:
        row = QTreeWidgetItem(tree, [value.expression, value.type_name, _shown(value)])
        if isinstance(value.value, tuple):
            _add_parts(row, value.value, vector="[" not in value.type_name)
    tree.resizeColumnToContents(0)


def _shown(value: Value) -> str:
    return value.text if value.value is not None else value.error


def _add_parts(parent: QTreeWidgetItem, parts: tuple[Components, ...], vector: bool) -> None:
    names = component_names(len(parts)) if vector else [f"[{i}]" for i in range(len(parts))]
    for name, part in zip(names, parts, strict=True):
        child = QTreeWidgetItem(parent, [name, "", value_text(part)])
        if isinstance(part, tuple):
            _add_parts(child, part, vector=False)


def fill_memory(tree: QTreeWidget, views: tuple[MemoryView, ...]) -> None:
    """One branch per array, one row per element: index, value, and a mark on the elements
    written since the last stop and on the one the paused line touches."""
    tree.clear()
    written = QCoreApplication.translate("DebugPanel", "written")
    this_line = QCoreApplication.translate("DebugPanel", "this line")
    for view in views:
        title = f"{view.name}  ({view.space} {view.type_name}, {view.count})"
        branch = QTreeWidgetItem(tree, [title, "", ""])
        changed = set(view.changed)
        for offset, element in enumerate(view.values[:MAX_ROWS]):
            index = view.first + offset
            marks = []
            if index in changed:
                marks.append(written)
            if index == view.focus:
                marks.append(this_line)
            row = QTreeWidgetItem(branch, [f"[{index}]", value_text(element), ", ".join(marks)])
            if marks:
                font = QFont(row.font(1))
                font.setBold(True)
                row.setFont(1, font)
        branch.setExpanded(True)
    tree.resizeColumnToContents(0)
