"""`clstudio import FILE [-o SESSION] [--list [--json]] [--kernel NAME] [--dtype f32|f16]`.

Opens the OpenCL C embedded in a host program's file (.c, .cc, .cpp, .h, .hpp, .py) as
a session: the file is read by a lexer of its language, never compiled or run
(docs/embedded-kernels.md). A folder of Intel's opencl-intercept-layer or a script of
pyopencl's capture_call is a capture made elsewhere: it becomes a capture folder
(cli/foreign_import.py, docs/capture.md). The kernel is built on the devices found, in order, until
one takes it; that device is the session's, and the kernel's signature gives the
arguments their first values, as the window does for a bare .cl file.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from clstudio.capture.foreign_captures import is_foreign_capture
from clstudio.cli import session_commands as shared
from clstudio.cli.foreign_import import import_capture
from clstudio.common import N_, BuildResult, gettext
from clstudio.devices import DeviceSelector, is_simulator, limits_of, parse_device_spec
from clstudio.embedded import (
    DTYPES,
    EmbeddedSource,
    HostFile,
    HostFileError,
    import_notes,
    imported_session,
    profiled_session,
    read_host_file,
    source_with_kernel,
)
from clstudio.session import Session, SessionError, named_build_log, save_session
from clstudio.validation import reconcile
from clstudio.worker.client import WorkerClient

NAME = "import"
HELP = N_("open the OpenCL C kernels embedded in a C, C++ or Python file as a session")
LIST_FORMAT = "clstudio-import-list"
LIST_VERSION = 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        type=Path,
        help=gettext(
            "the host program's file (.c .cc .cpp .h .hpp .py), a capture folder of the "
            "opencl-intercept-layer or a pyopencl capture_call script"
        ),
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="SESSION",
        help=gettext(
            "the session file to write (default: the file's name with .json, here); for a "
            "capture, the new or empty folder to write its sessions in (default: NAME-sessions)"
        ),
    )
    parser.add_argument(
        "--list",
        action="store_true",
        help=gettext("list every kernel function found, and where; write nothing"),
    )
    shared.add_json_argument(parser, shared.MACHINE_READABLE)
    shared.add_kernel_argument(parser, N_("the kernel to launch; its string is the source"))
    parser.add_argument(
        "--dtype",
        choices=DTYPES,
        default="f32",
        help=gettext(
            "the element type given to the host's -D type options (Ta, Tval…): float or half"
        ),
    )
    parser.add_argument(
        "--device",
        metavar="SPEC",
        help=gettext("build and run on this device (DEVICE or PLATFORM:DEVICE, substrings)"),
    )
    parser.add_argument(
        "--force", action="store_true", help=gettext("replace SESSION if it exists")
    )


def execute(options: argparse.Namespace) -> int:
    if is_foreign_capture(options.file):
        return import_capture(options)
    try:
        host = read_host_file(options.file)
    except HostFileError as exc:
        return _fail(str(exc))
    if options.list:
        if options.json:
            print(json.dumps(list_to_json(host), indent=2, ensure_ascii=False))
        else:
            print(list_text(host))
        return 0
    if options.json:
        return _fail(gettext("--json goes with --list"))
    if host.problem:
        said = gettext("{file}: {problem}; the strings after it were not read")
        print(said.format(file=host.path, problem=host.problem), file=sys.stderr)
    source = chosen_source(host, options.kernel)
    if source is None:
        return 1
    imported = imported_session(host, source, options.dtype, options.kernel or "")
    output = options.output or Path(host.path.stem + ".json")
    if output.exists() and not options.force:
        said = gettext("{session} exists; give --force to replace it, or -o another name")
        return _fail(said.format(session=output))
    session, built, work_group_max = _resolved(
        imported.session, options.device, _host_place(host, source)
    )
    profiled = None
    if built is not None and built.ok:
        profiled = profiled_session(session, host, options.dtype, work_group_max)
    for note in import_notes(imported.notes, profiled):
        print(gettext("{file}: {note}").format(file=host.path, note=note))
    if profiled is not None:
        session = profiled.session
        said = gettext("{file}: InfiniCore's {operator}: {note}")
        for note in profiled.notes:
            print(said.format(file=host.path, operator=profiled.operator, note=note))
    try:
        save_session(session, output, replace_others=options.force)
    except (OSError, SessionError) as exc:
        return _fail(gettext("cannot write {session}: {reason}").format(session=output, reason=exc))
    said = gettext("wrote {session}: kernel {kernel} from {file}:{line}, build options: {options}")
    print(
        said.format(
            session=output,
            kernel=session.kernel,
            file=host.path,
            line=source.line,
            options=session.build_options or gettext("none"),
        )
    )
    if built is None or not built.ok:
        _tell_build_errors(host, source, built)
        print(
            gettext(
                "the kernel does not build on any device found; the session has no arguments "
                "yet: the window fills them in once it builds"
            ),
            file=sys.stderr,
        )
        return 1
    device = session.device
    where = f"{device.platform}: {device.device}" if device is not None else built.device
    print(gettext("built on {device}").format(device=where))
    return 0


def chosen_source(host: HostFile, kernel: str | None) -> EmbeddedSource | None:
    """The source holding `kernel`, or the only one; None (said on stderr) otherwise."""
    if kernel:
        source = source_with_kernel(host, kernel)
        if source is None:
            said = gettext("{file}: no kernel function {kernel} in its strings")
            print(said.format(file=host.path, kernel=kernel), file=sys.stderr)
        return source
    if len(host.sources) == 1:
        return host.sources[0]
    if not host.sources:
        said = gettext("{file}: no OpenCL C kernel in its strings")
        print(said.format(file=host.path), file=sys.stderr)
        for line in _assembled_lines(host):
            print(line, file=sys.stderr)
        return None
    said = gettext("{file} holds {count} kernel sources; choose one with --kernel NAME:")
    print(said.format(file=host.path, count=len(host.sources)), file=sys.stderr)
    print(list_text(host), file=sys.stderr)
    return None


def _resolved(
    session: Session, device: str | None, place: Callable[[int], str]
) -> tuple[Session, BuildResult | None, int]:
    """The session with its device and first arguments, from the first device that builds
    the kernel (or the one `device` names), and that device's maximum work-group size; the
    last failed build when none does. Each device that refuses the kernel is said, with
    its first error, so that the choice is explained."""
    wanted = parse_device_spec(device) if device else None
    built: BuildResult | None = None
    with WorkerClient() as worker:
        inventory = worker.devices()
        for info in inventory.devices():
            if wanted is None and is_simulator(info.platform_name):
                continue
            selector = DeviceSelector(info.platform_name, info.name)
            if wanted is not None and inventory.select(wanted) != info:
                continue
            built = worker.build(session.source, session.build_options, selector)
            signature = built.kernel(session.kernel) if built.ok else None
            if signature is not None:
                args = reconcile(signature, {}, session.global_size, session.local_size).args
                most = limits_of(info).max_work_group_size
                return replace(session, device=selector, args=args), built, most
            first = built.errors[0].message if built.errors else built.log.strip()[:200]
            first = named_build_log(first, "", place=place)
            said = gettext("{platform}: {device} does not build it: {reason}")
            print(
                said.format(platform=info.platform_name, device=info.name, reason=first),
                file=sys.stderr,
            )
    return session, built, 0


def _tell_build_errors(host: HostFile, source: EmbeddedSource, built: BuildResult | None) -> None:
    if built is None:
        print(gettext("no device to build on"), file=sys.stderr)
        return
    said = gettext("{device}: {file}:{host_line} (kernel line {line}): {message}")
    place = _host_place(host, source)
    for error in built.errors[:5]:
        print(
            said.format(
                device=built.device,
                file=host.path,
                host_line=host.host_line(source, error.line),
                line=error.line,
                message=named_build_log(error.message, "", place=place),
            ),
            file=sys.stderr,
        )
    if not built.errors:
        print(named_build_log(built.log.strip(), "", place=place), file=sys.stderr)


def _host_place(host: HostFile, source: EmbeddedSource) -> Callable[[int], str]:
    """A line of the kernel named as its line in the host file (`prog.c:42`), for a build
    log that names the driver's temporary copy."""
    return lambda line: f"{host.path}:{host.host_line(source, line)}"


