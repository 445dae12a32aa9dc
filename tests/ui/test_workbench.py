"""The whole loop in the window, on PoCL: open an example, build, edit, run, read the results."""

from __future__ import annotations

import json
import statistics
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.backend import Progress
from clstudio.common.results import RunResult
from clstudio.common.units import format_seconds
from clstudio.engine.in_process import InProcessBackend
from clstudio.reporting.run_report import format_summary
from clstudio.session import BufferArg, ScalarArg, Session
from clstudio.session.format import load_session
from clstudio.ui.args.buffer_editor import BufferEditor
from clstudio.ui.args.scalar_editor import ScalarEditor
from clstudio.ui.backends import Backends
from clstudio.ui.main_window import MainWindow
from clstudio.ui.run.run_job import RunJob
from clstudio.worker.client import WorkerClient
from ui.args.form_bench import editor_of
from ui.window_steps import TWO_KERNELS, open_file, open_gallery, open_kernel, retype, run_with_f5

pytestmark = pytest.mark.opencl

KERNELS = Path(__file__).parents[2] / "kernels"
SPIN = """\
__kernel void spin(__global int *out, const int n) {
    int i = get_global_id(0);
    for (int k = 0; k >= 0; k += n) out[i] = k;   // never ends: n is 0
}
"""


