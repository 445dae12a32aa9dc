"""The messages between the app and its worker process: frozen, picklable, plain data.

The app sends one request at a time, each with a number. The worker answers with
any number of Progress messages, then exactly one Reply or Failure for that number.
Answers that carry another number belong to an abandoned request and are dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from clstudio.common import PeakPlan, PeakProbe, StepOutcome
from clstudio.devices import DeviceSelector
from clstudio.session import Session

# The plans that requests carry, named here only for type checks (the window's start
# does not load them): whoever makes a request has its plan's module loaded, and a
# worker loads them all before it reads one (the fork server's preloaded module,
# remote/served_worker.py), since a remote worker's frames rebuild only classes of
# modules already loaded.
if TYPE_CHECKING:
    from clstudio.checkmode import CheckPlan
    from clstudio.counts import CountPlan
    from clstudio.traffic import TrafficPlan

# In the environment of a one-shot worker (worker_slot.OneShotWorkers), often booted
# ahead of its request: it loads its drivers as it boots, while the user reads, not after
# the click (every platform's library: 50 ms and more here, against 7 for PoCL alone).
DRIVERS_AT_BOOT = ("CLSTUDIO_DRIVERS_AT_BOOT", "1")


@dataclass(frozen=True)
class Numbered:
    """Every request and every answer but Ready carries the number of its request."""

    id: int


@dataclass(frozen=True)
class DevicesRequest(Numbered):
    """Discover every platform and device (a driver may crash on a query)."""


@dataclass(frozen=True)
class BuildRequest(Numbered):
    """Build `source` for the editor: diagnostics and kernel signatures, nothing run."""

    source: str
    options: str = ""
    selector: DeviceSelector | None = None


@dataclass(frozen=True)
class WarmRequest(Numbered):
    """A spare worker's first request: open the device and build the program the app ran
    last, so that the run it takes over after a crash finds both warm. Its reply is dropped."""

    selector: DeviceSelector | None
    source: str = ""
    options: str = ""


@dataclass(frozen=True)
class RunRequest(Numbered):
    """Build and run a session; the reply is a RunResult (with snapshots when asked).

    `session` is None for the same session as this worker's last run: pickling a session
    and taking it apart again cost 0.1-0.3 ms of a tiny run, which the app's repeated
    runs of one session need not pay (WorkerProcess.send)."""

    session: Session | None
    snapshots: bool = False


@dataclass(frozen=True)
class CheckRequest(Numbered):
    """Run a session once on Oclgrind (in a worker started with its switches); a CheckResult."""

    plan: CheckPlan


@dataclass(frozen=True)
class CountRequest(Numbered):
    """Run a session once on Oclgrind with its counts on (in a worker started with
    plan.environment); the reply is a CountResult."""

    plan: CountPlan


@dataclass(frozen=True)
class TrafficRequest(Numbered):
    """Run a session's instrumented build and read its log; the reply is a TrafficResult."""

    plan: TrafficPlan


@dataclass(frozen=True)
class PeakRequest(Numbered):
    """Measure one peak probe; the reply is a PeakSample. One probe per request, so
    a benchmark kernel that aborts the driver loses only its own figure."""

    selector: DeviceSelector | None
    probe: PeakProbe
    plan: PeakPlan


@dataclass(frozen=True)
class StepRequest(Numbered):
    """Step mode: up to `count` lesson steps of `session` from step `first`; the reply is the
    tuple of their StepOutcomes, each also sent as a Stepped when it ends.

    The stepper stays in the worker between requests. `first` = 1 starts afresh; a
    request that goes on from a stepper the worker no longer has (it restarted) fails
    at once, saying to Reset. Stepping that has ended (a failure, or step 11) drops it.
    """

    session: Session
    first: int
    count: int = 1


@dataclass(frozen=True)
class CompileRequest(Numbered):
    """Build and launch a session once for the compiler view; the reply is a CompileResult.

    Asked of a worker started for it alone (compiler_client): PoCL's switches and a
    fresh cache are in its environment, read once when the driver loads.
    """

    session: Session


Request = (
    DevicesRequest
    | BuildRequest
    | WarmRequest
    | RunRequest
    | CheckRequest
    | CountRequest
    | TrafficRequest
    | PeakRequest
    | StepRequest
    | CompileRequest
)


@dataclass(frozen=True)
class Released:
    """Blocks whose results the app no longer holds (worker.block_pool): `reused` may be
    filled again, `dropped` are gone from the app."""

    reused: tuple[str, ...]
    dropped: tuple[str, ...] = ()


@dataclass(frozen=True)
class WithReleased:
    """A request, with the blocks given back since the last one: in one message, since a
    message of their own woke the worker once more in every tiny run."""

    released: Released
    request: Request


@dataclass(frozen=True)
class Ready:
    """The worker has imported its engine and can take requests."""

    pid: int


@dataclass(frozen=True)
class Progress(Numbered):
    """`done` of `total` repeats of a run (or a check's one launch) have finished."""

    done: int
    total: int


@dataclass(frozen=True)
class Stepped(Numbered):
    """One step of a StepRequest has ended (the reply repeats it, with any arrays shared)."""

    outcome: StepOutcome


@dataclass(frozen=True)
class Reply(Numbered):
    """The answer to request `id`; large arrays inside arrive as shared-memory references.

    `made`: how many blocks the worker named for this reply (shared_arrays.block_prefix,
    then 0, 1, ...). The app unlinks those the payload does not name (a read-back the
    worker dropped), and need not look for any when there were none."""

    payload: object
    made: int = 0


@dataclass(frozen=True)
class Failure(Numbered):
    """An unexpected exception in the worker, with its traceback for the caller to show."""

    traceback: str


Response = Ready | Progress | Stepped | Reply | Failure


class WorkerFailure(RuntimeError):
    """Raised in the app when the worker answered with a Failure; carries its traceback."""

    def __init__(self, traceback: str) -> None:
        super().__init__(f"the worker process failed unexpectedly:\n{traceback}")
        self.traceback = traceback
