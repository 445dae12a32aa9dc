"""The backends the window talks to: devices and builds, runs, checks and measurements.

Runs get a process of their own, so that a kernel that hangs or crashes (and the
worker's kill and restart that follow) never delays the live build of the editor.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clstudio.backend import Backend, MeasuringBackend
from clstudio.worker.check_client import CheckClient
from clstudio.worker.client import WorkerClient
from clstudio.worker.compiler_client import CompilerClient
from clstudio.worker.count_client import CountClient
from clstudio.worker.traffic_client import TrafficClient


def _in_process() -> MeasuringBackend:
    """The engine in this process, imported only when a test asks for it: the engine
    imports pyopencl, which the window process never loads."""
    from clstudio.engine import InProcessBackend

    return InProcessBackend()


@dataclass(frozen=True)
class Backends:
    tools: Backend  # device discovery and builds
    runs: Backend  # kernel runs
    # Checks on Oclgrind: always in workers of their own, started with its switches.
    checks: CheckClient = field(default_factory=CheckClient)
    # Measured counts on Oclgrind: a worker of its own for each count.
    counts: CountClient = field(default_factory=CountClient)
    # Peaks, local-size sweeps and runs on several devices: long measurements that
    # must hold up neither the live build nor the user's next run.
    measurements: MeasuringBackend = field(default_factory=_in_process)
    # The Compiler tab's compiles: a fresh worker each, with PoCL's switches set.
    compiles: CompilerClient = field(default_factory=CompilerClient)
    # The Memory tab's instrumented runs: a worker of its own for each measurement.
    traffic: TrafficClient = field(default_factory=TrafficClient)

    @classmethod
    def isolated(cls) -> Backends:
        """Worker processes, started on first use: what the app uses. Runs keep a warm
        spare from the first run on, so a crash, a timeout or Stop costs one warm run;
        the Compiler and Memory tabs boot their next worker while they are in view."""
        return cls(
            WorkerClient(),
            WorkerClient(spare=True),
            measurements=WorkerClient(),
            compiles=CompilerClient(ready_next=True),
            traffic=TrafficClient(ready_next=True),
        )

    @classmethod
    def in_process(cls) -> Backends:
        """The engine in this process: for tests that need no crash isolation."""
        return cls(_in_process(), _in_process(), measurements=_in_process())

    def close(self) -> None:
        self.tools.close()
        self.runs.close()
        self.checks.close()
        self.counts.close()
        self.measurements.close()
        self.compiles.close()
        self.traffic.close()
