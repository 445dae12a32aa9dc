"""Remote machines beside this one: connecting to one, and sending each call to the machine
that holds the device in use.

The window keeps one RoutedBackend for builds and one for runs; choosing a device on a
remote machine routes both there, choosing a local one routes them back. A remote
machine's worker is a WorkerClient like a local one (clstudio.remote.connection), so a
run there is the same request, the same limits and the same Stop.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from clstudio.backend import Backend, Progress, Stepped
from clstudio.common import BuildResult, RunResult, StepOutcome, gettext
from clstudio.devices import DeviceInventory, DeviceSelector
from clstudio.remote.address import RemoteAddress, RemoteError
from clstudio.session import Session
from clstudio.worker.client import WorkerClient
from clstudio.worker.worker_slot import Environment, local_client

if TYPE_CHECKING:
    from clstudio.debugger.debug_plan import DebugPlan
    from clstudio.debugger.pipe import DebuggerProcess
    from clstudio.remote.connection import LostConnection

Connect = Callable[[RemoteAddress], Backend]
T = TypeVar("T")


def on_machine(inventory: DeviceInventory, machine: str) -> DeviceInventory:
    """`inventory`, each device marked as being on `machine` (its [USER@]HOST[:PORT])."""
    platforms = tuple(
        replace(p, devices=tuple(replace(d, machine=machine) for d in p.devices))
        for p in inventory.platforms
    )
    return replace(inventory, platforms=platforms)


def connector(on_lost: LostConnection | None = None) -> Connect:
    """remote_client, telling `on_lost` of each connection lost. The connection's and the
    set-up's modules load with the first remote machine, not with the window."""

    def connect(address: RemoteAddress) -> Backend:
        from clstudio.remote.connection import remote_client

        return remote_client(address, on_lost=on_lost)

    return connect


class RoutedBackend:
    """A Backend that sends each call to this machine's backend, or to the worker on the
    remote machine chosen with `route`; each remote worker is made on first use."""

    def __init__(self, local: Backend, connect: Connect | None = None) -> None:
        self._local = local
        self._connect = connect or connector()
        self._remotes: dict[RemoteAddress, Backend] = {}
        self._route: RemoteAddress | None = None
        self._lock = threading.Lock()
        self._busy: list[Backend] = []  # the backends with a call under way, for cancel

    @property
    def machine(self) -> RemoteAddress | None:
        """The remote machine calls go to; None: this machine."""
        return self._route

    def route(self, address: RemoteAddress | None) -> None:
        """Send the next calls to `address`'s worker (None: this machine's)."""
        self._route = address

    def remote(self, address: RemoteAddress) -> Backend:
        """The worker on `address`, started on its first request."""
        with self._lock:
            backend = self._remotes.get(address)
            if backend is None:
                backend = self._remotes[address] = self._connect(address)
            return backend

    def forget(self, address: RemoteAddress) -> None:
        """End the connection to `address`; the next call there connects again."""
        with self._lock:
            backend = self._remotes.pop(address, None)
        if backend is not None:
            backend.close()

    def devices(self) -> DeviceInventory:
        return self._call(lambda backend: backend.devices())

    def build(self, source: str, options: str, selector: DeviceSelector | None) -> BuildResult:
        return self._call(lambda backend: backend.build(source, options, selector))

    def run(
        self, session: Session, progress: Progress | None = None, snapshots: bool = False
    ) -> RunResult:
        return self._call(lambda backend: backend.run(session, progress, snapshots))

    def step(
        self, session: Session, first: int, count: int, stepped: Stepped | None = None
    ) -> tuple[StepOutcome, ...]:
        return self._call(lambda backend: backend.step(session, first, count, stepped))

    def cancel(self) -> None:
        with self._lock:
            busy = list(self._busy)
        for backend in busy:
            backend.cancel()

    def close(self) -> None:
        self.close_remotes()
        self._local.close()

    def close_remotes(self) -> None:
        """End every remote machine's connection (this machine's backend is kept)."""
        with self._lock:
            remotes = list(self._remotes.values())
            self._remotes.clear()
        for backend in remotes:
            backend.close()

    def _call(self, call: Callable[[Backend], T]) -> T:
        address = self._route
        backend = self._local if address is None else self.remote(address)
        with self._lock:
            self._busy.append(backend)
        try:
            return call(backend)
        finally:
            with self._lock:
                self._busy.remove(backend)


class RoutedWorkers:
    """The window's workers of their own (checks, compiles, traffic, counts: a NewClient
    for clstudio.worker.worker_slot) and its debug runs, started on this machine or on the
    remote machine chosen with `route`: the factories the --remote commands use."""

    def __init__(self, on_lost: LostConnection | None = None) -> None:
        self._on_lost = on_lost
        self._route: RemoteAddress | None = None

    def route(self, address: RemoteAddress | None) -> None:
        self._route = address

    def place(self) -> RemoteAddress | None:
        """Where the next worker starts (None: this machine); a slot keeps no worker of
        another place (worker_slot.place_of)."""
        return self._route

    def __call__(self, environment: Environment) -> WorkerClient:
        address = self._route
        if address is None:
            return local_client(environment)
        from clstudio.remote.connection import remote_client  # see connector

        return remote_client(address, True, environment, self._on_lost)

    def start_debugger(self, plan: DebugPlan) -> DebuggerProcess:
        """The debug process running `plan`: here, or on the machine over ssh."""
        address = self._route
        if address is None:
            from clstudio.debugger.pipe import start_debugger

            return start_debugger(plan)
        from clstudio.remote.debugging import RemoteDebuggerProcess

        return RemoteDebuggerProcess(plan, address, on_lost=self._on_lost)


@dataclass(frozen=True)
class MachineAnswer:
    """What connecting to a remote machine gave: its devices (each marked with the
    machine), or why it cannot be used."""

    address: RemoteAddress
    inventory: DeviceInventory | None
    problem: str | None = None


class MachineConnector:
    """Connects to one remote machine at a time: set-up there, then its devices, on the
    builds' backend; `stopped` (the window's Stop) ends the set-up, `cancel` the asking."""

    def __init__(self, tools: RoutedBackend) -> None:
        self._tools = tools
        self._asking: Backend | None = None

    def connect(
        self, address: RemoteAddress, say: Callable[[str], None], stopped: Callable[[], bool]
    ) -> MachineAnswer:
        from clstudio.remote.installation import prepare, stopped_message  # see connector

        try:
            prepare(address, batch=True, say=say, stopped=stopped)
            say(gettext("asking {machine} for its devices…").format(machine=address.name))
            self._asking = self._tools.remote(address)
            if stopped():
                raise RemoteError(stopped_message(address))
            inventory = self._asking.devices()
        except RemoteError as exc:
            return MachineAnswer(address, None, str(exc))
        finally:
            self._asking = None
        if not inventory.platforms:
            self._tools.forget(address)  # the next try starts afresh
            problem = inventory.problem or gettext("{machine} has no OpenCL platform").format(
                machine=address.name
            )
            return MachineAnswer(address, None, problem)
        return MachineAnswer(address, on_machine(inventory, address.name))

    def cancel(self) -> None:
        asking = self._asking
        if asking is not None:
            asking.cancel()
