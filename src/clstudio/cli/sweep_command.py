"""`clstudio sweep SESSION [--kernel NAME] [--size L]... [--ops N] [--device SPEC] [--json]
[--remote HOST]`.

Runs the session once per local size of one kernel (the first kernel of a program
unless --kernel names another), then once more at the fastest size, and tells where
that kernel sits on the roofline. The JSON form is documented in docs/command-line.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any

from clstudio.cli import remote_options
from clstudio.cli import session_commands as shared
from clstudio.common import N_, gettext
from clstudio.devices import limits_of, parse_device_spec
from clstudio.measurements import (
    KernelChoiceError,
    SweepResult,
    chosen_kernel,
    program_kernels,
    sweep_local_sizes,
    sweep_sizes,
    with_kernel_local_size,
)
from clstudio.remote import RemoteError
from clstudio.reporting import (
    FinishedRun,
    PeakStoreError,
    RooflinePoint,
    binding_limit,
    declared_ops_per_item,
    kernel_point,
    latest_peaks,
    roofs_of,
)
from clstudio.session import SessionError, load_session

NAME = "sweep"
HELP = N_("time one kernel at each local size, then place the fastest on the roofline")
SWEEP_FORMAT = "clstudio-sweep-result"
SWEEP_VERSION = 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shared.add_session_argument(parser)
    shared.add_kernel_argument(
        parser, N_("the kernel of a program to sweep and place (default: the first)")
    )
    parser.add_argument(
        "--size",
        action="append",
        metavar="L",
        help=gettext(
            "a local size to try, such as 64 or 16x16; repeat it for several (default: "
            "every size the device allows, thinned)"
        ),
    )
    parser.add_argument(
        "--ops",
        type=float,
        metavar="N",
        help=gettext(
            "operations per work-item, for the roofline (default: as the session declares, else 1)"
        ),
    )
    parser.add_argument("--device", metavar="SPEC", help=gettext("the device to sweep on"))
    shared.add_json_argument(parser)
    remote_options.add_remote_arguments(parser)


def execute(options: argparse.Namespace) -> int:
    """0 when some size ran with right results; 1 otherwise; 2 when the --remote machine
    cannot be used."""
    try:
        session = load_session(options.session)
        if options.device:
            session = replace(session, device=parse_device_spec(options.device))
        kernel = chosen_kernel(session, options.kernel)
        sizes = [_size(text) for text in options.size or ()]
    except (SessionError, KernelChoiceError, ValueError) as exc:
        return _fail(str(exc))
    try:
        worker = remote_options.worker_client(options)
    except RemoteError as exc:
        return remote_options.refused(exc)
    with worker:
        device = worker.devices().select(session.device)
        if device is None:
            return _fail(gettext("no OpenCL device matches the session's"))
        if not sizes:
            sizes = sweep_sizes(session, kernel, limits_of(device))
        sweep = sweep_local_sizes(worker, session, sizes, kernel=kernel)
        point = None
        if sweep.best is not None:
            best = with_kernel_local_size(session, kernel, sweep.best.local_size)
            ops = declared_ops_per_item(session, kernel) if options.ops is None else options.ops
            point = kernel_point(FinishedRun(best, worker.run(best)), kernel, ops)
    limit = _limit(point, device.name)
    if options.json:
        print(json.dumps(sweep_to_json(sweep, program_kernels(session), point, limit), indent=2))
    else:
        print(format_sweep(sweep, point, limit))
    return 0 if sweep.best is not None else 1


def _size(text: str) -> tuple[int, ...]:
    try:
        size = tuple(int(part) for part in text.lower().split("x"))
    except ValueError:
        size = ()
    if not size or min(size) < 1 or len(size) > 3:
        said = gettext("--size {text}: expected up to three positive numbers, as 64 or 16x16")
        raise ValueError(said.format(text=text))
    return size


def _limit(point: RooflinePoint | None, device_name: str) -> str:
    """Which roof binds the point, from the peaks measured on the device; "" without them."""
    if point is None:
        return ""
    try:
        roofs = roofs_of(latest_peaks(device_name))
    except PeakStoreError:
        return ""
    return binding_limit(point, roofs) if roofs is not None else ""


def format_sweep(sweep: SweepResult, point: RooflinePoint | None, limit: str) -> str:
    lines = [
        gettext("kernel {kernel}, global size {size}").format(
            kernel=sweep.kernel, size=" x ".join(map(str, sweep.global_size))
        )
    ]
    for p in sweep.points:
        if p.median_s is not None and not p.error:
            lines.append(f"  {p.label}: {p.median_s * 1e3:.3f} ms")
        else:
            lines.append(
                "  " + gettext("{size}: failed: {error}").format(size=p.label, error=p.error)
            )
    if sweep.stopped:
        lines.append(f"  {sweep.stopped}")
    if sweep.best is None:
        lines.append(gettext("no local size ran with right results"))
        return "\n".join(lines)
    lines.append(gettext("fastest: {size}").format(size=sweep.best.label))
    if point is not None:
        lines.append(
            gettext(
                "roofline of {kernel} at {size}: {intensity} operations per byte, "
                "{gflop_s} GFLOP/s, {gb_s} GB/s"
            ).format(
                kernel=sweep.kernel,
                size=sweep.best.label,
                intensity=f"{point.intensity:.3g}",
                gflop_s=f"{point.gflop_s:.3g}",
                gb_s=f"{point.gb_s:.3g}",
            )
        )
    if limit:
        lines.append(f"  {limit}")
    return "\n".join(lines)


def sweep_to_json(
    sweep: SweepResult, kernels: list[str], point: RooflinePoint | None, limit: str
) -> dict[str, Any]:
    best = sweep.best
    return {
        "format": SWEEP_FORMAT,
        "version": SWEEP_VERSION,
        "kernel": sweep.kernel,
        "kernels": kernels,
        "global_size": list(sweep.global_size),
        "points": [
            {"local_size": list(p.local_size), "median_s": p.median_s, "error": p.error or None}
            for p in sweep.points
        ],
        "best": None if best is None else list(best.local_size),
        "stopped": sweep.stopped or None,
        "roofline": None
        if point is None
        else {
            "bytes_moved": point.bytes_moved,
            "operations": point.operations,
            "seconds": point.seconds,
            "intensity": point.intensity,
            "gflop_s": point.gflop_s,
            "gb_s": point.gb_s,
            "limit": limit or None,
        },
    }


def _fail(message: str) -> int:
    print(gettext("clstudio sweep: {problem}").format(problem=message), file=sys.stderr)
    return 1
