"""Host programs: a session's complete host code in Python (pyopencl) or C, step by step.

The text names and numbers the lesson's eleven steps and knows each step's lines, for
the Host code view; the export writes a folder that builds and runs without CL Studio.
"""

from typing import TYPE_CHECKING

from clstudio.common.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from clstudio.hostcode.bundled_pocl import bundled_pocl_library, is_bundled_pocl
    from clstudio.hostcode.code_text import StepRegion
    from clstudio.hostcode.export import (
        LANGUAGES,
        MAIN_FILES,
        ExportError,
        FolderNotEmptyError,
        HostProgram,
        export_program,
        host_program,
    )
    from clstudio.hostcode.run_commands import BOTH, export_folders, run_commands
    from clstudio.hostcode.steps import EXPORT_VERSION, HOST_STEPS, HostStep, lesson_step_of
else:
    lazy_exports(__name__, __file__)

__all__ = [
    "BOTH",
    "EXPORT_VERSION",
    "HOST_STEPS",
    "LANGUAGES",
    "MAIN_FILES",
    "ExportError",
    "FolderNotEmptyError",
    "HostProgram",
    "HostStep",
    "StepRegion",
    "bundled_pocl_library",
    "export_folders",
    "export_program",
    "host_program",
    "is_bundled_pocl",
    "lesson_step_of",
    "run_commands",
]
