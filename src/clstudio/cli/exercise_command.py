"""`clstudio exercise list [--json]` and `clstudio exercise check NAME KERNEL.cl [--json]`.

`check` exits with 0 if and only if every test case passes and check mode, run on the
smallest case on Oclgrind, finds no problem (`--no-memory-check` skips it); the performance case
reports its time and target but does not decide the exit status. `--variant cl2` checks a
kernel written for an exercise's second starter (OpenCL C 2.0), on a device that offers it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from clstudio.cli import session_commands as shared
from clstudio.common import N_, gettext, read_text_file
from clstudio.devices import INTEL_EXTRA, DeviceSelector, parse_device_spec
from clstudio.embedded import HostFileError, language_of, read_host_file, source_with_kernel
from clstudio.exercises import (
    CheckReport,
    Exercise,
    Variant,
    catalogue_to_json,
    check_kernel,
    load_catalogue,
    report_to_json,
    variant_problem,
)
from clstudio.exercises.grading_text import report_text
from clstudio.worker.check_client import CheckClient
from clstudio.worker.client import WorkerClient

NAME = "exercise"
HELP = N_("list the graded exercises, or check a kernel against one")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help=gettext("the exercises, in course order"))
    shared.add_json_argument(listing, shared.MACHINE_READABLE)
    check = actions.add_parser("check", help=gettext("run every test case, then the timed case"))
    check.add_argument("name", help=gettext("the exercise, as `clstudio exercise list` names it"))
    check.add_argument(
        "kernel",
        type=Path,
        help=gettext("your kernel source (.cl), or a host file whose string holds it (.cc .py…)"),
    )
    shared.add_json_argument(check, shared.MACHINE_READABLE)
    check.add_argument(
        "--no-performance", action="store_true", help=gettext("skip the timed case (faster)")
    )
    check.add_argument(
        "--no-memory-check",
        action="store_true",
        help=gettext("skip check mode on Oclgrind (out-of-bounds accesses, races, ...)"),
    )
    check.add_argument(
        "--variant",
        metavar="NAME",
        help=gettext(
            "the kernel is written for this second starter (cl2: OpenCL C 2.0), "
            "as `clstudio exercise list --json` names them"
        ),
    )
    check.add_argument(
        "--device",
        metavar="SPEC",
        help=gettext(
            "run on this device (DEVICE or PLATFORM:DEVICE, substrings) instead of the default"
        ),
    )


def execute(options: argparse.Namespace) -> int:
    return _list(options.json) if options.action == "list" else _check(options)


def _list(as_json: bool) -> int:
    catalogue = load_catalogue()
    if as_json:
        print(json.dumps(catalogue_to_json(catalogue), indent=2))
    else:
        width = max((len(e.name) for e in catalogue.exercises), default=0)
        for exercise in catalogue.exercises:  # the title comes in the learner's language
            print(f"{exercise.name:<{width}}  {exercise.title}")
        for problem in catalogue.problems:
            print(gettext("cannot load: {problem}").format(problem=problem), file=sys.stderr)
    return 0 if not catalogue.problems else 1


def _check(options: argparse.Namespace) -> int:
    catalogue = load_catalogue()
    exercise = catalogue.find(options.name)
    report: CheckReport | None = None
    error: str | None = None
    variant: Variant | None = None
    device = parse_device_spec(options.device) if options.device else None
    if exercise is None:
        known = ", ".join(e.name for e in catalogue.exercises) or gettext("none")
        error = gettext("no exercise named {name}; the exercises are: {known}").format(
            name=repr(options.name), known=known
        )
    else:
        variant, error = _find_variant(exercise, options.variant)
    if exercise is not None and error is None:
        source, error = _read_kernel(options.kernel, exercise.session.kernel)
    if exercise is not None and error is None:
        # In a worker process: a kernel that hangs or crashes fails its case, no more.
        checker = None if options.no_memory_check else CheckClient()
        try:
            with WorkerClient() as worker:
                if variant is not None:
                    error = _unsupported(variant, device, worker)
                if error is None:
                    report = check_kernel(
                        exercise,
                        source,
                        worker,
                        performance=not options.no_performance,
                        variant=variant,
                        device=device,
                        checker=checker,
                    )
        finally:
            if checker is not None:
                checker.close()
    if options.json:
        print(json.dumps(report_to_json(report, error), indent=2))
    elif report is not None:
        print(report_text(report))
    else:
        print(gettext("clstudio exercise check: {problem}").format(problem=error), file=sys.stderr)
    return 0 if report is not None and report.passed else 1


def _find_variant(exercise: Exercise, name: str | None) -> tuple[Variant | None, str | None]:
    """The variant --variant names, or why there is none of that name."""
    if name is None:
        return None, None
    variant = exercise.variant(name)
    if variant is not None:
        return variant, None
    known = ", ".join(v.name for v in exercise.variants)
    if not known:
        problem = gettext("{exercise} has no variants: it has one starter, for OpenCL C 1.2")
        return None, problem.format(exercise=exercise.name)
    problem = gettext("{exercise} has no variant {name}; its variants are: {known}")
    return None, problem.format(exercise=exercise.name, name=repr(name), known=known)


def _unsupported(
    variant: Variant, device: DeviceSelector | None, worker: WorkerClient
) -> str | None:
    """Why the device the check would use cannot build `variant`, and which devices can."""
    inventory = worker.devices()
    problem = variant_problem(variant, inventory.select(device))
    if problem is None:
        return None
    able = [d for d in inventory.devices() if variant_problem(variant, d) is None]
    if able:
        where = "; ".join(f"--device '{d.platform_name}:{d.name}'" for d in able)
        return gettext("{problem} A device here that offers it: {where}").format(
            problem=problem, where=where
        )
    return gettext(
        "{problem} Intel's CPU runtime offers it: {install}, then --device Intel:"
    ).format(problem=problem, install=INTEL_EXTRA)


def _read_kernel(path: Path, kernel: str) -> tuple[str, str | None]:
    """The kernel's text (from the string of a host file that defines `kernel`, for a
    host program's file), or '' and why it cannot be read."""
    if language_of(path) is not None:
        try:
            host = read_host_file(path)
        except HostFileError as exc:
            return "", str(exc)
        found = source_with_kernel(host, kernel)
        if found is None:
            said = gettext("{file}: no kernel function {kernel} in its strings")
            return "", said.format(file=path, kernel=kernel)
        return found.text, None
    try:
        return read_text_file(path), None
    except (OSError, UnicodeDecodeError) as exc:
        return "", gettext("cannot read {path} as OpenCL C text: {problem}").format(
            path=path, problem=exc
        )
