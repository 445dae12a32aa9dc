"""Imported by multiprocessing's fork server alone, as it starts (fork_server.PRELOADED):
the worker's modules, loaded once for every worker forked from it, and the server's
stderr pointed at /dev/null.

A worker forked for an app that is going away (Ctrl-C as the worker starts) fails
before it has a stderr of its own (child.enter_scratch gives it its log), and its
traceback must not reach the app's terminal after the app's last line. A worker that
dies at its start is still reported by the app, from its exit status.
"""

import os

from clstudio.dataclass_code import cache_file, keep_new_code, use_kept_code


def _preload() -> None:
    """The worker's modules and child.main, and the measurements' plans and results, which
    the window's start does not load; their dataclasses' methods from the kept code, as
    the app's (clstudio.dataclass_code: about 70 of the preload's 200 ms otherwise)."""
    use_kept_code(cache_file())
    from clstudio.counts import count_plan, count_result  # noqa: F401
    from clstudio.traffic import log_analysis, traffic_plan, traffic_result  # noqa: F401
    from clstudio.worker import child  # noqa: F401

    keep_new_code()


_preload()

_devnull = os.open(os.devnull, os.O_WRONLY)
os.dup2(_devnull, 2)
os.close(_devnull)
