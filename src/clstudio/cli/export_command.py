"""`clstudio export SESSION --lang python|c|both -o DIR [--force]`: the session as a host program.

The program builds and runs without CL Studio: docs/host-code-export.md describes it.
`--lang both` writes the Python program into DIR/python and the C one into DIR/c. It
prints the commands that build and run what it wrote, exactly as they work here.
The kernel is built first (in a worker process) for its argument types, on the device
the session would run on, whose names the program then looks for.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from clstudio.cli import session_commands as shared
from clstudio.common import N_, gettext, ngettext
from clstudio.devices import DeviceSelector
from clstudio.hostcode import (
    BOTH,
    LANGUAGES,
    ExportError,
    FolderNotEmptyError,
    export_folders,
    export_program,
    run_commands,
)
from clstudio.session import SessionError, load_session
from clstudio.worker.client import WorkerClient

NAME = "export"
HELP = N_("write a session's host program in Python or C, ready to build and run")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shared.add_session_argument(parser)
    parser.add_argument(
        "--lang",
        choices=(*LANGUAGES, BOTH),
        required=True,
        help=gettext("the program's language; both writes DIR/python and DIR/c"),
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        required=True,
        metavar="DIR",
        help=gettext("the folder to write"),
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=gettext("write into DIR even if it holds files already"),
    )


def execute(options: argparse.Namespace) -> int:
    try:
        session = load_session(options.session)
    except SessionError as exc:
        return _fail(str(exc))
    with WorkerClient() as worker:
        device = worker.devices().select(session.device)
        selector = DeviceSelector(device.platform_name, device.name) if device else session.device
        build = worker.build(session.source, session.build_options, selector)
    if not build.ok:
        first = build.errors[0] if build.errors else None
        if first and session.source_map.is_split:
            where = f"{session.source_map.place(first.line, '')}: {first.message}"
        elif first:
            where = gettext("line {line}: {message}").format(line=first.line, message=first.message)
        else:
            where = build.log.strip()
        said = gettext("{session}: the kernel does not build: {problem}")
        return _fail(said.format(session=options.session, problem=where))
    signature = build.kernel(session.kernel)
    if signature is None:
        said = gettext("{session}: kernel '{kernel}' is not in the program")
        return _fail(said.format(session=options.session, kernel=session.kernel))
    platform = device.platform_name if device else None
    for language, folder in export_folders(options.lang, options.output).items():
        try:
            written = export_program(
                session,
                signature,
                language,
                folder,
                selector,
                platform,
                options.force,
                device.type if device else "",
                {kernel.name: kernel for kernel in build.kernels},
            )
        except FolderNotEmptyError as exc:
            said = gettext(
                "{problem}; choose an empty folder, or give --force to replace its files"
            )
            return _fail(said.format(problem=exc))
        except ExportError as exc:
            return _fail(str(exc))
        _tell(language, folder, written)
    return 0


def _tell(language: str, folder: Path, written: list[Path]) -> None:
    names = ", ".join(p.name for p in written)
    wrote = ngettext(
        "wrote {count} file to {folder}: {names}",
        "wrote {count} files to {folder}: {names}",
        len(written),
    )
    print(wrote.format(count=len(written), folder=folder, names=names))
    if language == "python":
        print(gettext("to run it (with the Python that has pyopencl):"))
    else:
        print(gettext("to build and run it:"))
    for command in run_commands(language, folder, written, sys.executable):
        print(f"    {command}")


def _fail(message: str) -> int:
    print(gettext("clstudio export: {problem}").format(problem=message), file=sys.stderr)
    return 1
