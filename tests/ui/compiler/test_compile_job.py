"""Compiling for the Compiler tab off the GUI thread, and the panel showing what came back."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from clstudio.compiler import CompileResult, compile_view
from clstudio.session import Session, load_session
from clstudio.ui.compiler.compile_job import CompileJob, CompilerController
from clstudio.ui.compiler.compiler_panel import CompilerPanel
from clstudio.ui.tasks import Lane
from clstudio.worker.compiler_client import CompilerClient
from compiler.compiler_records import DATA, SAXPY_SOURCE, pocl_build, pocl_cache, printed


class RecordedBackend:
    """Answers every compile with a recorded PoCL build, from the pool thread."""

    def __init__(self, result: CompileResult) -> None:
        self.result = result
        self.threads: list[int] = []
        self.release = threading.Event()
        self.release.set()

    def compile(self, session: Session) -> CompileResult:
        self.threads.append(threading.get_ident())  # current_thread() would leave a dummy
        self.release.wait(10)
        return self.result

    def prepare(self) -> None:
        """Nothing boots ahead: the job itself is under test."""

    def cancel(self) -> None:
        self.release.set()


class BrokenBackend(RecordedBackend):
    def compile(self, session: Session) -> CompileResult:
        raise RuntimeError("a bug in the backend")


def recorded_saxpy(tmp_path: Path) -> CompileResult:
    text, _ = printed("saxpy")
    return compile_view(
        pocl_build("saxpy", SAXPY_SOURCE), text, pocl_cache(tmp_path, "saxpy", "saxpy")
    )


def test_a_compile_runs_off_the_gui_thread_and_reaches_the_panel(
    qtbot: QtBot, tmp_path: Path
) -> None:
    backend = RecordedBackend(recorded_saxpy(tmp_path))
    controller = CompilerController(backend, Lane.COMPILES)
    panel = CompilerPanel()
    qtbot.addWidget(panel)
    controller.finished.connect(lambda _request, result: panel.set_result(result))
    with qtbot.waitSignal(controller.finished, timeout=5000):
        assert controller.submit(CompileJob(load_session(DATA / "row_sum.json")))
    assert backend.threads and backend.threads[0] != threading.main_thread().ident
    assert panel.summary_text().startswith("saxpy: work-group loop vectorised, 8 lanes")
    assert controller.wait()


def test_a_second_compile_waits_for_the_first(qtbot: QtBot, tmp_path: Path) -> None:
    backend = RecordedBackend(recorded_saxpy(tmp_path))
    backend.release.clear()
    controller = CompilerController(backend, Lane.COMPILES)
    session = load_session(DATA / "row_sum.json")
    with qtbot.waitSignal(controller.finished, timeout=5000):
        assert controller.submit(CompileJob(session))
        assert not controller.submit(CompileJob(session)) and controller.is_running()
        controller.stop()
    assert controller.wait()


def test_a_bug_in_the_backend_comes_back_as_a_result_with_its_traceback(
    qtbot: QtBot, tmp_path: Path
) -> None:
    controller = CompilerController(BrokenBackend(recorded_saxpy(tmp_path)), Lane.COMPILES)
    with qtbot.waitSignal(controller.finished, timeout=5000) as blocker:
        controller.submit(CompileJob(load_session(DATA / "row_sum.json")))
    result = blocker.args[1]
    assert not result.ok and result.error_stage == "crash" and result.kernel == "row_sum"
    assert "a bug in the backend" in result.error
    assert controller.wait()


@pytest.mark.opencl
def test_the_real_compiler_worker_fills_the_panel(qtbot: QtBot) -> None:
    client = CompilerClient()
    controller = CompilerController(client, Lane.COMPILES)
    panel = CompilerPanel()
    qtbot.addWidget(panel)
    controller.finished.connect(lambda _request, result: panel.set_result(result))
    try:
        with qtbot.waitSignal(controller.finished, timeout=180_000):
            controller.submit(CompileJob(load_session(DATA / "row_sum.json")))
        assert controller.wait()
    finally:
        client.close()
    assert panel.result is not None and panel.result.ok, panel.result
    panel.show_source_line(10)
    assert panel.asm_view.marked_rows and panel.ir_view.marked_rows
