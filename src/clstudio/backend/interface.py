"""What the app asks of an OpenCL backend: blocking calls on plain data, nothing of pyopencl.

The app talks to `clstudio.worker.client.WorkerClient`, which runs kernels in a
child process that may die without harm. Tests inject `clstudio.engine.InProcessBackend`,
the same engine without the process, so that most logic needs no timing games. The
protocol lives here, below the engine, so that the window process can name a backend
without importing pyopencl.
"""

from __future__ import annotations

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
from clstudio.devices import DeviceInventory, DeviceSelector
from clstudio.session import Session

Progress = Callable[[int, int], None]
Stepped = Callable[[StepOutcome], None]


class Builder(Protocol):
    """What the editor's live build needs of a backend, and nothing more."""

    def build(self, source: str, options: str, selector: DeviceSelector | None) -> BuildResult: ...


class Backend(Builder, Protocol):
    """Blocking calls; the UI makes them from a background thread."""

    def devices(self) -> DeviceInventory: ...

    def run(
        self, session: Session, progress: Progress | None = None, snapshots: bool = False
    ) -> RunResult:
        """Build and run `session`; `snapshots` asks a program of several launches for the
        buffers after each launch of its first iteration (RunResult.snapshots)."""
        ...

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
