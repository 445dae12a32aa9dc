"""`clstudio exercise list [--json]` and `clstudio exercise check NAME KERNEL.cl [--json]`.

`check` exits with 0 if and only if every test case passes; the performance case
reports its time and target but does not decide the exit status.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from clstudio.common import N_, gettext
from clstudio.exercises import (
    CheckReport,
    catalogue_to_json,
    check_kernel,
    load_catalogue,
    report_to_json,
)
from clstudio.exercises.check_text import report_text
from clstudio.worker.client import WorkerClient

NAME = "exercise"
HELP = N_("list the graded exercises, or check a kernel against one")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help=gettext("the exercises, in course order"))
    listing.add_argument("--json", action="store_true", help=gettext("print machine-readable JSON"))
    check = actions.add_parser("check", help=gettext("run every test case, then the timed case"))
    check.add_argument("name", help=gettext("the exercise, as `clstudio exercise list` names it"))
    check.add_argument("kernel", type=Path, help=gettext("your kernel source (.cl)"))
    check.add_argument("--json", action="store_true", help=gettext("print machine-readable JSON"))
    check.add_argument(
        "--no-performance", action="store_true", help=gettext("skip the timed case (faster)")
    )


def execute(options: argparse.Namespace) -> int:
    return _list(options.json) if options.action == "list" else _check(options)


def _list(as_json: bool) -> int:
    catalogue = load_catalogue()
    if as_json:
        print(json.dumps(catalogue_to_json(catalogue), indent=2))
    else:
        width = max((len(e.name) for e in catalogue.exercises), default=0)
        for exercise in catalogue.exercises:
            title = (
                gettext(exercise.title) if exercise.title else ""
            )  # translations/*/exercise_texts.po
            print(f"{exercise.name:<{width}}  {title}")
        for problem in catalogue.problems:
            print(gettext("cannot load: {problem}").format(problem=problem), file=sys.stderr)
    return 0 if not catalogue.problems else 1


def _check(options: argparse.Namespace) -> int:
    catalogue = load_catalogue()
    exercise = catalogue.find(options.name)
    report: CheckReport | None = None
    error: str | None = None
    if exercise is None:
        known = ", ".join(e.name for e in catalogue.exercises) or gettext("none")
        error = gettext("no exercise named {name}; the exercises are: {known}").format(
            name=repr(options.name), known=known
        )
    else:
        source, error = _read_kernel(options.kernel)
    if exercise is not None and error is None:
        # In a worker process: a kernel that hangs or crashes fails its case, no more.
        with WorkerClient() as worker:
            timed = not options.no_performance
            report = check_kernel(exercise, source, worker, performance=timed)
    if options.json:
        print(json.dumps(report_to_json(report, error), indent=2))
    elif report is not None:
        print(report_text(report))
    else:
        print(gettext("clstudio exercise check: {problem}").format(problem=error), file=sys.stderr)
    return 0 if report is not None and report.passed else 1


def _read_kernel(path: Path) -> tuple[str, str | None]:
    """The kernel's text, or '' and why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8"), None
    except (OSError, UnicodeDecodeError) as exc:
        return "", gettext("cannot read {path} as OpenCL C text: {problem}").format(
            path=path, problem=exc
        )
