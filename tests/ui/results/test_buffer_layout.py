"""Which viewers fit a buffer, lanes, histograms and the lazy table's cells: no widgets."""

from collections.abc import Callable

import numpy as np
import pytest

from clstudio.common.results import BuildResult, GuardReport, ReferenceReport, RunResult
from clstudio.ui.results.viewers.buffer_layout import (
    BufferLayout,
    TableLayout,
    buffer_entries,
    format_value,
    histogram,
    image_values,
    layout_of,
    line_values,
)


def test_views_fit_the_shape() -> None:
    assert BufferLayout((1024,)).views() == ("line", "histogram", "table")
    assert BufferLayout((480, 640)).views() == ("line", "image", "histogram", "table")
    assert BufferLayout((256, 4), lanes=4).views() == ("line", "image", "histogram", "table")
    assert BufferLayout((4, 5, 6)).views() == ("line", "histogram", "table")
    assert BufferLayout((480, 640)).default_view() == "image"
    assert BufferLayout((256, 4), lanes=4).default_view() == "line"


def test_lanes_come_from_the_kernel_pointer_type(
    synthetic: Callable[..., RunResult], built: Callable[..., BuildResult]
) -> None:
    vectors = np.zeros((16, 4), np.float32)
    result = synthetic(
        outputs={"v": vectors, "m": np.zeros((16, 4), np.float32)},
        build=built(("v", "float4*", False), ("m", "float*", False)),
    )
    assert layout_of(result, "v", vectors) == BufferLayout((16, 4), 4)
    assert layout_of(result, "m", vectors) == BufferLayout((16, 4))  # a 16 × 4 matrix
    assert layout_of(synthetic(), "c", np.zeros(8)) == BufferLayout((8,))  # no build: scalars
    three = np.zeros((16, 4), np.float32)  # float3 takes four slots
    assert layout_of(synthetic(build=built(("v", "float3*", False))), "v", three).lanes == 4


def test_an_rgba_image_argument_has_colour_channels(
    synthetic: Callable[..., RunResult], built: Callable[..., BuildResult]
) -> None:
    pixels = np.zeros((3, 5, 4), np.uint8)
    result = synthetic(outputs={"dst": pixels}, build=built(("dst", "image2d_t", False)))
    layout = layout_of(result, "dst", pixels)
    assert layout == BufferLayout((3, 5, 4), 4, ("R", "G", "B", "A"))
    assert layout.rgba and layout.lane_names == ("R", "G", "B", "A")
    assert layout.default_view() == "image"
    assert image_values(pixels, layout, None) is pixels  # every channel: in colour
    assert image_values(pixels, layout, 1).shape == (3, 5)
    gray = np.zeros((3, 5), np.uint8)  # channel order R
    assert layout_of(result, "dst", gray) == BufferLayout((3, 5), channels=("R",))


def test_an_image_names_its_channels_in_memory_order_and_shows_colour_as_rgba(
    synthetic: Callable[..., RunResult], built: Callable[..., BuildResult]
) -> None:
    bgra = np.array([[[1, 2, 3, 4]]], np.uint8)
    result = synthetic(outputs={"dst": bgra}, build=built(("dst", "image2d_t", False)))
    layout = layout_of(result, "dst", bgra, "BGRA")
    assert layout.lane_names == ("B", "G", "R", "A") and layout.rgba
    assert image_values(bgra, layout, None).tolist() == [[[3, 2, 1, 4]]]
    assert image_values(bgra, layout, 0).tolist() == [[1]]  # the B channel
    two = np.zeros((3, 5, 2), np.int16)
    layout = layout_of(result, "dst", two, "RA")
    assert layout.lane_names == ("R", "A") and not layout.rgba
    assert layout.views() == ("line", "image", "histogram", "table")


