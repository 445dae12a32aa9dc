"""`clstudio export SESSION --lang python|c|both -o DIR [--force]`: the session as a host program;
`clstudio export SESSION --into FILE [--force]`: its kernel written back into a host file.

The program builds and runs without CL Studio: docs/host-code-export.md describes it.
`--lang both` writes the Python program into DIR/python and the C one into DIR/c. It
prints the commands that build and run what it wrote, exactly as they work here.
The kernel is built first (in a worker process) for its argument types, on the device
the session would run on, whose names the program then looks for.

With --into, the session must have come from a host file (`clstudio import`): its source
goes back into the same string of FILE, quoted as that string is, and nothing else of
FILE changes (docs/embedded-kernels.md).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from clstudio.cli import session_commands as shared
from clstudio.common import N_, gettext, ngettext
from clstudio.devices import DeviceSelector
from clstudio.embedded import FileChangedError, WriteBackError, write_back
from clstudio.hostcode import (
    BOTH,
    LANGUAGES,
    ExportError,
    FolderNotEmptyError,
    export_folders,
    export_program,
    run_commands,
)
from clstudio.session import (
    Session,
    SessionError,
    load_session,
    named_build_log,
    save_session,
)
from clstudio.worker.client import WorkerClient

NAME = "export"
HELP = N_("write a session's host program in Python or C, ready to build and run")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shared.add_session_argument(parser)
    parser.add_argument(
        "--lang",
        choices=(*LANGUAGES, BOTH),
        help=gettext("the program's language; both writes DIR/python and DIR/c"),
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="DIR",
        help=gettext("the folder to write"),
    )
    parser.add_argument(
        "--into",
        type=Path,
        metavar="FILE",
        help=gettext(
            "write the kernel back into the string of the host file it was imported from "
            "(or a copy of that file), leaving the rest of FILE as it is"
        ),
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=gettext(
            "write into DIR even if it holds files already; with --into, write into FILE "
            "even if it changed since the kernel was read from it"
        ),
    )


def execute(options: argparse.Namespace) -> int:
    if options.into is not None and (options.lang or options.output):
        return _fail(gettext("--into writes the kernel alone: give it without --lang and -o"))
    if options.into is None and not (options.lang and options.output):
        return _fail(gettext("give --lang and -o DIR for a host program, or --into FILE"))
    try:
        session = load_session(options.session)
    except SessionError as exc:
        return _fail(str(exc))
    if options.into is not None:
        return _into(options, session)
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
        where = named_build_log(where, shared.source_name(session, options), session.source_map)
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


def _into(options: argparse.Namespace, session: Session) -> int:
    """Write the session's kernel back into the host file's string it came from."""
    origin = session.embedded_in
    if origin is None:
        said = gettext(
            "{session} was not imported from a host file, so it names no string to write "
            "into; import the file with clstudio import first"
        )
        return _fail(said.format(session=options.session))
    try:
        written = write_back(options.into, origin, session.source, options.force)
    except FileChangedError as exc:
        return _fail(gettext("{problem}; give --force to write anyway").format(problem=exc))
    except WriteBackError as exc:
        return _fail(str(exc))
    if not written.changed:
        said = gettext("{file}: the string at line {line} already holds this kernel; not written")
        print(said.format(file=options.into, line=written.origin.line))
    else:
        said = gettext("wrote the kernel into {file}, the string at line {line}")
        print(said.format(file=options.into, line=written.origin.line))
    if origin.path(session.base_dir).resolve() == options.into.resolve():
        # The session now knows the file as written, so the next write needs no --force.
        try:
            save_session(
                replace(session, embedded_in=written.origin), options.session, options.session
            )
        except (OSError, SessionError) as exc:
            said = gettext("could not record the write in {session}: {reason}")
            return _fail(said.format(session=options.session, reason=exc))
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
