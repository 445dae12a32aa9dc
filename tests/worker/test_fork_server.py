"""Workers forked from the fork server (worker/fork_server.py): started with the worker's
modules loaded, yet each in the app's environment as it was at its own start."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from clstudio.common.translation import LANGUAGE_VARIABLE
from clstudio.dataclass_code import cache_file
from clstudio.session import load_session
from clstudio.worker import fork_server
from clstudio.worker.client import WorkerClient

pytestmark = pytest.mark.opencl
on_linux = pytest.mark.skipif(sys.platform != "linux", reason="the fork server is Linux's")
VECTOR_ADD = Path(__file__).parents[2] / "kernels" / "vector_add.json"


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()[1])


@on_linux
def test_workers_are_forked_from_one_server_and_each_takes_the_apps_environment_then(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with WorkerClient() as first:
        assert first.devices().platforms  # the fork server starts, if it has not yet
        monkeypatch.setenv(LANGUAGE_VARIABLE, "zh_CN")  # the next test speaks English again
        with WorkerClient() as second:
            outcomes = second.step(load_session(VECTOR_ADD), 1, 11)
            assert first.pid is not None and second.pid is not None
            server = parent_of(first.pid)
            assert server != os.getpid()
            assert parent_of(second.pid) == server
    # The server was started in English; the second worker speaks as the app did then.
    assert all(outcome.ok for outcome in outcomes), outcomes[-1].error
    assert re.search("[\u4e00-\u9fff]", outcomes[7].produced), outcomes[7].produced


def test_a_worker_whose_loader_variables_differ_from_the_servers_is_spawned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The dynamic loader reads LD_LIBRARY_PATH and LD_PRELOAD once, at a process's start:
    a worker that needs others than the server started with cannot be forked from it."""
    monkeypatch.setattr(fork_server, "_server_loader", None)
    monkeypatch.setattr(sys, "platform", "linux")
    first = fork_server.context_for({"LD_LIBRARY_PATH": "/opt/a", "PATH": "/bin"})
    assert first.get_start_method() == "forkserver"
    same = fork_server.context_for({"LD_LIBRARY_PATH": "/opt/a", "HOME": "/home/ada"})
    assert same.get_start_method() == "forkserver"
    for other in (
        {"LD_LIBRARY_PATH": "/opt/b"},
        {"LD_LIBRARY_PATH": "/opt/a", "LD_PRELOAD": "x.so"},
    ):
        assert fork_server.context_for(other).get_start_method() == "spawn"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert fork_server.context_for({"LD_LIBRARY_PATH": "/opt/a"}).get_start_method() == "spawn"


def test_only_the_fork_server_imports_the_module_that_silences_its_stderr() -> None:
    """fork_server_start points the importing process's stderr at /dev/null: imported
    anywhere but in the server, it would hide the app's own messages."""
    src = Path(__file__).parents[2] / "src"
    naming = sorted(
        path.relative_to(src).as_posix()
        for path in src.rglob("*.py")
        if "fork_server_start" in path.read_text(encoding="utf-8")
    )
    assert naming == ["clstudio/worker/fork_server.py"]
    assert fork_server.PRELOADED == ["clstudio.worker.fork_server_start"]


SERVER_ONLY = """
from clstudio.worker.client import WorkerClient

if __name__ == "__main__":
    with WorkerClient() as worker:
        assert worker.devices().platforms
"""


@on_linux
def test_the_server_takes_its_dataclasses_methods_from_the_kept_code_and_keeps_them(
    tmp_path: Path,
) -> None:
    """Nothing in the script itself uses the kept code (clstudio.dataclass_code): the
    file in its cache is the fork server's, which a second server then reads unchanged."""
    script = tmp_path / "server_only.py"
    script.write_text(SERVER_ONLY)
    environ = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    cache = cache_file(environ)
    subprocess.run([sys.executable, str(script)], env=environ, check=True, timeout=120)
    written = cache.stat()
    subprocess.run([sys.executable, str(script)], env=environ, check=True, timeout=120)
    kept = cache.stat()
    assert (kept.st_ino, kept.st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
