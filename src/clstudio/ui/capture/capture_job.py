"""A capture from the window: the learner's program run under `clstudio capture`'s own
loop (capture.run_capture), as a job of the one task helper (ui/jobs.py), off the GUI
thread. Each batch of launches listed is its progress; Stop ends the program and keeps what was
captured until then."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from clstudio.backend import Builder
from clstudio.common import RunError
from clstudio.ui.jobs import Job, JobController
from clstudio.ui.tasks import TaskState

if TYPE_CHECKING:  # the capture's modules load with the first capture, not at start
    from clstudio.capture import CaptureRequest, CaptureResult, LaunchEntry

Listed = Sequence["LaunchEntry"]  # the launches of one look at the journal


class Capturer:
    """What a capture job calls: the capture loop, building each launch's program on
    `builder` (the tools worker); `cancel` (Stop) has the loop kill the program."""

    def __init__(self, builder: Builder) -> None:
        self.builder = builder
        self._stop = threading.Event()

    def capture(self, request: CaptureRequest, state: TaskState[Listed]) -> CaptureResult:
        from clstudio.capture import run_capture

        self._stop.clear()
        return run_capture(request, self.builder, state.progress, self._stop.is_set)

    def cancel(self) -> None:
        self._stop.set()


@dataclass(frozen=True)
class CaptureAnswer:
    """The capture's end: its result, or why it could not start (or what broke)."""

    result: CaptureResult | None
    problem: str = ""


CaptureController = JobController[Capturer, CaptureAnswer, Listed]


@dataclass(frozen=True)
class CaptureJob(Job[Capturer, CaptureAnswer, Listed]):
    request: CaptureRequest

    def run(self, backend: Capturer, state: TaskState[Listed]) -> CaptureAnswer:
        from clstudio.capture import CaptureError

        try:
            return CaptureAnswer(backend.capture(self.request, state))
        except CaptureError as exc:
            return CaptureAnswer(None, str(exc))

    def crashed(self, error: RunError) -> CaptureAnswer:
        return CaptureAnswer(None, error.message)