def list_text(host: HostFile) -> str:
    """Every kernel function found, one a line, as `file:line: name`."""
    lines = []
    for source in host.sources:
        for kernel in source.kernels:
            said = gettext("{file}:{line}: kernel {kernel} (in the string at line {string_line})")
            lines.append(
                said.format(
                    file=host.path,
                    line=kernel.host_line,
                    kernel=kernel.name,
                    string_line=source.line,
                )
            )
    if not lines:
        lines.append(gettext("{file}: no OpenCL C kernel in its strings").format(file=host.path))
    lines.extend(_assembled_lines(host))
    if host.problem:
        said = gettext("{file}: {problem}; the strings after it were not read")
        lines.append(said.format(file=host.path, problem=host.problem))
    return "\n".join(lines)


def _assembled_lines(host: HostFile) -> list[str]:
    said = gettext(
        "{file}:{line}: a kernel assembled at run time (joined by {joined}); "
        "it cannot be opened as written"
    )
    return [said.format(file=host.path, line=a.line, joined=a.joined) for a in host.assembled]


def list_to_json(host: HostFile) -> dict[str, Any]:
    """The documented `--list --json` object (docs/command-line.md)."""
    return {
        "format": LIST_FORMAT,
        "version": LIST_VERSION,
        "file": str(host.path),
        "language": host.language,
        "sources": [
            {
                "index": source.index,
                "line": source.line,
                "quoting": source.string.quoting,
                "kernels": [
                    {"name": k.name, "line": k.line, "host_line": k.host_line}
                    for k in source.kernels
                ],
            }
            for source in host.sources
        ],
        "assembled": [{"line": a.line, "joined": a.joined} for a in host.assembled],
        "problem": host.problem or None,
    }


def _fail(message: str) -> int:
    print(gettext("clstudio import: {problem}").format(problem=message), file=sys.stderr)
    return 1
