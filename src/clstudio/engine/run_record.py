"""What a run has done so far, recorded step by step, and the exception that ends it early.

A run and step mode both keep a `Record`, so that a failed run still reports the steps,
timings and inputs it got to; `StepFailed` carries the RunError that ended it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pyopencl as cl

from clstudio.common import BuildResult, RunError, RunResult, Step, Timing

Entering = Callable[[str], None]  # hears the key of each of RUN_STEPS as it begins


def nowhere(step: str) -> None:
    """No one listens for the steps."""


class StepFailed(Exception):
    """Ends a run (or a step) early with a RunError; what was recorded so far is kept."""

    def __init__(self, error: RunError) -> None:
        super().__init__(error.message)
        self.error = error


@dataclass
class Record:
    """What a run has produced so far, so that a failed run still reports it."""

    kernel: str
    device: str = ""
    device_type: str = ""
    timer_resolution_ns: int = 0
    watchdog: bool = False
    build: BuildResult | None = None
    steps: list[Step] = field(default_factory=list)
    timings: list[Timing] = field(default_factory=list)
    inputs: dict[str, np.ndarray] = field(default_factory=dict)
    uninitialised: list[str] = field(default_factory=list)  # buffers with no host data
    enter: Entering = nowhere

    def step(self, api: str, title: str, started: float, detail: str = "") -> None:
        self.steps.append(Step(api, title, time.perf_counter() - started, detail))

    def timed_step(self, api: str, title: str, seconds: float, detail: str = "") -> None:
        self.steps.append(Step(api, title, seconds, detail))

    def timing(self, phase: str, name: str, repeat: int, event: cl.Event) -> None:
        p = event.profile
        self.timings.append(Timing(phase, name, repeat, p.queued, p.submit, p.start, p.end))

    def result(self, ok: bool, error: RunError | None = None, **more: object) -> RunResult:
        return RunResult(
            ok=ok,
            error=error,
            kernel=self.kernel,
            device=self.device,
            device_type=self.device_type,
            timer_resolution_ns=self.timer_resolution_ns,
            watchdog=self.watchdog,
            build=self.build,
            steps=tuple(self.steps),
            timings=tuple(self.timings),
            inputs=self.inputs,
            uninitialised=tuple(self.uninitialised),
            **more,  # type: ignore[arg-type]
        )
