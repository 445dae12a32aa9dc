"""The whole remote path against OpenSSH's server on the loopback: set-up, devices, runs
that match local ones, a lost connection, and remote machines that answer wrongly."""

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

from clstudio import __version__
from clstudio.common import RunResult
from clstudio.devices import DeviceInventory
from clstudio.devices.oclgrind_home import HOME_VARIABLE
from clstudio.remote import RemoteError, RoutedWorkers, prepare, remote_client
from clstudio.remote.package_files import package_digest
from clstudio.session import load_session
from clstudio.worker.client import WorkerClient
from clstudio.worker.count_client import CountClient
from session.session_data import file_session
from ssh_server import HOST_ALIAS, SshServer, why_no_server

pytestmark = pytest.mark.opencl
KERNELS = Path(__file__).parents[2] / "kernels"
SPIN = """__kernel void spin(__global float *out, const int steps)
{
    float x = get_global_id(0);
    for (int k = 0; k < steps; ++k)
        x = x * 0.999f + 1.0f;
    out[get_global_id(0)] = x;
}
"""


def _clstudio(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "clstudio", *args], capture_output=True, text=True, timeout=300
    )


def _same_outputs(local: RunResult, remote: RunResult) -> None:
    assert local.ok and remote.ok, (local.error, remote.error)
    assert local.outputs.keys() == remote.outputs.keys()
    for name, array in local.outputs.items():
        np.testing.assert_array_equal(remote.outputs[name], array)


def test_devices_are_listed_under_the_machines_name(ssh_server: SshServer) -> None:
    config = str(ssh_server.client_config)
    done = _clstudio("devices", "--json", "--remote", "clstudio-test", "--ssh-config", config)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["machine"] == "clstudio-test"
    assert report["platforms"] and report["platforms"][0]["devices"]
    text = _clstudio("devices", "--remote", "clstudio-test", "--ssh-config", config).stdout
    assert text.startswith("Machine: clstudio-test\n")


@pytest.mark.parametrize("name", ["vector_add.json", "vadd_chain.json"])
def test_a_remote_run_gives_the_outputs_of_a_local_one(ssh_server: SshServer, name: str) -> None:
    session = load_session(KERNELS / name)
    prepare(ssh_server.address)
    with remote_client(ssh_server.address) as remote, WorkerClient() as local:
        _same_outputs(local.run(session), remote.run(session))


def test_run_on_the_command_line_matches_a_local_run(ssh_server: SshServer, tmp_path: Path) -> None:
    session = str(KERNELS / "vadd_chain.json")
    config = str(ssh_server.client_config)
    remote = _clstudio(
        "run",
        session,
        "--json",
        "--remote",
        "clstudio-test",
        "--ssh-config",
        config,
        "--device",
        "pthread",
        "--save-outputs",
        str(tmp_path / "remote"),
    )
    local = _clstudio(
        "run", session, "--json", "--device", "pthread", "--save-outputs", str(tmp_path / "local")
    )
    assert remote.returncode == 0 == local.returncode, remote.stderr
    assert json.loads(remote.stdout)["ok"]
    for saved in (tmp_path / "local").iterdir():
        np.testing.assert_array_equal(np.load(tmp_path / "remote" / saved.name), np.load(saved))


def test_a_lost_connection_ends_the_run_with_a_message_and_local_runs_go_on(
    own_ssh_server: SshServer, tmp_path: Path
) -> None:
    path = file_session(
        tmp_path,
        "spin",
        "spin",
        SPIN,
        sizes={"N": 256},
        global_size=["N"],
        repeats=100000,
        timeout_s=120.0,
        args={
            "out": {"kind": "buffer", "dtype": "float32", "shape": ["N"], "access": "out"},
            "steps": {"kind": "scalar", "value": 20000},
        },
    )
    session = load_session(path)
    prepare(own_ssh_server.address)

    def progress(done: int, total: int) -> None:
        own_ssh_server.kill_connections()  # the machine goes away mid-run

    with remote_client(own_ssh_server.address) as remote:
        result = remote.run(session, progress)
    assert result.error is not None and result.error.stage == "crash"
    assert "the connection to clstudio-test was lost while running kernel 'spin'" in (
        result.error.message
    )
    with WorkerClient() as local:
        assert local.run(load_session(KERNELS / "vector_add.json")).ok


