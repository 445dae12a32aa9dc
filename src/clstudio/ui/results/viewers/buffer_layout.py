"""How a buffer's array maps onto the viewers: lanes, line, image, histogram and table.

Qt-free, so the arithmetic (which index is under the mouse, which row holds the
worst element) is tested without widgets. A vector type of width w keeps its
lanes on the last axis of the host array, as clstudio.common.dtypes lays it out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from clstudio.common import (
    GuardReport,
    ReferenceReport,
    RunResult,
    base_type_name,
    pointee_type,
)
from clstudio.session import CHANNEL_NAMES, ChannelOrder
from clstudio.ui.results.outputs.buffer_export import lane_names

VIEWS = ("line", "image", "histogram", "table")  # their titles are the viewer's, translated
FLOAT_BINS = 100
MAX_INTEGER_BINS = 512  # integers spanning at most this many values get one bar each


@dataclass(frozen=True)
class BufferLayout:
    """A host array's shape, and how many lanes of a vector type its last axis holds.

    An image argument of several channels is a (height, width, c) array whose lanes are
    its channels, named in memory order (`channels`: B, G, R, A for BGRA).
    """

    shape: tuple[int, ...]
    lanes: int = 1
    channels: tuple[str, ...] = ()  # an image's channel letters; () for a buffer
    # A buffer of structs: each field's name and lanes, the table's columns in order.
    fields: tuple[tuple[str, int], ...] = ()
    written_type: str = ""  # the element type as the kernel names it, when a typedef: "real"

    @property
    def element_shape(self) -> tuple[int, ...]:
        return self.shape[:-1] if self.lanes > 1 else self.shape

    @property
    def count(self) -> int:
        return math.prod(self.element_shape)

    @property
    def rgba(self) -> bool:
        """An image whose channels make a colour picture (RGBA, BGRA, ARGB)."""
        return set(self.channels) == {"R", "G", "B", "A"}

    @property
    def colour_lanes(self) -> list[int]:
        """The lanes that hold R, G, B and A, in that order, for a colour picture."""
        return [self.channels.index(letter) for letter in "RGBA"]

    @property
    def lane_names(self) -> tuple[str, ...]:
        if self.channels and self.lanes > 1:
            return self.channels
        return lane_names(self.lanes) if self.lanes > 1 else ()

    def views(self) -> tuple[str, ...]:
        """The viewers that fit: an image needs two axes (or a 1-D vector's lanes)."""
        if self.fields:
            return ("table",)  # each field has an entry of its own for the plots
        dims = len(self.element_shape)
        image = dims == 2 or (dims == 1 and self.lanes > 1)
        return tuple(view for view in VIEWS if view != "image" or image)

    def default_view(self) -> str:
        if self.fields:
            return "table"
        return "image" if len(self.element_shape) == 2 else "line"

    def element_index(self, flat: int) -> tuple[int, ...]:
        """The index along each axis of the flat element number `flat` (C order)."""
        return tuple(int(i) for i in np.unravel_index(flat, self.element_shape))


def layout_of(
    result: RunResult, name: str, array: np.ndarray, order: ChannelOrder | None = None
) -> BufferLayout:
    """How to read buffer `name`'s array: lanes from the kernel's pointer type, when known.

    A vector pointer (`float4*`) puts its lanes on the last axis; an image2d_t argument
    holds its channels there, named by the session's channel `order` (RGBA for four
    channels and RG for two when the order is not known).
    """
    if array.dtype.names:
        return _struct_layout(array)
    signature = result.build.kernel(result.kernel) if result.build is not None else None
    info = None if signature is None else next((a for a in signature.args if a.name == name), None)
    if info is not None and info.is_image:
        if order is None:
            order = "RGBA" if array.ndim == 3 and array.shape[-1] == 4 else "R"
            order = "RG" if array.ndim == 3 and array.shape[-1] == 2 else order
        channels = CHANNEL_NAMES[order]
        return BufferLayout(array.shape, len(channels), channels)
    element = None if info is None else pointee_type(info.type_name)
    written = base_type_name(info.written_type) if info is not None else ""
    if element is None or element.width == 1:
        return BufferLayout(array.shape, written_type=written)
    if array.ndim >= 2 and array.shape[-1] == element.lanes:
        return BufferLayout(array.shape, element.lanes, written_type=written)
    return BufferLayout(array.shape, written_type=written)


def line_values(array: np.ndarray, layout: BufferLayout, lane: int = 0) -> np.ndarray:
    """A 1-D view: every element in C order, one lane of a vector type."""
    values = array[..., lane] if layout.lanes > 1 else array
    return values.reshape(-1)


def image_values(array: np.ndarray, layout: BufferLayout, lane: int | None = 0) -> np.ndarray:
    """A 2-D view: rows × columns of one lane, or for a 1-D vector buffer lanes × elements.

    Lane None means every lane: a colour image becomes (height, width, 4) in RGBA order.
    """
    if layout.rgba and lane is None:
        return array if layout.channels == ("R", "G", "B", "A") else array[..., layout.colour_lanes]
    if layout.lanes > 1 and len(layout.element_shape) == 1:
        return array.T if lane is None else array[:, lane].reshape(1, -1)
    return array[..., 0 if lane is None else lane] if layout.lanes > 1 else array


def display_array(values: np.ndarray) -> np.ndarray:
    """What plots can draw: booleans as 0/1, 64-bit integers as float64."""
    if values.dtype == np.bool_:
        return values.view(np.uint8)
    if values.dtype.kind in "iu" and values.dtype.itemsize == 8:
        return values.astype(np.float64)
    return values


@dataclass(frozen=True)
class Histogram:
    counts: np.ndarray
    edges: np.ndarray
    non_finite: int  # NaN and infinities, left out of the bars
    per_value: bool = False  # one bar per integer value, edges at half-integers


def histogram(values: np.ndarray) -> Histogram:
    """One bar per integer when integers span a small range, else FLOAT_BINS even bars."""
    flat = values.reshape(-1)
    if flat.dtype == np.bool_:
        flat = flat.view(np.uint8)
    non_finite = 0
    if flat.dtype.kind == "f":
        finite = np.isfinite(flat)
        non_finite = int(flat.size - np.count_nonzero(finite))
        if non_finite:
            flat = flat[finite]
    if flat.size == 0:
        return Histogram(np.zeros(0, np.int64), np.zeros(1), non_finite)
    low, high = flat.min().item(), flat.max().item()
    if flat.dtype.kind in "iu" and high - low < MAX_INTEGER_BINS:
        # np.bincount is many times faster than np.histogram for small integers.
        offsets = np.subtract(flat, low, dtype=np.int64)  # no wrap-around for int8 and the like
        counts = np.bincount(offsets, minlength=high - low + 1)
        edges = np.arange(low, high + 2, dtype=np.float64) - 0.5
        return Histogram(counts, edges, non_finite, per_value=True)
    if low == high:
        low, high = low - 0.5, high + 0.5
    counts, edges = np.histogram(flat, bins=FLOAT_BINS, range=(low, high))
    # float32 data gives float32 edges, which overflow in pyqtgraph's range checks.
    return Histogram(counts, edges.astype(np.float64), non_finite)


def format_value(value: object) -> str:
    """A value as a learner reads it: integers whole, floats to their type's precision."""
    if isinstance(value, np.bool_ | bool):
        return "true" if value else "false"
    if isinstance(value, np.floating):
        digits = {2: 4, 4: 7}.get(value.dtype.itemsize, 12)
        return f"{float(value):.{digits}g}"
    if isinstance(value, float):
        return f"{value:.12g}"
    return str(value)


def index_text(index: tuple[int, ...]) -> str:
    return str(index[0]) if len(index) == 1 else "[" + ", ".join(map(str, index)) + "]"


@dataclass(frozen=True)
class TableLayout:
    """Rows and columns of the value table, computed on demand: nothing is materialised.

    A 2-D buffer of scalars is a grid (row, column); otherwise one row per element,
    with index columns when the buffer has several axes and a column per lane.
    """

    layout: BufferLayout

    @property
    def grid(self) -> bool:
        layout = self.layout
        return layout.lanes == 1 and not layout.fields and len(layout.element_shape) == 2

    @property
    def _field_columns(self) -> tuple[tuple[str, int | None, str], ...]:
        """A buffer of structs' value columns: (field, lane or None, title)."""
        return tuple(
            (name, None, name) if lanes == 1 else (name, lane, f"{name}.{lane_names(lanes)[lane]}")
            for name, lanes in self.layout.fields
            for lane in range(lanes)
        )

    @property
    def index_columns(self) -> int:
        dims = len(self.layout.element_shape)
        return 0 if self.grid or dims == 1 else dims

    @property
    def rows(self) -> int:
        return self.layout.shape[0] if self.grid else self.layout.count

    @property
    def columns(self) -> int:
        if self.grid:
            return self.layout.shape[1]
        if self.layout.fields:
            return self.index_columns + len(self._field_columns)
        return self.index_columns + max(self.layout.lanes, 1)

    def column_name(self, column: int) -> str:
        if self.grid:
            return str(column)
        if column < self.index_columns:
            return f"i{column}"
        if self.layout.fields:
            return self._field_columns[column - self.index_columns][2]
        if self.layout.lanes > 1:
            return self.layout.lane_names[column - self.index_columns]
        return "value"

    def field_at(self, column: int) -> str | None:
        """The field a column of a buffer of structs shows (cell indexes into it)."""
        if not self.layout.fields or column < self.index_columns:
            return None
        return self._field_columns[column - self.index_columns][0]

    def cell(self, row: int, column: int) -> tuple[int, ...] | None:
        """The host-array index shown in a cell, or None for an index column; for a buffer
        of structs, the index into the column's field (field_at): array["pos"][3, 0]."""
        if self.grid:
            return (row, column)
        if column < self.index_columns:
            return None
        element = self.layout.element_index(row)
        if self.layout.fields:
            lane = self._field_columns[column - self.index_columns][1]
            return element if lane is None else (*element, lane)
        return (*element, column - self.index_columns) if self.layout.lanes > 1 else element

    def position(self, index: tuple[int, ...]) -> tuple[int, int]:
        """The (row, column) that shows host-array element `index`."""
        if self.grid:
            return index[0], index[1]
        element_shape = self.layout.element_shape
        dims = len(element_shape)
        row = int(np.ravel_multi_index(index[:dims], element_shape))
        if self.layout.fields:
            return row, self.index_columns
        lane = index[dims] if self.layout.lanes > 1 and len(index) > dims else 0
        return row, self.index_columns + lane


@dataclass(frozen=True, eq=False)
class BufferEntry:
    """One array the Outputs tab lists: a buffer's result, or what it held before the run."""

    name: str
    role: str  # "result" (read back), "input" (never read back) or "initial" (before the run)
    array: np.ndarray
    layout: BufferLayout
    reference: ReferenceReport | None = None
    guard: GuardReport | None = None  # a guard-band violation, on the entry it concerns
    undefined: bool = False  # started uninitialised: what the kernel did not write is garbage

    @property
    def key(self) -> str:
        return f"{self.role}:{self.name}"


def buffer_entries(
    result: RunResult, orders: Mapping[str, ChannelOrder] | None = None
) -> list[BufferEntry]:
    """Results first, then the contents every buffer started from; `orders` gives each
    image argument's channel order, as its session sets it.

    A guard violation is shown on the buffer's result, or on its input when the
    buffer is not read back.
    """
    orders = orders or {}
    violations = {name: report for name, report in result.guards.items() if not report.ok}
    entries = []
    undefined = set(result.uninitialised)
    for name, array, field_layout in _with_fields(result.outputs):
        layout = field_layout or layout_of(result, name, array, orders.get(name))
        reference = result.references.get(name)
        guard = violations.get(name)
        blank = name.partition(".")[0] in undefined
        entries.append(BufferEntry(name, "result", array, layout, reference, guard, blank))
    inputs = {name: a for name, a in result.inputs.items() if name not in undefined}
    for name, array, field_layout in _with_fields(inputs):
        layout = field_layout or layout_of(result, name, array, orders.get(name))
        read_back = name.partition(".")[0] in result.outputs
        guard = None if read_back else violations.get(name)
        entries.append(
            BufferEntry(name, "initial" if read_back else "input", array, layout, guard=guard)
        )
    return entries


def _with_fields(
    arrays: dict[str, np.ndarray],
) -> list[tuple[str, np.ndarray, BufferLayout | None]]:
    """Each array; a buffer of structs, then each of its fields (`particles.pos`) after it,
    a vector field with its lanes on the last axis."""
    listed: list[tuple[str, np.ndarray, BufferLayout | None]] = []
    for name, array in arrays.items():
        listed.append((name, array, None))
        for path, shape in leaf_fields(array.dtype):
            part = field_values(array, path)
            lanes = shape[-1] if shape else 1
            listed.append((f"{name}.{path}", part, BufferLayout(part.shape, lanes)))
    return listed


def leaf_fields(dtype: np.dtype, prefix: str = "") -> list[tuple[str, tuple[int, ...]]]:
    """Each field of numbers in a struct's dtype by its dotted path (a nested struct's
    fields too, `corner.x`), with its shape in one struct: an array's and a vector's
    lengths, those of the arrays of structs that hold it first."""
    leaves: list[tuple[str, tuple[int, ...]]] = []
    fields: dict[str, Any] = dict(dtype.fields or {})
    for name, described in fields.items():
        sub: np.dtype = described[0]
        if sub.base.names:
            inner = leaf_fields(sub.base, f"{prefix}{name}.")
            leaves += [(path, (*sub.shape, *shape)) for path, shape in inner]
        else:
            leaves.append((f"{prefix}{name}", sub.shape))
    return leaves


def field_values(array: np.ndarray, path: str) -> np.ndarray:
    """A buffer of structs' field by its dotted path: `array["corner"]["x"]`."""
    part: Any = array  # numpy's stubs index structured arrays by field poorly
    for name in path.split("."):
        part = part[name]
    return np.asarray(part)


def _struct_layout(array: np.ndarray) -> BufferLayout:
    """A buffer of structs: one table row per element, a column per field (and lane; the
    values of an array field, or of a field in an array of structs, each a lane)."""
    return BufferLayout(
        array.shape,
        fields=tuple((path, max(1, math.prod(shape))) for path, shape in leaf_fields(array.dtype)),
    )
