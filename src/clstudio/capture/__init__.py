"""Capture: a learner's own pyopencl program run as it is, each launch it makes listed in
capture.json and the selected ones saved as sessions (docs/capture.md). The hook/ folder
is put on the program's PYTHONPATH and runs in its interpreter, not in CL Studio's."""

from typing import TYPE_CHECKING

from clstudio.common.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from clstudio.capture.capture_index import (
        FORMAT,
        INDEX_FILE,
        VERSION,
        CaptureFileError,
        CaptureIndex,
        LaunchEntry,
        ProgramEntry,
        index_to_dict,
        read_index,
        reason_text,
        write_index,
    )
    from clstudio.capture.capture_run import (
        DEFAULT_FIRST,
        DEFAULT_MAX_BYTES,
        HOOK_FOLDER,
        CaptureError,
        CaptureRequest,
        CaptureResult,
        prepare_folder,
        run_capture,
    )
    from clstudio.capture.journal import Reason
else:
    lazy_exports(__name__, __file__)

__all__ = [
    "DEFAULT_FIRST",
    "DEFAULT_MAX_BYTES",
    "FORMAT",
    "HOOK_FOLDER",
    "INDEX_FILE",
    "VERSION",
    "CaptureError",
    "CaptureFileError",
    "CaptureIndex",
    "CaptureRequest",
    "CaptureResult",
    "LaunchEntry",
    "ProgramEntry",
    "Reason",
    "index_to_dict",
    "prepare_folder",
    "read_index",
    "reason_text",
    "run_capture",
    "write_index",
]