def test_a_remote_that_answers_garbage_is_a_message(tmp_path: Path) -> None:
    fake = tmp_path / "python3"
    fake.write_text("#!/bin/sh\necho 'Welcome to the GPU server!'\nhead -c 64 /dev/urandom\n")
    fake.chmod(0o755)
    with _fake_python_server(tmp_path, fake) as server:
        with pytest.raises(RemoteError, match="set-up failed on clstudio-test"):
            prepare(server.address)
        inventory = _devices_of(server)
    assert inventory.problem is not None
    assert "the worker on clstudio-test answered what CL Studio cannot read" in inventory.problem
    assert "Welcome to the GPU server!" in inventory.problem


def test_a_remote_whose_answer_would_run_code_is_refused_unrun(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    fake = tmp_path / "python3"
    hello = f"CLSTUDIO-WORKER/1 {__version__} {package_digest()}\\n"
    fake.write_text(
        f"#!{sys.executable}\n"
        "import os, pickle, struct, sys\n"
        "class Hostile:\n"
        f"    def __reduce__(self): return (os.system, ('touch {marker}',))\n"
        "data = pickle.dumps(Hostile())\n"
        f"sys.stdout.buffer.write(b'{hello}' + struct.pack('>Q', len(data)) + data)\n"
        "sys.stdout.flush()\n"
    )
    fake.chmod(0o755)
    with _fake_python_server(tmp_path, fake) as server:
        inventory = _devices_of(server)
    assert inventory.problem is not None
    assert "system, which CL Studio does not accept" in inventory.problem
    assert not marker.exists()


def test_a_machine_without_python_says_why(tmp_path: Path) -> None:
    with (
        _fake_python_server(tmp_path, tmp_path / "no-python-here") as server,
        pytest.raises(RemoteError, match="clstudio-test has no python3"),
    ):
        prepare(server.address)


def test_a_remote_of_another_version_is_installed_again(ssh_server: SshServer) -> None:
    probe = prepare(ssh_server.address)
    (Path(probe.folder) / "lib" / "digest").write_text("older")
    assert prepare(ssh_server.address).digest == package_digest()


@contextmanager
def _fake_python_server(tmp_path: Path, python: Path) -> Iterator[SshServer]:
    """A server whose machine runs `python` as its python3, stopped however the test ends."""
    reason = why_no_server()
    if reason is not None:
        pytest.skip(reason)
    server = SshServer(tmp_path / "sshd", str(python))
    try:
        yield server
    finally:
        server.stop()


def _devices_of(server: SshServer) -> DeviceInventory:
    """What the machine answers when asked for its devices."""
    with remote_client(server.address) as remote:
        return remote.devices()


OVERRUN = """__kernel void overrun(__global float *out)
{
    out[get_global_id(0) + 1] = 1.0f;
}
"""


def _overrun_session(folder: Path) -> str:
    return str(
        file_session(
            folder,
            "overrun",
            "overrun",
            OVERRUN,
            sizes={"N": 64},
            global_size=["N"],
            args={"out": {"kind": "buffer", "dtype": "float32", "shape": ["N"], "access": "out"}},
        )
    )


def _remote_json(
    server: SshServer, *args: str, remote: bool = True
) -> tuple[int, dict[str, object]]:
    where = ("--remote", HOST_ALIAS, "--ssh-config", str(server.client_config)) if remote else ()
    done = _clstudio(*args, "--json", *where)
    assert done.stdout, done.stderr
    report = json.loads(done.stdout)
    assert isinstance(report, dict)
    for timed in ("seconds", "kernel_ns"):  # what differs from run to run
        report.pop(timed, None)
    return done.returncode, report


def test_check_on_the_remote_machine_finds_what_a_local_check_finds(
    ssh_server: SshServer, tmp_path: Path
) -> None:
    session = _overrun_session(tmp_path)
    remote = _remote_json(ssh_server, "check", session)
    local = _remote_json(ssh_server, "check", session, remote=False)
    assert remote == local
    assert remote[0] == 1 and remote[1]["problems"], "the overrun was not found"


def test_compile_on_the_remote_machine_gives_the_local_listing(ssh_server: SshServer) -> None:
    session = str(KERNELS / "vector_add.json")
    args = ("compile", session, "--emit", "remarks", "--device", "pthread")
    status, remote = _remote_json(ssh_server, *args)
    assert status == 0, remote
    assert remote == _remote_json(ssh_server, *args, remote=False)[1]


def test_a_remote_machine_without_oclgrind_says_so(tmp_path: Path) -> None:
    reason = why_no_server()
    if reason is not None:
        pytest.skip(reason)
    server = SshServer(tmp_path / "sshd", environment={HOME_VARIABLE: str(tmp_path / "none")})
    session = _overrun_session(tmp_path)
    try:
        checked = _remote_json(server, "check", session)
        debugged = _remote_json(server, "debug", session, "--break", "3")
    finally:
        server.stop()
    for status, report in (checked, debugged):
        assert status == 1
        error = report["error"]
        assert isinstance(error, dict)
        assert str(error["message"]).startswith(f"{HOST_ALIAS} has no Oclgrind, which check mode")


def test_debug_on_the_remote_machine_stops_where_a_local_debug_stops(
    ssh_server: SshServer,
) -> None:
    session = str(KERNELS / "vector_add.json")
    args = ("debug", session, "--break", "17", "--item", "5", "--print", "i", "a[i]")
    status, remote = _remote_json(ssh_server, *args)
    assert status == 0, remote
    assert remote == _remote_json(ssh_server, *args, remote=False)[1]
    stops = remote["stops"]
    assert isinstance(stops, list) and stops[0]["line"] == 17


def test_traffic_on_the_remote_machine_counts_what_a_local_measurement_counts(
    ssh_server: SshServer,
) -> None:
    args = ("traffic", str(KERNELS / "vector_add.json"))
    status, remote = _remote_json(ssh_server, *args)
    assert status == 0, remote
    assert remote == _remote_json(ssh_server, *args, remote=False)[1]


def test_a_count_routed_to_the_remote_machine_counts_what_a_local_count_counts(
    ssh_server: SshServer,
) -> None:
    """The window's counts go where the device in use is (RoutedWorkers); the count's
    plan and result cross the frames, which rebuild only classes already loaded."""
    session = load_session(KERNELS / "vector_add.json")
    prepare(ssh_server.address)
    workers = RoutedWorkers()
    workers.route(ssh_server.address)
    remote, local = CountClient(new_client=workers), CountClient()
    try:
        counted, expected = remote.count(session), local.count(session)
    finally:
        remote.close()
        local.close()
    assert counted.ok, counted.error
    assert counted.counts == expected.counts


def test_sweep_and_peaks_measure_the_remote_machines_device(ssh_server: SshServer) -> None:
    status, sweep = _remote_json(
        ssh_server, "sweep", str(KERNELS / "vector_add.json"), "--size", "64", "--size", "128"
    )
    assert status == 0, sweep
    points = sweep["points"]
    assert isinstance(points, list) and [p["local_size"] for p in points] == [[64], [128]]
    assert all(p["error"] is None for p in points)
    status, peaks = _remote_json(ssh_server, "peaks", "--only", "launch_latency", "--quick")
    assert status == 0, peaks
    device = peaks["device"]
    assert isinstance(device, dict) and device["platform"] == "Portable Computing Language"
    results = peaks["results"]
    assert isinstance(results, dict) and results["launch_latency"]["dispatch"]["ok"]


def test_a_set_up_that_is_stopped_ends_with_a_message(ssh_server: SshServer) -> None:
    with pytest.raises(RemoteError, match="the connection to clstudio-test was stopped"):
        prepare(ssh_server.address, stopped=lambda: True)
