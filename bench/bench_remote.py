"""Runs on a remote machine over ssh, against the same runs on the local worker.

The remote machine is this one, reached through OpenSSH's server on the loopback (the
tests' throwaway server, tests/ssh_server.py), so the ratio is what the ssh trip and
the frames cost: every array travels inside a message, where a local worker shares
memory. Three sessions: the gallery's vector_add (1 M floats in, 1 M out), its program
of several launches (vadd_chain), and a 64 MiB output. Warm workers on both sides;
rounds alternate local and remote so that the machine's load falls on both alike.
Needs root (the server runs as root); says why and reports nothing otherwise.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from clstudio.common.dtypes import parse_element_type
from clstudio.remote import prepare, remote_client
from clstudio.session import Launch, Session, load_session
from clstudio.session.args import BufferArg
from clstudio.worker.client import WorkerClient
from results_table import Metric, report, timed

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))  # the tests' loopback server
from ssh_server import SshServer, why_no_server

KERNELS = Path(__file__).parents[1] / "kernels"
ROUNDS = 5
RUNS = 5  # per round and side: the median of these is the round's figure
BIG_MIB = 64


def big_output() -> Session:
    n = BIG_MIB << 18  # floats
    source = "__kernel void fill(__global float* c) { c[get_global_id(0)] = get_global_id(0); }"
    args = {"c": BufferArg(parse_element_type("float"), (n,), access="out")}
    return Session(source=source, launches=(Launch("fill", (n,)),), guards=False, args=args)


def main() -> int:
    reason = why_no_server()
    if reason is not None:
        print(f"bench_remote: skipped: {reason}")
        return 0
    sessions = {
        "vector_add (1 M floats)": load_session(KERNELS / "vector_add.json"),
        "vadd_chain (a program of launches)": load_session(KERNELS / "vadd_chain.json"),
        f"a {BIG_MIB} MiB output": big_output(),
    }
    with tempfile.TemporaryDirectory(prefix="clstudio-bench-sshd-") as folder:
        server = SshServer(Path(folder))
        try:
            prepare(server.address)
            with WorkerClient() as local, remote_client(server.address) as remote:
                times = measure(sessions, local, remote)
        finally:
            server.stop()
    metrics = []
    for name in sessions:
        local_s, remote_s = times[name]
        ratios = sorted(r / b for r, b in zip(remote_s, local_s, strict=True))
        metrics.append(
            Metric(
                f"a run of {name} on the remote worker",
                statistics.median(remote_s),
                "s",
                statistics.median(local_s),
                note=f"vs the local worker; the {ROUNDS} rounds' ratios: "
                + ", ".join(f"{r:.2f}" for r in ratios),
            )
        )
    report("remote", metrics, rounds=ROUNDS, runs=RUNS, remote="OpenSSH on 127.0.0.1")
    return 0


def measure(
    sessions: dict[str, Session], local: WorkerClient, remote: WorkerClient
) -> dict[str, tuple[list[float], list[float]]]:
    """Each round's median run time, local then remote, for each session."""
    times: dict[str, tuple[list[float], list[float]]] = {n: ([], []) for n in sessions}
    for session in sessions.values():  # warm: boot, context and build on both sides
        for client in (local, remote):
            result = client.run(session)
            assert result.ok, result.error
    for _ in range(ROUNDS):
        for name, session in sessions.items():
            local_s, remote_s = times[name]
            local_s.append(timed(lambda s=session: local.run(s), repeats=RUNS))
            remote_s.append(timed(lambda s=session: remote.run(s), repeats=RUNS))
    return times


if __name__ == "__main__":
    sys.exit(main())
