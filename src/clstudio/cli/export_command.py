"""`clstudio export SESSION --lang python|c -o DIR [--force]`: the session as a host program.

The program builds and runs without CL Studio: docs/host-code-export.md describes it.
The kernel is built first (in a worker process) for its argument types, on the device
the session would run on, whose names the program then looks for.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from clstudio.common import N_, gettext, ngettext
from clstudio.devices import DeviceSelector
from clstudio.hostcode import LANGUAGES, ExportError, FolderNotEmptyError, export_program
from clstudio.session import SessionError, load_session
from clstudio.worker.client import WorkerClient

NAME = "export"
HELP = N_("write a session's host program in Python or C, ready to build and run")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", type=Path, help=gettext("the session file (.json)"))
    parser.add_argument(
        "--lang", choices=LANGUAGES, required=True, help=gettext("the program's language")
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
        if first:
            where = gettext("line {line}: {message}").format(line=first.line, message=first.message)
        else:
            where = build.log.strip()
        said = gettext("{session}: the kernel does not build: {problem}")
        return _fail(said.format(session=options.session, problem=where))
    signature = build.kernel(session.kernel)
    if signature is None:
        said = gettext("{session}: kernel '{kernel}' is not in the program")
        return _fail(said.format(session=options.session, kernel=session.kernel))
    try:
        written = export_program(
            session,
            signature,
            options.lang,
            options.output,
            device=selector,
            platform_name=device.platform_name if device else None,
            force=options.force,
        )
    except FolderNotEmptyError as exc:
        said = gettext("{problem}; choose an empty folder, or give --force to replace its files")
        return _fail(said.format(problem=exc))
    except ExportError as exc:
        return _fail(str(exc))
    folder = options.output
    names = ", ".join(p.name for p in written)
    wrote = ngettext(
        "wrote {count} file to {folder}: {names}",
        "wrote {count} files to {folder}: {names}",
        len(written),
    )
    print(wrote.format(count=len(written), folder=folder, names=names))
    if options.lang == "python":
        print(gettext("run it with: {command}").format(command=f"python {folder / 'main.py'}"))
    else:
        runner = "run.sh" if (folder / "run.sh") in written else "main"
        said = gettext("build it with: {build}; then run: {run}")
        print(said.format(build=f"make -C {folder}", run=folder / runner))
    return 0


def _fail(message: str) -> int:
    print(gettext("clstudio export: {problem}").format(problem=message), file=sys.stderr)
    return 1