def test_an_example_builds_and_the_form_shows_its_arguments(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = open_gallery(qtbot, window, "saxpy")
    assert [row.name_label.text() for row in panel.rows()] == ["a", "x", "y", "n"]
    assert window.status.build_label.text().startswith("Build: Built in")
    assert window.editor_panel.kernel_picker.current_kernel() == "saxpy"


def test_change_a_size_then_run_and_read_the_results(qtbot: QtBot, window: MainWindow) -> None:
    panel = open_gallery(qtbot, window, "vector_add")
    for name in ("a", "b", "c"):
        retype(qtbot, editor_of(panel, name, BufferEditor).shape, "4096")
    retype(qtbot, panel.ndrange.global_fields[0], "4096")
    retype(qtbot, editor_of(panel, "n", ScalarEditor).lanes[0], "4096")
    assert window.isWindowModified()
    assert window.workbench.document.session.global_size == (4096,)

    result = run_with_f5(qtbot, window)
    assert result.ok, result.error
    assert result.outputs["c"].shape == (4096,)
    session = window.workbench.document.session
    results = window.results_panel

    # One point per repeat on the repeat plot, one bar per device command on the timeline.
    (curve,) = results.timings.repeats.curves()
    assert len(curve.getData()[1]) == session.repeats
    assert results.timings.timeline.bar_count() == len(result.timings)

    # The viewer holds what the engine returned, and the reference passed.
    outputs = results.outputs
    assert outputs.select_buffer("c", "result")
    np.testing.assert_array_equal(
        outputs.viewer.line.curve.getOriginalDataset()[1], result.outputs["c"]
    )
    assert "Reference check passed" in outputs.reference_label.text()
    assert results.steps.row_texts(1)[2] == "clGetPlatformIDs"
    assert results.steps.row_state(11) == "done"
    # One median: the status bar, the Timings tab and `clstudio run` say the same.
    seconds = results.timings.stats_value("Median")
    assert seconds is not None
    median = format_seconds(seconds)
    assert window.status.run_label.text() == f"Last run: {median} median over 5 repeats, ok"
    assert f"median {median}," in format_summary(result)


def test_picking_the_second_kernel_shows_its_arguments_and_runs_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = open_kernel(qtbot, window, tmp_path / "two.cl", TWO_KERNELS)
    assert [row.name_label.text() for row in panel.rows()] == ["out", "value"]

    picker = window.editor_panel.kernel_picker
    assert picker.kernel_names() == ["fill", "scale"]
    picker.setFocus()
    qtbot.keyClick(picker, Qt.Key.Key_Down)
    assert picker.current_kernel() == "scale"
    assert [row.name_label.text() for row in panel.rows()] == ["src", "dst", "k"]
    assert window.workbench.document.session.kernel == "scale"

    result = run_with_f5(qtbot, window)
    assert result.ok, result.error
    assert result.kernel == "scale"
    assert set(result.outputs) >= {"dst"}
    assert "<b>scale</b>" in window.results_panel.timings.summary.text()


def test_a_bad_local_size_is_flagged_before_run(qtbot: QtBot, window: MainWindow) -> None:
    panel = open_gallery(qtbot, window, "vector_add")
    panel.ndrange.auto.setChecked(False)
    retype(qtbot, panel.ndrange.global_fields[0], "1000")
    retype(qtbot, panel.ndrange.local_fields[0], "64")
    assert "not a multiple of the local size 64" in panel.range_problems.text()
    started: list[RunJob] = []
    window.runner.started.connect(started.append)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert started == []
    refusal = window.run_bar.refusal
    assert refusal.isVisible() and refusal.text().startswith("Not run: ")
    assert "not a multiple of the local size 64" in refusal.toolTip()
    problems = panel.range_problems.text().splitlines()
    assert len(problems) == len(set(problems))  # each reason once, not run together twice
    assert len([p for p in problems if "not a multiple of the local size 64" in p]) == 1

    retype(qtbot, panel.ndrange.local_fields[0], "8")
    assert not refusal.isVisible()


def test_the_session_saved_is_the_form(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    open_gallery(qtbot, window, "saxpy")
    retype(qtbot, editor_of(window.arguments_panel, "a", ScalarEditor).lanes[0], "3.5")
    path = tmp_path / "mine.json"
    window.files.save_to(path)
    saved = load_session(path)
    a = saved.args["a"]
    assert isinstance(a, ScalarArg) and a.value == 3.5
    assert saved.args == window.workbench.document.session.args


class HeldRuns(InProcessBackend):
    """The real engine, holding each run until the test lets it go: a run still going."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()

    def run(
        self, session: Session, progress: Progress | None = None, snapshots: bool = False
    ) -> RunResult:
        assert self.gate.wait(30), "the test never let the run go"
        return super().run(session, progress, snapshots)


def test_results_describe_the_session_that_ran_not_the_one_edited_since(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    runs = HeldRuns()
    window = make_window(backends=Backends(InProcessBackend(), runs))
    panel = open_gallery(qtbot, window, "vector_add")
    with qtbot.waitSignal(window.runner.started):
        window.window_actions["run_or_stop"].trigger()
    retype(qtbot, editor_of(panel, "a", BufferEditor).shape, "16")  # while the run is going
    a = window.workbench.document.session.args["a"]
    assert isinstance(a, BufferArg) and a.shape == (16,)
    with qtbot.waitSignal(window.runner.finished, timeout=60_000) as finished:
        runs.gate.set()
    result = finished.args[1]
    assert result.ok, result.error

    timings = window.results_panel.timings
    # a, b and c of 1 M floats each, as they ran: 8 MiB read, 4 MiB written.
    assert "12 MiB per launch" in timings.bandwidth_detail.text()
    assert "8 MiB read from a, b" in timings.bandwidth_detail.text()
    median = statistics.median(result.kernel_times_ns()) * 1e-9
    rate = 3 * 4 * 1048576 / median / 1e9
    assert timings.bandwidth.text() == f"Effective bandwidth: {rate:.3g} GB/s"
    assert "global size 1048576" in timings.summary.text()
    assert timings.history.checked_entries()[-1].global_size == (1048576,)


@pytest.fixture
def worker_window(make_window: Callable[..., MainWindow]) -> Callable[[], MainWindow]:
    """A window whose runs go through a real worker process, as in the app."""
    return lambda: make_window(backends=Backends(InProcessBackend(), WorkerClient()))


def spin_window(
    qtbot: QtBot, worker_window: Callable[[], MainWindow], tmp_path: Path, timeout_s: float
) -> MainWindow:
    path = tmp_path / "spin.json"
    session = {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "spin",
        "source_file": "spin.cl",
        "global_size": [4],
        "repeats": 1,
        "timeout_s": timeout_s,
        "args": {
            "out": {"kind": "buffer", "dtype": "int32", "shape": [4], "access": "out"},
            "n": {"kind": "scalar", "value": 0},
        },
    }
    path.write_text(json.dumps(session))
    (tmp_path / "spin.cl").write_text(SPIN)
    window = worker_window()
    open_file(qtbot, window, path)
    return window


def test_an_endless_kernel_times_out_and_the_next_run_works(
    qtbot: QtBot, worker_window: Callable[[], MainWindow], tmp_path: Path
) -> None:
    window = spin_window(qtbot, worker_window, tmp_path, 1.5)
    result = run_with_f5(qtbot, window)
    assert result.error is not None and result.error.stage == "timeout"
    assert "spin" in result.error.message and "1.5 s" in result.error.message
    assert "timeout" in window.results_panel.timings.banner.text()
    assert window.status.run_label.text() == "Last run: timed out"
    # Put an end to the loop, and run again on the restarted worker.
    retype(qtbot, editor_of(window.arguments_panel, "n", ScalarEditor).lanes[0], "-1")
    again = run_with_f5(qtbot, window)
    assert again.ok, again.error


def test_stop_cancels_a_running_kernel(
    qtbot: QtBot, worker_window: Callable[[], MainWindow], tmp_path: Path
) -> None:
    window = spin_window(qtbot, worker_window, tmp_path, 60)
    with qtbot.waitSignal(window.runner.started):
        window.window_actions["run_or_stop"].trigger()
    assert window.window_actions["run_or_stop"].text() == "Stop"
    with qtbot.waitSignal(window.runner.finished, timeout=10_000) as finished:
        window.window_actions["run_or_stop"].trigger()
    assert finished.args[1].error.stage == "cancelled"
    assert window.window_actions["run_or_stop"].text() == "Run"
    assert window.status.run_label.text() == "Last run: stopped"


def test_a_bare_kernel_file_opens_builds_and_gets_a_form(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    path = tmp_path / "scale.cl"
    path.write_text(
        "__kernel void scale(__global float *x, const float k) {\n"
        "    x[get_global_id(0)] *= k;\n}\n"
    )
    window = make_window()
    assert window.files.load(path)
    assert window.windowTitle() == "scale.cl[*] — CL Studio"
    qtbot.waitUntil(lambda: not window.arguments_panel.is_empty(), timeout=30_000)
    assert [row.name_label.text() for row in window.arguments_panel.rows()] == ["x", "k"]
    result = run_with_f5(qtbot, window)
    assert result.ok, result.error


def test_save_kernel_source_writes_the_editor_text(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    from PySide6.QtWidgets import QFileDialog

    window = make_window()
    open_gallery(qtbot, window, "saxpy")
    target = tmp_path / "mine.cl"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    window.window_actions["save_source"].trigger()
    assert target.read_text() == window.editor_panel.editor.source()
    assert window.workbench.document.path is None  # the session itself was not saved


def test_a_reference_typed_in_outputs_is_saved_with_the_session(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_gallery(qtbot, window, "vector_add")
    run_with_f5(qtbot, window)
    outputs = window.results_panel.outputs
    assert outputs.select_buffer("c")
    retype(qtbot, outputs.reference_editor.expression, "a + b + 0")
    retype(qtbot, outputs.reference_editor.atol, "0.001")
    assert "Reference check passed" in outputs.reference_label.text()
    assert window.workbench.document.session.references["c"].expr == "a + b + 0"
    path = tmp_path / "checked.json"
    window.files.save_to(path)
    saved = load_session(path).references["c"]
    assert (saved.expr, saved.atol) == ("a + b + 0", 0.001)

    qtbot.mouseClick(outputs.reference_editor.remove_button, Qt.MouseButton.LeftButton)
    assert "c" not in window.workbench.document.session.references
    window.files.save_to(path)
    assert load_session(path).references == {}
