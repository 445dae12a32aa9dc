"""`clstudio capture [-o FOLDER] [--kernel NAME]… [--launch N]… [--first N]
[--max-bytes SIZE] [--time-limit SECONDS] -- COMMAND [ARG…]`.

Runs the learner's own pyopencl program as it is and saves the launches it selects as
sessions, with FOLDER/capture.json listing every launch (docs/capture.md). The program's
input, output and exit status are its own; this command's lines go to stderr.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from clstudio.capture import (
    DEFAULT_FIRST,
    DEFAULT_MAX_BYTES,
    INDEX_FILE,
    CaptureError,
    CaptureRequest,
    LaunchEntry,
    reason_text,
    run_capture,
)
from clstudio.common import N_, gettext
from clstudio.worker.client import WorkerClient

NAME = "capture"
HELP = N_("run your own pyopencl program and save its kernel launches as sessions")
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
_SIZE = re.compile(r"^\s*(\d+)\s*([kmg]?)(?:i?b)?\s*$", re.IGNORECASE)


def byte_size(text: str) -> int:
    """`256M`, `1GiB`, `65536`: a number of bytes, for --max-bytes."""
    match = _SIZE.match(text)
    if match is None:
        said = gettext("expected a size such as 65536, 64M or 1G, got {text!r}")
        raise argparse.ArgumentTypeError(said.format(text=text))
    return int(match.group(1)) * _UNITS[match.group(2).lower()]


def positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(gettext("expected a whole number from 1"))
    return int(text)


def seconds(text: str) -> float:
    """--time-limit: seconds above 0, at most a day (as a session's timeout_s)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(gettext("expected seconds above 0, at most 86400"))
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        default=Path("capture"),
        metavar="FOLDER",
        help=gettext("the folder to write, new or empty (default: capture)"),
    )
    parser.add_argument(
        "--kernel",
        action="append",
        default=[],
        metavar="NAME",
        help=gettext("capture only launches of this kernel (may be given again)"),
    )
    parser.add_argument(
        "--launch",
        action="append",
        default=[],
        type=positive,
        metavar="N",
        help=gettext("capture launch N of the program, counting from 1 (may be given again)"),
    )
    parser.add_argument(
        "--first",
        type=positive,
        default=DEFAULT_FIRST,
        metavar="N",
        help=gettext("capture the first N launches of each kernel (default: 16)"),
    )
    parser.add_argument(
        "--max-bytes",
        type=byte_size,
        default=DEFAULT_MAX_BYTES,
        metavar="SIZE",
        help=gettext("the most buffer data to save, before and after (default: 256M)"),
    )
    parser.add_argument(
        "--time-limit",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help=gettext("stop the program after SECONDS, keeping what it launched (default: none)"),
    )
    parser.add_argument(
        "program",
        nargs=argparse.REMAINDER,
        metavar="-- COMMAND [ARG…]",
        help=gettext("the program to run, as you run it"),
    )


def execute(options: argparse.Namespace) -> int:
    given = options.program
    command = tuple(given[1:] if given[:1] == ["--"] else given)
    request = CaptureRequest(
        command=command,
        folder=options.output,
        working_folder=Path.cwd(),
        kernels=tuple(options.kernel),
        launches=tuple(options.launch),
        first=options.first,
        max_bytes=options.max_bytes,
        time_limit_s=options.time_limit,
    )
    # The worker starts at the first build, once a launch is captured: a program whose
    # launches are not selected never shares its CPU with a worker's start.
    worker = WorkerClient()
    try:
        result = run_capture(request, worker, _tell)
    except CaptureError as exc:
        print(gettext("clstudio capture: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    finally:
        worker.close()
    for note in result.notes:
        print(gettext("clstudio capture: {problem}").format(problem=note), file=sys.stderr)
    if result.index.stopped == "time_limit":
        said = gettext("clstudio capture: the program was stopped after its {limit:g} s time limit")
        print(said.format(limit=options.time_limit), file=sys.stderr)
    if result.damaged_lines:
        said = gettext("clstudio capture: {count} damaged lines of the journal were skipped")
        print(said.format(count=result.damaged_lines), file=sys.stderr)
    captured = sum(entry.captured for entry in result.index.launches)
    said = gettext("clstudio capture: {count} launches, {captured} captured; see {index}")
    index = options.output / INDEX_FILE
    print(
        said.format(count=len(result.index.launches), captured=captured, index=index),
        file=sys.stderr,
    )
    return result.exit_status


def _tell(entries: Sequence[LaunchEntry]) -> None:
    for entry in entries:
        place = f" ({entry.call_site})" if entry.call_site else ""
        if entry.session is not None:
            said = gettext("clstudio capture: launch {number}, {kernel}{place}: {session}")
            text = said.format(
                number=entry.number, kernel=entry.kernel, place=place, session=entry.session
            )
        elif entry.reason == "not_selected":
            continue
        else:
            said = gettext(
                "clstudio capture: launch {number}, {kernel}{place}: not captured, {why}"
            )
            text = said.format(
                number=entry.number, kernel=entry.kernel, place=place, why=reason_text(entry)
            )
        print(text, file=sys.stderr)
