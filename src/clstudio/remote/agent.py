"""The remote machine's side of an ssh connection: `python3 -m clstudio.remote.agent`.

It starts the worker (clstudio.remote.served_worker) with the connection as its stdin and
stdout, and outlives it: when the worker dies (a kernel's crash), the agent sends the
end of its stderr and how it ended over ssh's stderr, for the app to word the crash as
it words a local one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from clstudio.devices import worker_environment
from clstudio.devices.pip_runtimes import VENDORS_FOLDER

EXIT_MARK = "clstudio-worker-exit: "  # then the worker's exit status (negative: a signal)
_TAIL = 4096


def main() -> int:
    scratch = tempfile.mkdtemp(prefix="clstudio-remote-")
    try:
        # What the pip OpenCL drivers need from a process's start, as for a local worker.
        environment = dict(os.environ)
        environment.update(worker_environment(Path(scratch) / VENDORS_FOLDER, os.environ))
        worker = subprocess.Popen(
            [sys.executable, "-m", "clstudio.remote.served_worker", scratch],
            close_fds=True,
            env=environment,
        )
        code = worker.wait()
        try:
            if code != 0:
                sys.stderr.write(_tail(Path(scratch) / "stderr.log"))
            sys.stderr.write(f"\n{EXIT_MARK}{code}\n")
            sys.stderr.flush()
        except OSError:  # the connection is gone: no one to tell
            pass
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


def _tail(path: Path) -> str:
    try:
        with path.open("rb") as stream:
            stream.seek(max(0, stream.seek(0, os.SEEK_END) - _TAIL))
            return stream.read().decode("utf-8", errors="replace")
    except OSError:
        return ""


if __name__ == "__main__":
    sys.exit(main())
