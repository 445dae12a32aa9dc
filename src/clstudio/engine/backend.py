"""What the app asks of an OpenCL backend, and a backend that runs in this process.

The app talks to `clstudio.worker.client.WorkerClient`, which runs kernels in a
child process that may die without harm. Tests inject `InProcessBackend`, the
same engine without the process, so that most logic needs no timing games.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

from clstudio.common import (
    BuildResult,
    PeakPlan,
    PeakProbe,
    PeakSample,
    RunResult,
    StepOutcome,
)
from clstudio.devices import DeviceInventory, DeviceSelector, discover
from clstudio.engine.run import Engine
from clstudio.engine.stepping import StepKeeper
from clstudio.session import Session

Progress = Callable[[int, int], None]
Stepped = Callable[[StepOutcome], None]


class Backend(Protocol):
    """Blocking calls; the UI makes them from a background thread."""

    def devices(self) -> DeviceInventory: ...

    def build(self, source: str, options: str, selector: DeviceSelector | None) -> BuildResult: ...

    def run(self, session: Session, progress: Progress | None = None) -> RunResult: ...

    def step(
        self, session: Session, first: int, count: int, stepped: Stepped | None = None
    ) -> tuple[StepOutcome, ...]:
        """Step mode: up to `count` of the lesson's steps from step `first` (1 starts afresh);
        `stepped` hears each as it ends."""
        ...

    def cancel(self) -> None:
        """Stop the running request as soon as possible; safe from any thread."""

    def close(self) -> None: ...


class MeasuringBackend(Backend, Protocol):
    """A backend that also measures device peaks, one probe per call."""

    def measure_peak(
        self, selector: DeviceSelector | None, probe: PeakProbe, plan: PeakPlan
    ) -> PeakSample: ...


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

    def run(self, session: Session, progress: Progress | None = None) -> RunResult:
        with self._lock:
            self._cancel.clear()
            return self._engine.run(session, progress, self._cancel.is_set)

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
