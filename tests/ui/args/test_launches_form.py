"""The Arguments form edits a program's launches: add one, pick its kernel, bind, run."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from clstudio.session import Launch, leaf_launches, load_session
from clstudio.ui.args.buffer_editor import BufferEditor
from clstudio.ui.args.launch_card import LaunchCard
from clstudio.ui.args.scalar_editor import ScalarEditor
from clstudio.ui.main_window import MainWindow
from clstudio.ui.results.timings.timings_panel import TimingsPanel
from ui.window_steps import TWO_KERNELS, open_gallery, open_kernel, retype, run_with_f5

pytestmark = pytest.mark.opencl

KERNELS = Path(__file__).parents[3] / "kernels"


def choose(qtbot: QtBot, combo: QComboBox, text: str) -> None:
    """Pick an item as the user does: open the list, go to the item, press Enter."""
    combo.setFocus()
    index = combo.findText(text)
    assert index >= 0, [combo.itemText(i) for i in range(combo.count())]
    while combo.currentIndex() != index:
        key = Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up
        qtbot.keyClick(combo, key)


def header_text(timings: TimingsPanel) -> str:
    item = timings.stats_table.horizontalHeaderItem(0)
    assert item is not None
    return item.text()


def cards(window: MainWindow) -> list[LaunchCard]:
    return window.arguments_panel.launches.cards


def test_add_a_second_launch_of_another_kernel_run_and_read_both_in_the_timeline(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window()
    panel = open_kernel(qtbot, window, tmp_path / "two.cl", TWO_KERNELS)
    assert cards(window) == [] and "fill is launched once" in panel.launches.summary.text()
    row = panel.row("value")
    assert row is not None and isinstance(row.editor, ScalarEditor)
    retype(qtbot, row.editor.lanes[0], "2")

    qtbot.mouseClick(panel.launches.add, Qt.MouseButton.LeftButton)
    assert [card.heading.text() for card in cards(window)] == ["Launch 1 of 2", "Launch 2 of 2"]
    assert not panel.ndrange.isVisibleTo(panel)  # each launch has its NDRange now
    choose(qtbot, cards(window)[1].kernel, "scale")
    # scale's parameters are new arguments of the program, by their own names.
    assert [row.name for row in panel.rows()] == ["out", "value", "src", "dst", "k"]
    second = cards(window)[1]
    choose(qtbot, second.bindings["src"].choice, "out")
    choose(qtbot, cards(window)[1].bindings["k"].choice, "a value of its own")
    retype(qtbot, cards(window)[1].bindings["k"].value, "3")
    # Nothing passes `src` and `k` any more: they left the form.
    assert [row.name for row in panel.rows()] == ["out", "value", "dst"]
    session = window.workbench.document.session
    assert [launch.kernel for launch in leaf_launches(session.launches)] == ["fill", "scale"]

    result = run_with_f5(qtbot, window)
    assert result.ok, result.error
    np.testing.assert_array_equal(result.outputs["dst"], np.full(1024, 6.0, np.float32))
    timeline = window.results_panel.timings.timeline
    assert {"kernel fill", "kernel scale"} <= set(timeline.row_names())
    assert timeline.legend_kernels() == ["fill", "scale"]


def test_launches_move_and_go_and_a_saved_program_keeps_them(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window()
    panel = open_gallery(qtbot, window, "scan_multi_block", launches=3)
    assert panel.title.text() == "Arguments of the program"
    assert [c.kernel.currentText() for c in cards(window)] == [
        "scan_blocks",
        "scan_blocks",
        "add_block_offsets",
    ]
    qtbot.mouseClick(cards(window)[2].up, Qt.MouseButton.LeftButton)
    assert [c.kernel.currentText() for c in cards(window)] == [
        "scan_blocks",
        "add_block_offsets",
        "scan_blocks",
    ]
    qtbot.mouseClick(cards(window)[1].down, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(cards(window)[2].remove, Qt.MouseButton.LeftButton)
    assert len(cards(window)) == 2
    saved = tmp_path / "two_scans.json"
    window.files.save_to(saved)
    written = json.loads(saved.read_text())
    assert [launch["kernel"] for launch in written["launches"]] == ["scan_blocks", "scan_blocks"]
    assert written["launches"][1]["global_size"] == ["N/B"]
    assert load_session(saved).launches[1] == Launch(
        "scan_blocks", (1024,), (1024,), {"in": "sums", "out": "offsets", "block_sums": "total"}
    )


def test_a_group_repeats_and_a_bad_swap_is_refused_before_run(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "game_of_life", launches=1)
    box = window.arguments_panel.launches.groups[0]
    assert box.iterations.value() == 64 and box.swaps.text() == "grid next"
    retype(qtbot, box.swaps, "grid width")
    qtbot.keyClick(box.swaps, Qt.Key.Key_Return)
    assert "'width' is not a buffer of the session" in box.problem.text()
    assert not window.workbench.request_run()
    assert "not a buffer" in window.run_bar.refusal.text()


def test_timings_give_each_kernels_statistics_and_share(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "scan_multi_block", launches=3)
    result = run_with_f5(qtbot, window)
    assert result.ok, result.error
    timings = window.results_panel.timings
    rows = timings.shares_table.rows()
    assert [(row[0], row[1]) for row in rows] == [("scan_blocks", "10"), ("add_block_offsets", "5")]
    shares = [int(row[4].rstrip("%")) for row in rows]
    assert 98 <= sum(shares) <= 102  # each rounded to a whole percent
    assert header_text(timings) == "Program time"
    assert timings.stats_value("Repeats") == 5
    timeline = timings.timeline
    assert len(timeline.bars("kernel", "scan_blocks")) == 10
    assert timeline.kernel_brush("scan_blocks") != timeline.kernel_brush("add_block_offsets")


def test_a_one_launch_session_looks_and_runs_as_before(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window()
    panel = open_gallery(qtbot, window, "vector_add")
    assert cards(window) == [] and panel.ndrange.isVisibleTo(panel)
    assert panel.title.text() == "Arguments of vector_add"
    before = window.workbench.document.session
    qtbot.mouseClick(panel.launches.add, Qt.MouseButton.LeftButton)
    assert len(cards(window)) == 2 and panel.title.text() == "Arguments of the program"
    qtbot.mouseClick(cards(window)[1].remove, Qt.MouseButton.LeftButton)
    # Back to one launch: the form and the session are as they were.
    assert cards(window) == [] and panel.ndrange.isVisibleTo(panel)
    assert panel.title.text() == "Arguments of vector_add"
    assert window.workbench.document.session == before
    assert not window.workbench.document.dirty
    result = run_with_f5(qtbot, window)
    assert result.ok, result.error
    timings = window.results_panel.timings
    assert timings.timeline.legend_kernels() == [] and not timings.shares_table.isVisibleTo(timings)
    assert header_text(timings) == "Kernel time"
    saved = tmp_path / "va.json"
    window.files.save_to(saved)
    assert "launches" not in json.loads(saved.read_text())


def test_outputs_show_a_buffer_as_each_launch_of_the_first_iteration_left_it(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "vadd_chain", launches=3)
    result = run_with_f5(qtbot, window)
    assert result.ok, result.error
    outputs = window.results_panel.outputs
    picker = outputs.launch_picker
    assert picker.isVisibleTo(outputs)
    assert [picker.itemText(i) for i in range(picker.count())] == [
        "after the program",
        "after launch 1 of 3 (vadd)",
        "after launch 2 of 3 (vadd)",
        "after launch 3 of 3 (vadd)",
    ]
    assert outputs.select_buffer("e")
    final = outputs.current_entry()
    assert final is not None and final.reference is not None and final.reference.ok
    choose(qtbot, picker, "after launch 1 of 3 (vadd)")
    shown = outputs.current_entry()
    assert shown is not None and not shown.array.any()  # launch 2 writes e
    assert shown.reference is None  # the reference judges the program's end
    assert outputs.reference_label.text().startswith("As launch 1 of 3 (vadd) left it")
    assert not outputs.reference_editor.isVisibleTo(outputs)
    choose(qtbot, picker, "after launch 2 of 3 (vadd)")
    shown = outputs.current_entry()
    assert shown is not None
    np.testing.assert_array_equal(shown.array, final.array)
    choose(qtbot, picker, "after the program")
    assert outputs.current_entry() == final


def test_a_programs_summary_names_its_launches_and_hides_one_launchs_throughput(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "vadd_chain", launches=3)
    assert run_with_f5(qtbot, window).ok
    timings = window.results_panel.timings
    assert timings.summary.text().startswith("<b>A program of 3 launches</b> (vadd) on ")
    assert not timings.throughput.isVisibleTo(timings)
    assert window.status.run_label.text().endswith("median over 5 repeats, ok")


def test_a_bad_local_size_in_a_launch_is_flagged_on_its_card_and_refused(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "scan_multi_block", launches=3)
    retype(qtbot, cards(window)[1].ndrange.local_fields[0], "1000")
    second = cards(window)[1]
    assert second.problems.isVisibleTo(second)
    assert second.problems.text().startswith("launch 2 of 3, kernel `scan_blocks`: ")
    assert not cards(window)[0].problems.isVisibleTo(cards(window)[0])
    assert not window.workbench.request_run()
    assert "launch 2 of 3" in window.run_bar.refusal.text()


def test_an_iterated_program_counts_the_launches_it_enqueues(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "game_of_life", launches=1)
    assert run_with_f5(qtbot, window).ok
    timings = window.results_panel.timings
    assert timings.summary.text().startswith("<b>A program of 64 launches</b> (life) on ")
    assert timings.shares_table.rows()[0][:2] == ["life", "320"]
    assert timings.shares_table.rows()[0][-1] == "100%"


def test_a_swapped_buffer_reshaped_saves_reopens_and_is_refused_with_why(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "game_of_life", launches=1)
    row = window.arguments_panel.row("next")
    assert row is not None and isinstance(row.editor, BufferEditor)
    retype(qtbot, row.editor.shape, "16, 16")
    qtbot.keyClick(row.editor.shape, Qt.Key.Key_Return)
    why = "'grid' and 'next' must be two buffers of the same type and shape"
    qtbot.waitUntil(lambda: why in window.arguments_panel.launches.groups[0].problem.text())
    saved = tmp_path / "life.json"
    window.files.save_to(saved)

    again = make_window()
    assert again.files.load(saved)
    qtbot.waitUntil(lambda: len(cards(again)) == 1, timeout=30_000)
    assert again.arguments_panel.launches.groups[0].swaps.text() == "grid next"
    qtbot.waitUntil(lambda: why in again.arguments_panel.launches.groups[0].problem.text())
    assert not again.workbench.request_run()
    assert why in again.run_bar.refusal.toolTip()


def new_buffer(qtbot: QtBot, card: LaunchCard, parameter: str, name: str) -> None:
    """Bind `parameter` to a new buffer as the user does: End picks "a new buffer…", the
    name is typed over the one offered, Enter takes it."""
    combo = card.bindings[parameter].choice
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_End)
    assert combo.currentText() == "a new buffer…"
    field = card.bindings[parameter].new_name
    assert field.isVisibleTo(card) and field.hasFocus()
    qtbot.keyClicks(field, name)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_a_chain_of_one_kernel_builds_its_new_buffers_in_the_form_and_runs(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    """Lesson 1's chain: c = a + b, then d = c + e, all from the launch cards."""
    window = make_window()
    panel = open_gallery(qtbot, window, "vector_add")
    qtbot.mouseClick(panel.launches.add, Qt.MouseButton.LeftButton)
    second = cards(window)[1]
    first_a = second.bindings["a"].choice
    first_a.setFocus()
    qtbot.keyClick(first_a, Qt.Key.Key_C)  # a: the first launch's c
    assert first_a.currentText() == "c"
    assert second.bindings["c"].new_name.text() == "d"  # the next free letter, offered
    new_buffer(qtbot, cards(window)[1], "c", "d")
    new_buffer(qtbot, cards(window)[1], "b", "e")
    session = window.workbench.document.session
    assert leaf_launches(session.launches)[1].args == {"a": "c", "b": "e", "c": "d"}
    for name in ("d", "e"):  # rows of the kernel parameter's type and the launch's size
        row = panel.row(name)
        assert row is not None and isinstance(row.editor, BufferEditor)
        assert row.editor.element.currentText() == "float"
        assert row.editor.shape.text() == panel.row("c").editor.shape.text()  # type: ignore[union-attr]

    result = run_with_f5(qtbot, window)
    assert result.error is None
    c = result.inputs["a"] + result.inputs["b"]
    np.testing.assert_allclose(result.outputs["c"], c)
    np.testing.assert_allclose(result.outputs["d"], c + result.inputs["e"])


