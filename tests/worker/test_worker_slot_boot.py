"""A one-shot worker (the Compiler and Memory tabs, measured counts) loads its drivers as
it boots: booted ahead, it has them loaded before the user's click."""

from __future__ import annotations

import time
from pathlib import Path

from clstudio.session import load_session
from clstudio.worker.client import WorkerClient
from clstudio.worker.protocol import DRIVERS_AT_BOOT
from clstudio.worker.traffic_client import TrafficClient
from clstudio.worker.worker_slot import Environment, local_client

KERNELS = Path(__file__).resolve().parents[2] / "kernels"
BOOT_LIMIT_S = 60


def drivers_loaded(pid: int | None) -> bool:
    assert pid is not None
    return "libpocl" in Path(f"/proc/{pid}/maps").read_text()


def test_a_worker_booted_ahead_has_its_drivers_loaded_before_its_request() -> None:
    made: list[tuple[Environment, WorkerClient]] = []

    def new_client(environment: Environment) -> WorkerClient:
        made.append((environment, local_client(environment)))
        return made[-1][1]

    client = TrafficClient(ready_next=True, new_client=new_client)
    try:
        client.prepare()
        ((environment, ahead),) = made
        assert DRIVERS_AT_BOOT in environment
        deadline = time.monotonic() + BOOT_LIMIT_S
        while not drivers_loaded(ahead.pid):  # no request has been sent to it
            assert time.monotonic() < deadline, "the worker booted without its drivers"
            time.sleep(0.05)
        result = client.measure(load_session(KERNELS / "transpose_naive.json"))
        assert result.ok, result.error
        assert made[1][0] == environment, "the next worker, booted after the answer, too"
    finally:
        client.close()


def test_a_worker_made_for_its_request_loads_its_drivers_as_it_boots_too() -> None:
    environments: list[Environment] = []

    def new_client(environment: Environment) -> WorkerClient:
        environments.append(environment)
        return local_client(environment)

    client = TrafficClient(new_client=new_client)  # as `clstudio traffic` makes it
    try:
        result = client.measure(load_session(KERNELS / "transpose_naive.json"))
    finally:
        client.close()
    assert result.ok, result.error
    assert environments == [(DRIVERS_AT_BOOT,)]
