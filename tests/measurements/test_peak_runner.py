"""Peaks measured in the worker: real figures, and a crashing probe that fails alone."""

import os
import signal
from dataclasses import replace

import pytest

from clstudio.common import PeakPlan, peak_probe
from clstudio.devices import DeviceSelector
from clstudio.engine import InProcessBackend
from clstudio.measurements.peak_runner import measure_peaks
from clstudio.worker.client import WorkerClient

pytestmark = pytest.mark.opencl

TINY = PeakPlan(target_s=0.005, samples=2, bandwidth_bytes=1 << 20, transfer_bytes=1 << 20)
PROBES = [peak_probe(key) for key in ("global_bandwidth.float4", "sp_compute.float8")]


def test_figures_measured_in_the_worker_are_positive_with_their_units() -> None:
    progress = []
    with WorkerClient() as worker:
        report = measure_peaks(
            worker,
            None,
            TINY,
            [*PROBES, peak_probe("launch_latency.dispatch")],
            lambda done, total, key: progress.append((done, total, key)),
        )
    assert [f.key for f in report.figures] == [
        "global_bandwidth.float4",
        "sp_compute.float8",
        "launch_latency.dispatch",
    ]
    assert all(f.ok and f.value is not None and f.value > 0 for f in report.figures)
    assert [f.unit for f in report.figures] == ["GB/s", "GFLOP/s", "µs"]
    assert "random data" in report.figures[0].detail
    assert report.device.name and report.device.driver_version and report.measured_at
    assert progress[0] == (0, 3, "global_bandwidth.float4") and progress[-1] == (3, 3, "")


def test_a_probe_that_kills_the_worker_fails_alone_and_the_next_one_runs() -> None:
    with WorkerClient() as worker:

        def kill_before_the_first(done: int, _total: int, _key: str) -> None:
            if done == 0 and worker.pid is not None:
                os.kill(worker.pid, signal.SIGSEGV)

        report = measure_peaks(worker, None, TINY, PROBES, kill_before_the_first)
        assert worker.restarts == 1
    first, second = report.figures
    assert not first.ok and "SIGSEGV" in first.error
    assert second.ok and second.value is not None and second.value > 0


def test_mad_kernels_as_clpeak_writes_them_still_measure_or_fail_as_figures() -> None:
    plan = replace(TINY, multiply_add="mad")
    with WorkerClient() as worker:
        report = measure_peaks(worker, None, plan, [peak_probe("sp_compute.float16")])
    (figure,) = report.figures
    assert figure.ok or figure.error  # PoCL aborts here on some CPUs: then a failed figure


def test_no_matching_device_stops_with_the_reason() -> None:
    report = measure_peaks(InProcessBackend(), DeviceSelector("", "no such device"), TINY, PROBES)
    assert report.figures == ()
    assert "no OpenCL device matches" in report.stopped


def test_stop_between_probes_keeps_what_was_measured() -> None:
    calls: list[int] = []

    def stop_after_the_first() -> bool:
        calls.append(1)
        return len(calls) > 1

    report = measure_peaks(InProcessBackend(), None, TINY, PROBES, cancelled=stop_after_the_first)
    assert [f.key for f in report.figures] == ["global_bandwidth.float4"]
    assert report.stopped == "stopped by the user after 1 of 2 figures"
