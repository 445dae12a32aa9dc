"""The debug process: one session run on Oclgrind, whose debugger talks over stdin and stdout.

    python -m clstudio.debugger.process_main PLAN_FD STATUS_FD

The app starts it with OCLGRIND_INTERACTIVE=1 and pipes for stdin and stdout, which
belong to Oclgrind alone: nothing here prints. It imports the engine first, then waits
for its orders, one JSON object read to the end of PLAN_FD: the session's file and its
base folder (debugger/pipe.py sends them; nothing, when the app closed first). How the run
ended goes, as one JSON object, to the file descriptor STATUS_FD. pyopencl and the driver
load only here.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from clstudio.common import RunResult
from clstudio.devices import SIMULATOR_PLATFORM
from clstudio.reporting import error_json
from clstudio.session import parse_session


def main(argv: list[str]) -> int:
    plan_fd, status_fd = argv
    # Imported here: the app imports this module's package, never the engine. Before the
    # orders come: a process started ahead has its imports done when the user debugs.
    from clstudio.devices.discovery import discover
    from clstudio.engine import Engine

    with os.fdopen(int(plan_fd), "rb") as orders_pipe:
        given = orders_pipe.read()
    if not given:
        return 0  # started ahead, and never needed
    orders = json.loads(given.decode("utf-8"))
    data = json.loads(Path(orders["session"]).read_text(encoding="utf-8"))
    base_dir = orders.get("base_dir")  # none on a remote machine: no folder of its own
    session = parse_session(data, Path(base_dir) if base_dir else None)
    launched = False

    def entering(step: str) -> None:
        nonlocal launched
        launched = launched or step == "launch"

    result = Engine().run(session, entering=entering)
    found = True
    if not launched:  # nothing ran: was it for want of the simulator?
        wanted = (session.device.platform if session.device else SIMULATOR_PLATFORM).casefold()
        found = any(wanted in p.name.casefold() for p in discover().platforms)
    status = _status(result, found)
    with os.fdopen(int(status_fd), "w", encoding="utf-8") as stream:
        json.dump(status, stream)
    return 0


def _status(result: RunResult, simulator_found: bool) -> dict[str, object]:
    error = result.error
    return {
        "ok": error is None,
        "simulator_found": simulator_found,
        "error": error_json(error),
    }


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
