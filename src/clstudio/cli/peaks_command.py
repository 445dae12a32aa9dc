"""`clstudio peaks [--device SPEC] [--json] [--remote HOST]`: measure a device's bandwidth,
compute and latency."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from clstudio.cli import remote_options
from clstudio.cli import session_commands as shared
from clstudio.common import N_, PEAK_PROBES, PEAK_TESTS, PeakPlan, PeakProbe, gettext, tell_stderr
from clstudio.devices import parse_device_spec
from clstudio.measurements import measure_peaks
from clstudio.remote import RemoteError
from clstudio.reporting import PeakStoreError, format_peaks, peaks_to_json, save_peaks

NAME = "peaks"
HELP = N_("measure a device's memory bandwidth, compute and launch latency")
QUICK = PeakPlan(target_s=0.05, samples=3, bandwidth_bytes=64 << 20, transfer_bytes=16 << 20)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--device",
        metavar="SPEC",
        help=gettext(
            "the device: DEVICE or PLATFORM:DEVICE, substrings of their names (or cpu, gpu); "
            "the first device when left out"
        ),
    )
    parser.add_argument("--json", action="store_true", help=gettext("print every figure as JSON"))
    parser.add_argument(
        "--quick",
        action="store_true",
        help=gettext("measure briefly (noisier figures, a few seconds)"),
    )
    parser.add_argument(
        "--mad",
        action="store_true",
        help=gettext(
            "write the compute kernels with mad(), as clpeak does (PoCL 3.0 aborts on float16 "
            "and double8 with it; those figures are then reported as failed)"
        ),
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help=gettext(
            "measure only this test or figure (global_bandwidth, sp_compute.float4, ...); "
            "repeatable"
        ),
    )
    remote_options.add_remote_arguments(parser)
    parser.add_argument(
        "--no-save",
        action="store_true",
        help=gettext(
            "do not keep the figures for the app's roofline (a measurement with --only, "
            "--mad or --remote is never kept)"
        ),
    )


def chosen_probes(names: list[str] | None) -> list[PeakProbe]:
    """The probes named by tests or keys, in the catalogue's order; ValueError for a stranger."""
    if not names:
        return list(PEAK_PROBES)
    unknown = [n for n in names if not any(n in (p.test, p.key) for p in PEAK_PROBES)]
    if unknown:
        known = ", ".join(PEAK_TESTS)
        said = gettext("no test or figure called {names}; the tests are {tests}")
        raise ValueError(said.format(names=", ".join(unknown), tests=known))
    return [p for p in PEAK_PROBES if p.test in names or p.key in names]


def execute(options: argparse.Namespace) -> int:
    try:
        probes = chosen_probes(options.only)
    except ValueError as exc:
        print(gettext("clstudio peaks: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    selector = parse_device_spec(options.device) if options.device else None
    plan = QUICK if options.quick else PeakPlan()
    if options.mad:
        plan = replace(plan, multiply_add="mad")

    def progress(done: int, total: int, key: str) -> None:
        if key and not options.json and sys.stderr.isatty():
            measuring = gettext("measuring {figure} ({number} of {total})…").format(
                figure=key, number=done + 1, total=total
            )
            print(f"\r{measuring}\033[K", end="", file=sys.stderr)

    # Each probe runs in the worker process: a benchmark kernel that aborts the driver
    # fails its own figure, and the next probe runs in a fresh worker.
    try:
        worker = remote_options.worker_client(options)
    except RemoteError as exc:
        return remote_options.refused(exc)
    with worker:
        report = measure_peaks(worker, selector, plan, probes, progress)
    if not options.json and sys.stderr.isatty():
        print("\r\033[K", end="", file=sys.stderr)
    measured = [f for f in report.figures if f.ok]
    # Only a whole measurement replaces the kept one: a partial one would hide figures.
    complete = len(report.figures) == len(PEAK_PROBES)
    kept = True
    # The figures kept are this machine's devices': a remote device's are printed only.
    local = options.remote is None
    if measured and complete and local and not options.no_save and not options.mad:
        try:
            save_peaks(report)
        except PeakStoreError as exc:
            kept = False
            tell_stderr(str(exc))
    shared.print_report(options, report, peaks_to_json, format_peaks, ensure_ascii=False)
    return 0 if measured and not report.stopped and kept else 1
