"""CL Studio's capture hook, first on the learner's PYTHONPATH under `clstudio capture`.

Python imports this module at start-up in place of any sitecustomize of the learner's own;
that one is run first, as if ours were not there. Nothing else happens until the program
imports pyopencl: then the launch recorder beside this file patches it. This runs in the
learner's interpreter, which may not be CL Studio's, so it imports nothing of CL Studio.

The variables `clstudio capture` set for C programs' loader (the vendors folder that shows
them CL Studio's devices) are given back their own values first: pyopencl's loader finds
those devices by itself, and with them twice a Python program would see other platforms.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

SETTINGS_VARIABLE = "CLSTUDIO_CAPTURE"  # the capture's settings, JSON; set by `clstudio capture`
HERE = os.path.dirname(os.path.abspath(__file__))


def _run_hidden_sitecustomize() -> None:
    """The learner's own sitecustomize, which this module hides on the path, if any."""
    mine = sys.modules.pop("sitecustomize", None)
    saved = sys.path[:]
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]
    try:
        importlib.import_module("sitecustomize")
    except ModuleNotFoundError as exc:
        if exc.name != "sitecustomize":
            raise
        if mine is not None:
            sys.modules["sitecustomize"] = mine
    finally:
        sys.path[:] = saved


def _give_back_environment(settings_text: str) -> None:
    """The learner's own values of the variables set for C programs (None: unset)."""
    try:
        given = json.loads(settings_text).get("environment") or {}
    except (ValueError, AttributeError):
        return
    for name, value in given.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = str(value)


class PyopenclWatch(importlib.abc.MetaPathFinder):
    """Finds pyopencl as the other finders do, and hands it to the recorder once loaded."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname != "pyopencl":
            return None
        sys.meta_path.remove(self)  # once: the recorder needs pyopencl's own import
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        load = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            load(module)
            _start_recorder(module)

        setattr(loader, "exec_module", exec_module)  # noqa: B010 (an instance's method)
        return spec


def _start_recorder(pyopencl: ModuleType) -> None:
    spec = importlib.util.spec_from_file_location(
        "clstudio_launch_recorder", os.path.join(HERE, "launch_recorder.py")
    )
    if spec is None or spec.loader is None:
        return
    recorder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(recorder)
    recorder.install(pyopencl, os.environ[SETTINGS_VARIABLE])


_run_hidden_sitecustomize()
if os.environ.get(SETTINGS_VARIABLE):
    _give_back_environment(os.environ[SETTINGS_VARIABLE])
    sys.meta_path.insert(0, PyopenclWatch())