def test_line_and_image_values_pick_lanes() -> None:
    array = np.arange(24, dtype=np.float32).reshape(6, 4)
    layout = BufferLayout(array.shape, lanes=4)
    np.testing.assert_array_equal(line_values(array, layout, 1), array[:, 1])
    np.testing.assert_array_equal(image_values(array, layout, None), array.T)
    np.testing.assert_array_equal(image_values(array, layout, 2), array[:, 2].reshape(1, -1))
    grid = np.arange(12).reshape(3, 4)
    np.testing.assert_array_equal(line_values(grid, BufferLayout(grid.shape)), np.arange(12))
    assert image_values(grid, BufferLayout(grid.shape)) is grid


def test_histogram_of_small_integers_has_a_bar_per_value() -> None:
    values = np.array([-3, -3, 0, 2, 2, 2], dtype=np.int8)
    found = histogram(values)
    assert found.per_value
    np.testing.assert_array_equal(found.counts, [2, 0, 0, 1, 0, 3])
    assert found.edges[0] == -3.5 and found.edges[-1] == 2.5


def test_histogram_of_floats_matches_numpy_and_leaves_out_nan() -> None:
    values = np.array([0.5, 1.0, np.nan, 2.0, np.inf, 1.5], dtype=np.float32)
    found = histogram(values)
    counts, edges = np.histogram(values[np.isfinite(values)], bins=100, range=(0.5, 2.0))
    np.testing.assert_array_equal(found.counts, counts)
    np.testing.assert_allclose(found.edges, edges)
    assert found.non_finite == 2
    assert histogram(np.full(3, 7.0)).counts.sum() == 3  # one value only


@pytest.mark.parametrize(
    ("shape", "lanes", "rows", "columns", "names"),
    [
        ((10,), 1, 10, 1, ["value"]),
        ((3, 4), 1, 3, 4, ["0", "1", "2", "3"]),
        ((5, 4), 4, 5, 4, ["x", "y", "z", "w"]),
        ((2, 3, 4), 1, 24, 4, ["i0", "i1", "i2", "value"]),
        ((2, 3, 2), 2, 6, 4, ["i0", "i1", "x", "y"]),
    ],
)
def test_table_layout_never_materialises_but_maps_every_cell(
    shape: tuple[int, int, int] | tuple[int, int] | tuple[int],
    lanes: int,
    rows: int,
    columns: int,
    names: list[str],
) -> None:
    table = TableLayout(BufferLayout(shape, lanes))
    assert (table.rows, table.columns) == (rows, columns)
    assert [table.column_name(c) for c in range(columns)] == names
    array = np.arange(int(np.prod(shape))).reshape(shape)
    seen = set()
    for row in range(rows):
        for column in range(columns):
            where = table.cell(row, column)
            if where is not None:
                assert table.position(where) == (row, column)
                seen.add(int(array[where]))
    assert seen == set(array.reshape(-1).tolist())  # every element shown exactly once


def test_format_value_uses_the_type_precision() -> None:
    assert format_value(np.float32(1 / 3)) == "0.3333333"
    assert format_value(np.float64(1 / 3)) == "0.333333333333"
    assert format_value(np.uint8(255)) == "255"
    assert format_value(np.bool_(True)) == "true"


def test_entries_list_results_first_and_put_guards_on_the_concerned_buffer() -> None:
    c = np.zeros(4, np.float32)
    result = RunResult(
        ok=True,
        inputs={"a": np.ones(4, np.float32), "c": np.zeros(4, np.float32)},
        outputs={"c": c},
        references={"c": ReferenceReport("c", "a", False, 1.0, 1.0, (2,), "bad")},
        guards={
            "a": GuardReport("a", False, 0, 2, 4, "2 elements written past the end"),
            "c": GuardReport("c", True),
        },
    )
    entries = buffer_entries(result)
    assert [entry.key for entry in entries] == ["result:c", "input:a", "initial:c"]
    assert entries[0].array is c
    assert entries[0].reference is not None and entries[0].reference.worst_index == (2,)
    assert entries[0].guard is None  # c's guard bands are intact
    assert entries[1].guard is not None
    assert entries[1].guard.message == "2 elements written past the end"
    assert entries[2].reference is None
