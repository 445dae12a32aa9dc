"""The panel's progress and the results view, fed plain reports (no device needed)."""

from pytestqt.qtbot import QtBot

from clstudio.checkmode import CheckProblem
from clstudio.common import PeakDevice, PeakFigure, PeakReport
from clstudio.exercises import (
    CaseResult,
    CheckReport,
    MemoryCheck,
    Mismatch,
    PerformanceResult,
    Work,
    load_catalogue,
    roofline_position,
)
from clstudio.ui.exercises.exercises_panel import ExercisesPanel

CATALOGUE = load_catalogue()


def make_panel(qtbot: QtBot) -> ExercisesPanel:
    panel = ExercisesPanel()
    qtbot.addWidget(panel)
    statuses = {e.name: "not started" for e in CATALOGUE.exercises}
    panel.set_exercises(CATALOGUE.exercises, statuses, ())
    return panel


def test_progress_shows_the_step_and_check_is_refused_meanwhile(qtbot: QtBot) -> None:
    panel = make_panel(qtbot)
    panel.show()
    panel.show_checking(2, 7, "case n = 255")
    assert panel.progress.isVisible() and panel.progress.text() == "2 of 7: case n = 255"
    assert not panel.check_button.isEnabled()
    assert panel.results.summary.text() == "Checking… case n = 255"


def test_a_failing_case_is_told_with_its_size_index_and_values(qtbot: QtBot) -> None:
    panel = make_panel(qtbot)
    message = "3 of 5125 values differ beyond rtol=0.0001, atol=1e-06; worst at [0, 24]: ..."
    nan = float("nan")
    wrong = (Mismatch("y", (0, 24), 0.0454, nan, message),)
    nan_case = CaseResult(
        "rows = 5, cols = 1025", {"rows": 5, "cols": 1025}, 5, False, "check", message, wrong
    )
    ok = CaseResult("rows = 1, cols = 1", {"rows": 1, "cols": 1}, 1, True, "", "")
    timed = PerformanceResult({"rows": 1024, "cols": 4096}, 0.5, 0.4, 1.5, True)
    panel.show_report(CheckReport("softmax", (ok, nan_case), timed, "pthread-cpu"))
    assert not panel.progress.isVisible() and panel.check_button.isEnabled()
    assert panel.results.summary.text() == "<b>✗ failing</b>: 1 of 2 cases pass on pthread-cpu"
    current = panel.results.cases.currentItem()
    assert current is not None and current.text(0) == "rows = 5, cols = 1025"
    details = panel.results.details.text()
    assert "(seed 5): 3 of 5125 values differ beyond rtol=0.0001, atol=1e-06<br>" in details
    assert "worst index: <b>y[0, 24]</b>" in details
    assert "expected: <b>0.0454</b>" in details and "actual: <b>nan</b>" in details
    assert "target 600 ms (1.5 x the reference solution's 400 ms): fast enough" in (
        panel.results.performance.text()
    )


def test_the_performance_line_is_followed_by_the_roofline_position_or_the_hint(
    qtbot: QtBot,
) -> None:
    panel = make_panel(qtbot)
    ok = CaseResult("n = 1", {"n": 1}, 1, True, "", "")
    peaks = PeakReport(
        PeakDevice("pthread-cpu", "PoCL", "3.0"),
        "2026-12-01T09:00:00+00:00",
        (
            PeakFigure("global_bandwidth.float4", 25.0, "GB/s", "meaning"),
            PeakFigure("sp_compute.float4", 40.0, "GFLOP/s", "meaning"),
        ),
    )
    for measured, expected in (
        (peaks, "memory-bound: 11.8 GB/s, 47% of this device's measured 25 GB/s"),
        (None, "11.8 GB/s and 1 GFLOP/s at 0.0847 operations per byte. 1e+06 operations (n)"),
    ):
        work = Work(1_000_000, "n", True)
        position = roofline_position(11_800_000, work, 1e-3, False, "pthread-cpu", measured)
        timed = PerformanceResult({"n": 1_000_000}, 1e-3, 1e-3, 2.0, True, "", position)
        panel.show_report(CheckReport("vector_add", (ok,), timed, "pthread-cpu"))
        lines = panel.results.performance.text().splitlines()
        assert lines[0].startswith("performance: 1 ms (fastest repeat)")
        assert lines[1].startswith(expected)


def test_a_memory_problem_fails_the_check_and_is_shown_at_its_line(qtbot: QtBot) -> None:
    panel = make_panel(qtbot)
    ok = CaseResult("rows = 1, cols = 1", {"rows": 1, "cols": 1}, 1, True, "", "")
    race = CheckProblem(
        "data-race", 22, 13, "softmax", "line 22 writes scratch[lid] while ...", 255
    )
    memory = MemoryCheck("rows = 1, cols = 1", {"rows": 1, "cols": 1}, True, (race,))
    panel.show_report(CheckReport("softmax", (ok,), None, "pthread-cpu", memory=memory))
    assert panel.results.summary.text().startswith("<b>✗ failing</b>")
    chosen = panel.results.cases.currentItem()
    assert chosen is not None
    assert (chosen.text(0), chosen.text(1)) == ("memory check (Oclgrind)", "FAIL")
    details = panel.results.details.text()
    assert "line 22: data-race: line 22 writes scratch[lid]" in details


def test_a_memory_check_that_could_not_run_says_why_and_does_not_fail(qtbot: QtBot) -> None:
    panel = make_panel(qtbot)
    ok = CaseResult("n = 1", {"n": 1}, 1, True, "", "")
    memory = MemoryCheck("n = 1", {"n": 1}, False, reason="Oclgrind is not installed")
    panel.show_report(CheckReport("vector_add", (ok,), None, memory=memory))
    assert panel.results.summary.text().startswith("<b>✓ passing</b>")
    row = panel.results.cases.topLevelItem(1)
    assert row is not None
    assert (row.text(0), row.text(1)) == ("memory check (Oclgrind)", "not run")
    panel.results.cases.setCurrentItem(row)
    assert "not run: Oclgrind is not installed" in panel.results.details.text()