def test_a_new_buffer_needs_a_name_before_the_launch_runs(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    panel = open_gallery(qtbot, window, "vector_add")
    qtbot.mouseClick(panel.launches.add, Qt.MouseButton.LeftButton)
    card = cards(window)[1]
    combo = card.bindings["c"].choice
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_End)
    field = card.bindings["c"].new_name
    field.selectAll()
    qtbot.keyClicks(field, "2d")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert card.problem() == "launch 2: name the new buffer for c: letters, digits and _"
    assert "d" not in window.workbench.document.session.args


def test_the_bfs_runs_until_its_flag_stays_0_and_the_form_sets_its_condition_and_most(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "bfs", launches=2)
    launches = window.arguments_panel.launches
    box = launches.groups[0]
    assert box.until_kind.currentText() == "until a buffer equals a number"
    assert box.until_buffer.currentText() == "g_over"
    assert (box.until_value.text(), box.until_reset.text()) == ("0", "0")
    assert box.repeat_label.text() == "Repeat at most" and box.iterations.value() == 64
    assert "at most 128 enqueued per run" in launches.summary.text()

    assert run_with_f5(qtbot, window).ok
    rounds = "launches 1 to 2: 15 rounds, until `g_over` equals 0"
    assert rounds in window.results_panel.timings.summary.text()
    assert rounds in window.status.run_label.text()

    # Ten rounds at most: the search stops short and the run says why.
    box.iterations.setFocus()
    box.iterations.selectAll()
    qtbot.keyClicks(box.iterations, "10")
    qtbot.keyClick(box.iterations, Qt.Key.Key_Return)
    result = run_with_f5(qtbot, window)
    assert not result.ok and result.error is None
    short = "`g_over` equals 0 still did not hold after the most rounds, 10"
    assert short in window.results_panel.timings.summary.text()


