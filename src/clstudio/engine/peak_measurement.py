"""Measure one peak probe on an open device: bandwidth, compute, transfers, launch latency.

Every figure is the median of several samples, and each sample repeats its work
enough times (calibrated on a first timed try) to last a fair share of the
target time: short enough for a quick measurement, long enough for a steady one.
Data are random, since some GPUs compress constant data and read it faster.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import numpy as np
import pyopencl as cl

from clstudio.common import (
    PeakDevice,
    PeakFigure,
    PeakPlan,
    PeakProbe,
    format_bytes,
    gettext,
)
from clstudio.engine.cl_errors import plain_words
from clstudio.engine.context import DeviceState, OpenCLContexts
from clstudio.engine.peak_kernels import (
    COMPUTE_OPS_PER_ITEM,
    FETCHES_PER_ITEM,
    LATENCY_SOURCE,
    bandwidth_source,
    compute_source,
)

_LOCAL_SIZE = 64  # work-items per group: every device takes it, and PoCL vectorises across it
_MIN_ITEMS = 16 * 1024
_MAX_ITEMS = 1 << 26
_LATENCY_TRIES = 200


class ProbeFailed(Exception):
    """A probe that cannot run here (no double precision, a build error): its reason."""


def peak_device(state: DeviceState) -> PeakDevice:
    device = state.device
    return PeakDevice(state.name, state.platform_name, device.driver_version.strip(), state.type)


def measure_probe(
    contexts: OpenCLContexts, state: DeviceState, probe: PeakProbe, plan: PeakPlan
) -> PeakFigure:
    """The figure for `probe`; a probe that cannot run is a figure with its error."""
    measure: Callable[[OpenCLContexts, DeviceState, PeakProbe, PeakPlan], tuple[float, str]]
    measure = {
        "global_bandwidth": _global_bandwidth,
        "sp_compute": _compute,
        "dp_compute": _compute,
        "transfer_bandwidth": _transfer,
        "launch_latency": _latency,
    }[probe.test]
    try:
        value, detail = measure(contexts, state, probe, plan)
    except ProbeFailed as exc:
        return PeakFigure(probe.key, None, probe.unit, probe.meaning, error=str(exc))
    except cl.Error as exc:
        return PeakFigure(probe.key, None, probe.unit, probe.meaning, error=plain_words(exc))
    return PeakFigure(probe.key, value, probe.unit, probe.meaning, detail)


def _kernel(contexts: OpenCLContexts, state: DeviceState, source: str) -> cl.Kernel:
    result, program, _ = contexts.program(state, source, "")
    if not result.ok or program is None:
        log = result.log.strip()[:300]
        raise ProbeFailed(gettext("the benchmark kernel does not build: {log}").format(log=log))
    return state.kernel(program, result.kernels[0].driver_name)


def _calibrated(run: Callable[[int], float], plan: PeakPlan) -> tuple[float, int]:
    """The median seconds of one repeat, over plan.samples samples of calibrated length.

    `run(n)` does the work n times and returns the seconds that took in all.
    """
    run(1)  # warm-up: PoCL compiles a kernel at its first launch
    once = max(run(1), 1e-7)
    repeats = max(1, round(plan.target_s / plan.samples / once))
    samples = [run(repeats) / repeats for _ in range(max(1, plan.samples))]
    return statistics.median(samples), repeats


def _launches(queue: cl.CommandQueue, kernel: cl.Kernel, items: int, n: int) -> float:
    """Launch `kernel` n times over `items` work-items; their device time in seconds."""
    events = [cl.enqueue_nd_range_kernel(queue, kernel, (items,), (_LOCAL_SIZE,)) for _ in range(n)]
    queue.finish()
    return sum(e.profile.end - e.profile.start for e in events) * 1e-9


def _global_bandwidth(
    contexts: OpenCLContexts, state: DeviceState, probe: PeakProbe, plan: PeakPlan
) -> tuple[float, str]:
    lanes = probe.lanes
    kernel = _kernel(contexts, state, bandwidth_source(lanes))
    limit = int(state.device.max_mem_alloc_size) // 2
    chunk = 4 * lanes * FETCHES_PER_ITEM * _LOCAL_SIZE  # bytes read by one work-group
    nbytes = max(chunk, min(plan.bandwidth_bytes, limit) // chunk * chunk)
    items = nbytes // (4 * lanes * FETCHES_PER_ITEM)
    host = np.random.default_rng().random(nbytes // 4, dtype=np.float32)
    flags = cl.mem_flags
    data = cl.Buffer(state.context, flags.READ_ONLY | flags.COPY_HOST_PTR, hostbuf=host)
    out = cl.Buffer(state.context, flags.WRITE_ONLY, 4 * items)
    kernel.set_args(data, out)
    seconds, repeats = _calibrated(lambda n: _launches(state.queue, kernel, items, n), plan)
    detail = gettext("{size} of random data read {repeats}× per sample").format(
        size=format_bytes(nbytes), repeats=repeats
    )
    return nbytes / seconds / 1e9, detail


def _compute(
    contexts: OpenCLContexts, state: DeviceState, probe: PeakProbe, plan: PeakPlan
) -> tuple[float, str]:
    scalar = "double" if probe.test == "dp_compute" else "float"
    if scalar == "double" and "cl_khr_fp64" not in state.device.extensions:
        raise ProbeFailed(gettext("this device has no double precision (no cl_khr_fp64)"))
    kernel = _kernel(contexts, state, compute_source(scalar, probe.lanes, plan.multiply_add))
    dtype = np.float64 if scalar == "double" else np.float32
    seed = dtype(1.0 + np.random.default_rng().random())
    out = cl.Buffer(state.context, cl.mem_flags.WRITE_ONLY, _MAX_ITEMS * np.dtype(dtype).itemsize)
    kernel.set_args(out, seed)
    queue = state.queue
    items = _MIN_ITEMS
    _launches(queue, kernel, items, 1)  # warm-up: PoCL compiles a kernel at its first launch
    # Enough work-items to fill the device for a sample's share of the target time.
    wanted = plan.target_s / max(1, plan.samples) / 2
    once = max(_launches(queue, kernel, items, 1), 1e-7)
    scale = max(1.0, wanted / once)
    items = min(_MAX_ITEMS, int(items * scale) // _LOCAL_SIZE * _LOCAL_SIZE)
    seconds, repeats = _calibrated(lambda n: _launches(queue, kernel, items, n), plan)
    count = f"{items:,}".replace(",", " ")
    detail = gettext("{count} work-items × {operations} operations, {repeats}× per sample").format(
        count=count, operations=COMPUTE_OPS_PER_ITEM, repeats=repeats
    )
    return items * COMPUTE_OPS_PER_ITEM / seconds / 1e9, detail


def _transfer(
    contexts: OpenCLContexts, state: DeviceState, probe: PeakProbe, plan: PeakPlan
) -> tuple[float, str]:
    nbytes = max(4, min(plan.transfer_bytes, int(state.device.max_mem_alloc_size) // 2))
    nbytes -= nbytes % 4
    host = np.random.default_rng().random(nbytes // 4, dtype=np.float32)
    buffer = cl.Buffer(state.context, cl.mem_flags.READ_WRITE, nbytes)
    queue = state.queue
    upload = probe.width == "host_to_device"

    def run(n: int) -> float:
        # The wall clock: profiling events misreport copies on unified-memory devices.
        started = time.perf_counter()
        for _ in range(n):
            if upload:
                cl.enqueue_copy(queue, buffer, host, is_blocking=True)
            else:
                cl.enqueue_copy(queue, host, buffer, is_blocking=True)
        return time.perf_counter() - started

    seconds, repeats = _calibrated(run, plan)
    detail = gettext("{size} copied {repeats}× per sample, blocking, by the wall clock").format(
        size=format_bytes(nbytes), repeats=repeats
    )
    return nbytes / seconds / 1e9, detail


def _latency(
    contexts: OpenCLContexts, state: DeviceState, probe: PeakProbe, plan: PeakPlan
) -> tuple[float, str]:
    kernel = _kernel(contexts, state, LATENCY_SOURCE)
    items = max(1, int(state.device.max_compute_units))
    out = cl.Buffer(state.context, cl.mem_flags.WRITE_ONLY, 4 * items)
    kernel.set_args(out)
    queue = state.queue
    dispatch = probe.width == "dispatch"
    for _ in range(3):  # warm-up
        cl.enqueue_nd_range_kernel(queue, kernel, (items,), None).wait()
    tries = max(plan.samples, min(_LATENCY_TRIES, int(plan.target_s / 50e-6)))
    times = []
    for _ in range(tries):
        started = time.perf_counter()
        event = cl.enqueue_nd_range_kernel(queue, kernel, (items,), None)
        queue.finish()
        wall = time.perf_counter() - started
        times.append((event.profile.start - event.profile.queued) * 1e-9 if dispatch else wall)
    if dispatch:
        detail = gettext(
            "median of {tries} launches of {items} work-items, queued to start, by profiling events"
        )
    else:
        detail = gettext(
            "median of {tries} launches of {items} work-items, enqueue to finish, wall clock"
        )
    return statistics.median(times) * 1e6, detail.format(tries=tries, items=items)
