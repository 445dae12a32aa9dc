"""Workers forked from a server that has imported their modules, where Linux allows it.

A spawned worker spent most of its boot importing: CL Studio's modules and numpy took
about 0.3 s of the 0.45 s from its start to its list of devices here. Forked from
multiprocessing's fork server, which imported them once, a worker starts with them
loaded. The server imports no OpenCL: each worker loads its driver itself, once its
environment is set.

A forked worker starts with the server's environment, and its dynamic loader with the
library path the server started with. So each worker is handed the app's environment
as it was at its start (child.main sets it), and a worker whose loader variables
differ from the server's is spawned as before. The server starts with the first worker,
in that worker's environment; it ends once the app and its workers have.
"""

from __future__ import annotations

import multiprocessing
import sys
import threading
from collections.abc import Mapping
from multiprocessing.context import ForkServerContext, SpawnContext

# What the dynamic loader reads once, at a process's start.
LOADER_VARIABLES = ("LD_LIBRARY_PATH", "LD_PRELOAD")
PRELOADED = ["clstudio.worker.fork_server_start"]

_lock = threading.Lock()
_server_loader: dict[str, str | None] | None = None  # the server's loader variables


def context_for(environ: Mapping[str, str]) -> ForkServerContext | SpawnContext:
    """The fork server's context when a worker in `environ` can be forked from it, else
    spawn's. The first call on Linux decides the server's loader variables."""
    global _server_loader
    spawn = multiprocessing.get_context("spawn")
    if sys.platform != "linux":  # macOS's system libraries are not safe to fork
        return spawn
    server = multiprocessing.get_context("forkserver")
    loader = {name: environ.get(name) for name in LOADER_VARIABLES}
    with _lock:
        if _server_loader is None:
            _server_loader = loader
            server.set_forkserver_preload(PRELOADED)
        if loader != _server_loader:
            return spawn
    return server