def test_a_condition_on_a_buffer_too_large_or_a_number_mistyped_is_refused_before_run(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "bfs", launches=2)
    box = window.arguments_panel.launches.groups[0]
    retype(qtbot, box.until_value, "none")
    qtbot.keyClick(box.until_value, Qt.Key.Key_Return)
    assert box.problem.text() == "the condition's number is not a number"
    assert not window.workbench.request_run()
    retype(qtbot, box.until_value, "0")
    qtbot.keyClick(box.until_value, Qt.Key.Key_Return)
    assert box.problem.text() == ""
    row = window.arguments_panel.row("g_over")
    assert row is not None and isinstance(row.editor, BufferEditor)
    retype(qtbot, row.editor.shape, "8192")
    qtbot.keyClick(row.editor.shape, Qt.Key.Key_Return)
    why = "the condition reads 'g_over' after every round: it holds 8 KiB"
    qtbot.waitUntil(lambda: why in window.arguments_panel.launches.groups[0].problem.text())
    assert not window.workbench.request_run()
    assert why in window.run_bar.refusal.toolTip()


def test_a_repeated_group_becomes_a_loop_until_done_and_saves_it(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window()
    open_gallery(qtbot, window, "game_of_life", launches=1)
    box = window.arguments_panel.launches.groups[0]
    choose(qtbot, box.until_kind, "until a buffer stops changing")
    box = window.arguments_panel.launches.groups[0]
    assert box.repeat_label.text() == "Repeat at most"
    choose(qtbot, box.until_buffer, "grid")
    why = "the condition reads 'grid', which a swap of its group moves"
    qtbot.waitUntil(lambda: why in window.arguments_panel.launches.groups[0].problem.text())
    saved = tmp_path / "life.json"
    window.files.save_to(saved)
    written = json.loads(saved.read_text())["launches"][0]
    assert written["until"] == {"kind": "unchanged", "buffer": "grid"}
