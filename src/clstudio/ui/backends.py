"""The backends the window talks to: devices and builds, runs, checks and measurements.

Runs get a process of their own, so that a kernel that hangs or crashes (and the
worker's kill and restart that follow) never delays the live build of the editor.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clstudio.engine import Backend, InProcessBackend, MeasuringBackend
from clstudio.worker.check_client import CheckClient
from clstudio.worker.client import WorkerClient


@dataclass(frozen=True)
class Backends:
    tools: Backend  # device discovery and builds
    runs: Backend  # kernel runs
    # Checks on Oclgrind: always in workers of their own, started with its switches.
    checks: CheckClient = field(default_factory=CheckClient)
    # Peaks, local-size sweeps and runs on several devices: long measurements that
    # must hold up neither the live build nor the user's next run.
    measurements: MeasuringBackend = field(default_factory=InProcessBackend)

    @classmethod
    def isolated(cls) -> Backends:
        """Worker processes, started on first use: what the app uses."""
        return cls(WorkerClient(), WorkerClient(), measurements=WorkerClient())

    @classmethod
    def in_process(cls) -> Backends:
        """The engine in this process: for tests that need no crash isolation."""
        return cls(InProcessBackend(), InProcessBackend(), measurements=InProcessBackend())

    def close(self) -> None:
        self.tools.close()
        self.runs.close()
        self.checks.close()
        self.measurements.close()
