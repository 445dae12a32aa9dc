"""A job, here a run: it happens off the GUI thread, reports progress, and can stop."""

import threading
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from clstudio.backend import Progress
from clstudio.common.results import RunResult
from clstudio.engine.in_process import InProcessBackend
from clstudio.session import Session
from clstudio.session.format import load_session
from clstudio.ui.run.run_job import RunController, RunJob
from clstudio.ui.tasks import Lane

KERNELS = Path(__file__).parents[2] / "kernels"


class BlockingBackend(InProcessBackend):
    """Runs until cancelled, like a long kernel, reporting one repeat first."""

    def __init__(self) -> None:
        super().__init__()
        self.cancelled = threading.Event()

    def run(
        self, session: Session, progress: Progress | None = None, snapshots: bool = False
    ) -> RunResult:
        if progress:
            progress(1, 3)
        self.cancelled.wait(10)
        return RunResult(ok=False)

    def cancel(self) -> None:
        self.cancelled.set()


class BrokenBackend(InProcessBackend):
    def run(
        self, session: Session, progress: Progress | None = None, snapshots: bool = False
    ) -> RunResult:
        raise ValueError("a bug in CL Studio")

    def cancel(self) -> None:
        pass


@pytest.mark.opencl
def test_a_gallery_session_runs_in_the_background(qtbot: QtBot) -> None:
    controller = RunController(InProcessBackend(), Lane.RUNS)
    session = load_session(KERNELS / "vector_add.json")
    progress: list[tuple[int, int]] = []
    controller.progressed.connect(progress.append)
    with qtbot.waitSignal(controller.finished, timeout=30_000) as finished:
        assert controller.submit(RunJob(session))
        assert controller.is_running()
    assert finished.args is not None and finished.args[0] == RunJob(session)
    result = finished.args[1]
    assert result.ok
    assert progress[-1] == (session.repeats, session.repeats)
    assert not controller.is_running()


def test_stop_cancels_and_a_second_run_is_refused_meanwhile(qtbot: QtBot) -> None:
    backend = BlockingBackend()
    controller = RunController(backend, Lane.RUNS)
    request = RunJob(load_session(KERNELS / "vector_add.json"))
    with qtbot.waitSignal(controller.progressed, timeout=5_000):
        controller.submit(request)
    assert not controller.submit(request)
    with qtbot.waitSignal(controller.finished, timeout=5_000):
        controller.stop()
    assert backend.cancelled.is_set()


def test_an_unexpected_exception_reaches_the_user_with_its_traceback(qtbot: QtBot) -> None:
    controller = RunController(BrokenBackend(), Lane.RUNS)
    with qtbot.waitSignal(controller.finished, timeout=5_000) as finished:
        controller.submit(RunJob(load_session(KERNELS / "vector_add.json")))
    assert finished.args is not None
    error = finished.args[1].error
    assert error.stage == "crash"
    assert "ValueError: a bug in CL Studio" in error.message
