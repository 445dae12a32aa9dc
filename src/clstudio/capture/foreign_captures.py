"""Captures made elsewhere, read as data: a replay folder of Intel's opencl-intercept-layer
(intercept_folders) or a script written by pyopencl's `Kernel.capture_call`
(capture_call_scripts), each made the launches of a ForeignCapture (foreign_launches)."""

from __future__ import annotations

from pathlib import Path

from clstudio.capture.capture_call_scripts import is_capture_call_script, read_capture_call_script
from clstudio.capture.foreign_launches import ForeignCapture
from clstudio.capture.intercept_folders import read_intercept_folder


def is_foreign_capture(path: Path) -> bool:
    """A folder (an intercept-layer dump) or a capture_call script: what `read_foreign_capture`
    takes. A folder that is not an intercept-layer dump is refused there, with why."""
    return path.is_dir() or (path.suffix.lower() == ".py" and is_capture_call_script(path))


def read_foreign_capture(path: Path) -> ForeignCapture:
    if path.is_dir():
        return read_intercept_folder(path)
    return read_capture_call_script(path)
