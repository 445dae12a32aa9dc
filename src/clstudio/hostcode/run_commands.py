"""The shell commands that build and run an exported program, exactly as they work here.

A learner copies them into a terminal, so they are whole and literal: the Python program
needs the interpreter that has pyopencl (the venv's, by its absolute path, since a plain
`python` is often another one), and a C program exported for the PoCL that came with
pip runs through its run.sh, since `./main` alone finds no OpenCL driver
(CL_PLATFORM_NOT_FOUND_KHR) on a machine without a system one.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from pathlib import Path

BOTH = "both"  # the export's choice that writes the Python and the C program at once
SUB_FOLDERS = {"python": "python", "c": "c"}  # where BOTH puts each language


def export_folders(choice: str, folder: Path) -> dict[str, Path]:
    """The folder each language of `choice` ("python", "c" or BOTH) is written into."""
    if choice == BOTH:
        return {language: folder / name for language, name in SUB_FOLDERS.items()}
    return {choice: folder}


def run_commands(language: str, folder: Path, written: Iterable[Path], python: str) -> list[str]:
    """The commands, one a line, that build (for C) and run the program in `folder`.

    `written` are the files the export wrote (a run.sh among them means it is needed);
    `python` is the absolute path of an interpreter that has pyopencl.
    """
    steps = [f"cd {shlex.quote(str(folder))}"]
    if language == "python":
        return [*steps, f"{shlex.quote(python)} main.py"]
    runner = "./run.sh" if folder / "run.sh" in set(written) else "./main"
    return [*steps, "make", runner]
