"""Closing the window: one shutdown stops the work on every lane and waits for it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import cast

from pytestqt.qtbot import QtBot

from clstudio.backend import Backend, Progress
from clstudio.checkmode import CheckResult
from clstudio.common import RunResult
from clstudio.engine import InProcessBackend
from clstudio.session import Session
from clstudio.ui.backends import Backends
from clstudio.ui.main_window import MainWindow
from clstudio.ui.run.check_job import CheckJob
from clstudio.ui.run.run_job import RunJob
from clstudio.worker.check_client import CheckClient

LIMIT_S = 30


class HungBackend:
    """Runs and checks that last until they are cancelled, as a hung kernel's do."""

    def __init__(self) -> None:
        self.began = threading.Event()
        self.cancelled = threading.Event()
        self.returned = threading.Event()

    def _hang(self) -> None:
        self.began.set()
        self.cancelled.wait(LIMIT_S)
        self.returned.set()

    def run(
        self, session: Session, progress: Progress | None = None, snapshots: bool = False
    ) -> RunResult:
        self._hang()
        return RunResult(ok=False)

    def check(self, session: Session, progress: Progress | None = None) -> CheckResult:
        self._hang()
        return CheckResult(ok=False, kernel=session.kernel)

    def cancel(self) -> None:
        if self.began.is_set():  # a cancel before the request arrives is lost, as in a worker
            self.cancelled.set()

    def close(self) -> None:
        """Nothing to end: no process."""


def test_closing_the_window_stops_every_lane_and_waits_for_them(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    runs, checks = HungBackend(), HungBackend()
    # Stand-ins for the runs worker and the check client, with the calls these tests make.
    backends = Backends(InProcessBackend(), cast(Backend, runs), checks=cast(CheckClient, checks))
    window = make_window(backends=backends)
    session = window.workbench.document.session
    assert window.runner.submit(RunJob(session))
    assert window.check_mode.controller.submit(CheckJob(session))
    assert runs.began.wait(LIMIT_S) and checks.began.wait(LIMIT_S)

    window.workbench.document.mark_clean()
    window.close()
    assert runs.returned.is_set() and checks.returned.is_set(), "the close waited for both"
    assert runs.cancelled.is_set() and checks.cancelled.is_set()
    assert not window.runner.submit(RunJob(session)), "a closed window starts no more work"
