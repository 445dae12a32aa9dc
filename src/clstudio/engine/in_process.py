"""The engine in this process, a backend without the worker: what tests inject.

It meets `clstudio.backend.Backend` as `clstudio.worker.client.WorkerClient` does, without
the child process: most logic is then testable without timing games.
"""

from __future__ import annotations

import threading

from clstudio.backend import Progress, Stepped
from clstudio.common import (
    BuildResult,
    PeakPlan,
    PeakProbe,
    PeakSample,
    RunResult,
    StepOutcome,
)
from clstudio.devices import DeviceInventory, DeviceSelector
from clstudio.devices.discovery import discover
from clstudio.engine.run import Engine
from clstudio.engine.stepping import StepKeeper
from clstudio.session import Session


class InProcessBackend:
    """The engine in this process: fast and simple, but a crashing kernel takes it down."""

    def __init__(self) -> None:
        self._engine = Engine()
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._steps = StepKeeper(self._engine.stepper)

    def devices(self) -> DeviceInventory:
        return discover()

    def build(self, source: str, options: str, selector: DeviceSelector | None) -> BuildResult:
        with self._lock:
            return self._engine.build(source, options, selector)

    def run(
        self, session: Session, progress: Progress | None = None, snapshots: bool = False
    ) -> RunResult:
        with self._lock:
            self._cancel.clear()
            return self._engine.run(session, progress, self._cancel.is_set, snapshots=snapshots)

    def step(
        self, session: Session, first: int, count: int, stepped: Stepped | None = None
    ) -> tuple[StepOutcome, ...]:
        with self._lock:
            self._cancel.clear()
            return self._steps.step(session, first, count, self._cancel.is_set, stepped or _nobody)

    def measure_peak(
        self, selector: DeviceSelector | None, probe: PeakProbe, plan: PeakPlan
    ) -> PeakSample:
        with self._lock:
            return self._engine.measure_peak(selector, probe, plan)

    def cancel(self) -> None:
        self._cancel.set()

    def close(self) -> None:
        """Nothing to release: contexts go with the engine."""


def _nobody(outcome: StepOutcome) -> None:
    """No one listens for the steps as they end."""
