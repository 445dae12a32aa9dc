"""The Compiler tab on its own: what it says before a run, after a failed compile, and the
two runs' times beside the comparison of two builds (recorded PoCL builds, no device)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.common import RunResult, Timing, format_seconds
from clstudio.compiler import CompileResult, compile_view
from clstudio.reporting import FinishedRun
from clstudio.session import Session
from clstudio.session.format import load_session
from clstudio.ui.compiler.compiler_tab import CompilerTab
from compiler.compiler_records import SAXPY_SOURCE, pocl_build, pocl_cache, printed
from ui.shown_widgets import shown

SAXPY = Path(__file__).parents[3] / "kernels" / "saxpy.json"


class RecordedBackend:
    """Answers every compile with a recorded PoCL build, or raises when told to."""

    def __init__(self, result: CompileResult | None) -> None:
        self.result = result
        self.sessions: list[Session] = []
        self.threads: list[int] = []
        self.prepared = 0  # how often the tab asked for the next compile's worker

    def prepare(self) -> None:
        self.prepared += 1

    def compile(self, session: Session) -> CompileResult:
        self.sessions.append(session)
        self.threads.append(threading.get_ident())
        if self.result is None:
            raise RuntimeError("a bug in the backend")
        return self.result

    def cancel(self) -> None:
        pass


def finished_run(kernel_ns: int) -> FinishedRun:
    timings = tuple(Timing("kernel", "saxpy", r, 0, 0, 0, kernel_ns) for r in range(3))
    return FinishedRun(load_session(SAXPY), RunResult(True, kernel="saxpy", timings=timings))


def make_tab(qtbot: QtBot, backend: RecordedBackend) -> CompilerTab:
    return shown(qtbot, CompilerTab(backend), 900, 700)


def compile_now(qtbot: QtBot, tab: CompilerTab) -> CompileResult:
    with qtbot.waitSignal(tab.compileFinished, timeout=10_000) as finished:
        qtbot.mouseClick(tab.compile_button, Qt.MouseButton.LeftButton)
    assert tab.controller.wait()
    result = finished.args[0]
    assert isinstance(result, CompileResult)
    return result


@pytest.fixture
def saxpy_build(tmp_path: Path) -> CompileResult:
    text, _ = printed("saxpy")
    return compile_view(
        pocl_build("saxpy", SAXPY_SOURCE), text, pocl_cache(tmp_path, "saxpy", "saxpy")
    )


def test_before_a_run_there_is_nothing_to_compile(qtbot: QtBot) -> None:
    backend = RecordedBackend(None)
    tab = make_tab(qtbot, backend)
    assert not tab.compile_button.isEnabled()
    assert tab.state_text() == "Run the kernel first: the compiler view shows the last run."
    assert not tab.compile_last_run() and backend.sessions == []


def test_the_tab_readies_the_next_compile_only_while_in_view_with_a_run(qtbot: QtBot) -> None:
    backend = RecordedBackend(None)
    tab = make_tab(qtbot, backend)
    assert backend.prepared == 0  # in view, but no run to compile
    tab.show_run(finished_run(2_000_000))
    assert backend.prepared == 1
    tab.hide()
    tab.show_run(finished_run(2_000_000))
    assert backend.prepared == 1  # out of view: no worker boots for nothing
    tab.show()
    assert backend.prepared == 2


def test_the_compile_is_of_the_session_that_ran_off_the_gui_thread(
    qtbot: QtBot, saxpy_build: CompileResult
) -> None:
    backend = RecordedBackend(saxpy_build)
    tab = make_tab(qtbot, backend)
    run = finished_run(2_000_000)
    tab.show_run(run)
    assert tab.compile_button.isEnabled()
    compile_now(qtbot, tab)
    assert backend.sessions == [run.session]
    assert backend.threads != [threading.get_ident()]
    assert tab.state_text() == "Compiled saxpy."
    assert tab.panel.summary_text().startswith("saxpy: work-group loop vectorised, 8 lanes")
    assert tab.panel.comparison_text() == ""  # one build: nothing to compare yet


def test_a_second_build_compares_the_two_runs_medians_and_another_session_clears_it(
    qtbot: QtBot, saxpy_build: CompileResult
) -> None:
    tab = make_tab(qtbot, RecordedBackend(saxpy_build))
    tab.show_run(finished_run(2_000_000))
    compile_now(qtbot, tab)
    tab.show_run(finished_run(1_000_000))
    compile_now(qtbot, tab)
    comparison = tab.panel.comparison_text()
    assert comparison.startswith("Compared with the previous build:")
    before, after = format_seconds(0.002), format_seconds(0.001)
    # One pair of times, named: the runs' medians, not each compile's own launch too.
    assert f"kernel time, the median of each build's run: {before} -> {after}" in comparison
    assert "kernel time of one launch" not in comparison

    tab.clear()  # File > New or Open
    assert tab.panel.comparison_text() == "" and tab.panel.ir_view.toPlainText() == ""
    assert tab.panel.summary_text() == "No compiler output yet: ask for it after a build."


def test_a_bug_in_the_compile_says_so_and_the_button_comes_back(qtbot: QtBot) -> None:
    tab = make_tab(qtbot, RecordedBackend(None))
    tab.show_run(finished_run(1_000_000))
    result = compile_now(qtbot, tab)
    assert not result.ok and result.error_stage == "crash"
    assert tab.state_text() == "The compile did not finish."
    assert tab.panel.summary_text().startswith("The compiler view could not be made: ")
    assert "a bug in the backend" in tab.panel.summary_text()
    assert tab.compile_button.isEnabled()


def test_another_session_forgets_the_run(qtbot: QtBot) -> None:
    tab = make_tab(qtbot, RecordedBackend(None))
    tab.show_run(finished_run(1_000_000))
    tab.clear()
    assert not tab.compile_button.isEnabled() and not tab.compile_last_run()
