"""A kernel whose argument types typedefs name opens in the window with both names in the
form, takes values, runs, and shows both names in Outputs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from clstudio.ui.args.buffer_editor import BufferEditor
from clstudio.ui.args.scalar_editor import ScalarEditor
from clstudio.ui.main_window import MainWindow
from ui.window_steps import open_kernel, retype, run_with_f5

pytestmark = pytest.mark.opencl

# PolyBench's element type and the course's InfiniCore index type.
SCALE = """\
typedef float DATA_TYPE;
typedef unsigned int Tidx;
__kernel void scale(__global const DATA_TYPE *src, __global DATA_TYPE *dst,
                    const DATA_TYPE k, const Tidx n)
{
    Tidx i = get_global_id(0);
    if (i < n)
        dst[i] = k * src[i];
}
"""


def test_a_typedefd_kernel_shows_both_names_takes_values_and_runs(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window()
    panel = open_kernel(qtbot, window, tmp_path / "scale.cl", SCALE)
    headings = {row.name: row.type_label.text() for row in panel.rows()}
    assert headings == {
        "src": "__global const DATA_TYPE* (float*)",
        "dst": "__global DATA_TYPE* (float*)",
        "k": "DATA_TYPE (float)",
        "n": "Tidx (uint)",
    }
    src = panel.row("src")
    assert src is not None and isinstance(src.editor, BufferEditor)
    k, n = panel.row("k"), panel.row("n")
    assert k is not None and isinstance(k.editor, ScalarEditor)
    assert n is not None and isinstance(n.editor, ScalarEditor)
    retype(qtbot, k.editor.lanes[0], "3")
    retype(qtbot, n.editor.lanes[0], "1000")

    result = run_with_f5(qtbot, window)
    assert result.ok, result.error
    expected = 3 * result.inputs["src"]
    expected[1000:] = 0
    np.testing.assert_array_equal(result.outputs["dst"], expected)
    outputs = window.results_panel.outputs.buffer_list
    texts = [outputs.item(row).text() for row in range(outputs.count())]
    assert any(t.startswith("dst — result") and "DATA_TYPE (float) [1024]" in t for t in texts)
