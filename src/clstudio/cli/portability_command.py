"""`clstudio portability PATH [--dtype f32|f16] [--kernel NAME] [--json]`.

Where a kernel builds: PATH is a session file or a host program's file (imported in
memory, as `clstudio import` would, with --dtype); the kernel is built on every device
found, and each that refuses it is given the reasons in words and the usual way round
them (docs/embedded-kernels.md#where-does-it-build).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from clstudio.cli import session_commands as shared
from clstudio.cli.import_command import chosen_source
from clstudio.common import N_, gettext
from clstudio.embedded import (
    DTYPES,
    HostFileError,
    host_text_of,
    imported_session,
    language_of,
    read_host_file,
)
from clstudio.measurements import PortabilityReport, portability_report
from clstudio.session import Session, SessionError, load_session
from clstudio.worker.client import WorkerClient

NAME = "portability"
HELP = N_("build a kernel on every device found and say where it does not build, and why")
FORMAT = "clstudio-portability"
VERSION = 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "path",
        type=Path,
        metavar="PATH",
        help=gettext("a session file (.json), or a host program's file (.c .cc .cpp .h .hpp .py)"),
    )
    shared.add_kernel_argument(parser, N_("for a host file: the kernel whose string to build"))
    parser.add_argument(
        "--dtype",
        choices=DTYPES,
        default="f32",
        help=gettext("for a host file: the element type given to its -D type options"),
    )
    shared.add_json_argument(parser, shared.MACHINE_READABLE)


def execute(options: argparse.Namespace) -> int:
    try:
        session, host_text = _session_of(options)
    except (SessionError, HostFileError) as exc:
        print(gettext("clstudio portability: {problem}").format(problem=exc), file=sys.stderr)
        return 1
    if session is None:
        return 1
    with WorkerClient() as worker:
        inventory = worker.devices()
        report = portability_report(
            worker,
            inventory,
            session.source,
            session.build_options,
            session.kernel,
            host_text,
        )
    shared.print_report(options, report, report_to_json, report_text, ensure_ascii=False)
    return 0


def _session_of(options: argparse.Namespace) -> tuple[Session | None, str]:
    path: Path = options.path
    if language_of(path) is None:
        session = load_session(path)
        return session, host_text_of(session)
    host = read_host_file(path)
    source = chosen_source(host, options.kernel)
    if source is None:
        return None, ""
    imported = imported_session(host, source, options.dtype, options.kernel or "")
    return imported.session, host.text


def report_text(report: PortabilityReport) -> str:
    """One paragraph per device: builds or not, the reasons and their ways round."""
    lines = [
        gettext("kernel {kernel}, build options: {options}").format(
            kernel=report.kernel, options=report.options or gettext("none")
        )
    ]
    for row in report.devices:
        where = f"{row.platform}: {row.device}"
        if row.builds:
            lines.append(gettext("{device}: builds").format(device=where))
            continue
        lines.append(gettext("{device}: does not build").format(device=where))
        for reason in row.reasons:
            lines.append("  - " + reason.reason)
            lines.append("    " + gettext("way round: {way}").format(way=reason.way_round))
        for error in row.errors:
            said = gettext("  line {line}: {message}") if error.line > 0 else "  {message}"
            lines.append(said.format(line=error.line, message=error.message))
        if row.log:
            lines.append("  " + row.log.splitlines()[0])
    if not report.devices:
        lines.append(gettext("no OpenCL device found"))
    return "\n".join(lines)


def report_to_json(report: PortabilityReport) -> dict[str, Any]:
    """The documented `--json` object (docs/command-line.md#clstudio-portability)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "kernel": report.kernel,
        "build_options": report.options,
        "needs": [{"kind": need.kind, "what": need.what} for need in report.needs],
        "devices": [
            {
                "platform": row.platform,
                "device": row.device,
                "type": row.device_type,
                "builds": row.builds,
                "reasons": [
                    {"kind": r.kind, "reason": r.reason, "way_round": r.way_round}
                    for r in row.reasons
                ],
                "errors": [
                    {"line": e.line, "column": e.column, "message": e.message} for e in row.errors
                ],
                "log": row.log or None,
            }
            for row in report.devices
        ],
    }
