"""Measured device peaks as plain data: the probes, one figure each, and a whole measurement.

A probe is one micro-benchmark at one width (`global_bandwidth.float4`). Each runs
as a request of its own in the worker, so one that crashes the driver fails alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from clstudio.common.translation import N_, gettext

PEAKS_FORMAT = "clstudio-peaks"
PEAKS_VERSION = 1

_FLOAT_WIDTHS = ("float", "float2", "float4", "float8", "float16")
_DOUBLE_WIDTHS = ("double", "double2", "double4", "double8", "double16")
# One sentence per probe for the learner, in English (the `meaning` that --json and
# stored peaks carry) and, through peak_meaning, in the learner's language.
_LANES = {
    1: N_("one value"),
    2: N_("2 lanes"),
    4: N_("4 lanes"),
    8: N_("8 lanes"),
    16: N_("16 lanes"),
}
_BANDWIDTH = N_(
    "How fast kernels read global memory when each work-item loads {width} values "
    "({lanes} at a time): the ceiling of a kernel that reads each byte once."
)
_COMPUTE = {
    "single": N_(
        "Single-precision multiply-adds per second (2 operations each) on {width} values: "
        "the compute ceiling of single-precision code that works on {lanes} at a time."
    ),
    "double": N_(
        "Double-precision multiply-adds per second (2 operations each) on {width} values: "
        "the compute ceiling of double-precision code that works on {lanes} at a time."
    ),
}
_FIXED_MEANINGS = {
    "transfer_bandwidth.host_to_device": N_(
        "How fast a buffer is copied from the program's memory to the device "
        "(clEnqueueWriteBuffer), timed by the wall clock: the cost of sending inputs."
    ),
    "transfer_bandwidth.device_to_host": N_(
        "How fast a buffer is copied back from the device (clEnqueueReadBuffer), "
        "timed by the wall clock: the cost of reading results."
    ),
    "launch_latency.dispatch": N_(
        "How long a launched kernel waits in the queue before it starts (queued to "
        "start): the least a launch costs, however little it does."
    ),
    "launch_latency.round_trip": N_(
        "How long the program waits for a kernel that does almost nothing, from "
        "enqueue to finish: below this, more work per launch is free."
    ),
}
_UNITS = {"transfer_bandwidth": "GB/s", "launch_latency": "µs"}
_PRECISIONS = {"sp_compute": "single", "dp_compute": "double"}


@dataclass(frozen=True)
class PeakProbe:
    """One figure to measure: its test, its width (or kind), its unit and what it means."""

    test: str  # "global_bandwidth"
    width: str  # "float4", "host_to_device", "dispatch"
    unit: str  # "GB/s", "GFLOP/s" or "µs"
    meaning: str  # one sentence for the learner, in English

    @property
    def key(self) -> str:
        return f"{self.test}.{self.width}"

    @property
    def lanes(self) -> int:
        """The vector width of a bandwidth or compute probe; 1 for the others."""
        digits = self.width.removeprefix("float").removeprefix("double")
        return int(digits) if digits.isdigit() else 1


def _lanes_of(width: str) -> int:
    digits = width.removeprefix("float").removeprefix("double")
    return int(digits) if digits else 1


def _meaning(key: str, translate: Callable[[str], str]) -> str:
    """The sentence of probe `key`, its words passed through `translate`."""
    test, width = key.split(".", 1)
    if key in _FIXED_MEANINGS:
        return translate(_FIXED_MEANINGS[key])
    template = _BANDWIDTH if test == "global_bandwidth" else _COMPUTE[_PRECISIONS[test]]
    return translate(template).format(width=width, lanes=translate(_LANES[_lanes_of(width)]))


def peak_meaning(key: str, english: str) -> str:
    """What probe `key` measures, in the current language; `english` for a key this
    version does not know (a stored report from another version)."""
    try:
        return _meaning(key, gettext)
    except (KeyError, ValueError):
        return english


def _probes() -> tuple[PeakProbe, ...]:
    def probe(test: str, width: str, unit: str) -> PeakProbe:
        return PeakProbe(test, width, unit, _meaning(f"{test}.{width}", str))

    probes = [probe("global_bandwidth", width, "GB/s") for width in _FLOAT_WIDTHS]
    for test, widths in (("sp_compute", _FLOAT_WIDTHS), ("dp_compute", _DOUBLE_WIDTHS)):
        probes += [probe(test, width, "GFLOP/s") for width in widths]
    for key in _FIXED_MEANINGS:
        test, width = key.split(".", 1)
        probes.append(probe(test, width, _UNITS[test]))
    return tuple(probes)


PEAK_PROBES: tuple[PeakProbe, ...] = _probes()
PEAK_TESTS: tuple[str, ...] = tuple(dict.fromkeys(p.test for p in PEAK_PROBES))


def peak_probe(key: str) -> PeakProbe:
    """The probe named `key` (`sp_compute.float4`); KeyError for an unknown name."""
    for probe in PEAK_PROBES:
        if probe.key == key:
            return probe
    raise KeyError(key)


@dataclass(frozen=True)
class PeakPlan:
    """How hard to measure: the time each probe aims for, the samples, the buffer sizes.

    `multiply_add` "mad" uses mad() as clpeak does; PoCL 3.0 aborts on float16 and
    double8 with it, which shows why the default is the plain `a * b + c`.
    """

    target_s: float = 0.25  # per probe, spread over its samples
    samples: int = 5  # the figure is the median of these
    bandwidth_bytes: int = 256 << 20  # well beyond any CPU's last-level cache
    transfer_bytes: int = 64 << 20
    multiply_add: str = "a*b+c"  # or "mad"


@dataclass(frozen=True)
class PeakDevice:
    """The device a measurement ran on, as the store keys it."""

    name: str
    platform: str
    driver_version: str
    type: str = ""


@dataclass(frozen=True)
class PeakFigure:
    """One measured figure, or why it could not be measured (`value` None, `error` set)."""

    key: str
    value: float | None
    unit: str
    meaning: str
    detail: str = ""  # how it was measured: sizes, repeats, samples
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.value is not None

    @property
    def test(self) -> str:
        return self.key.split(".", 1)[0]

    @property
    def width(self) -> str:
        return self.key.split(".", 1)[1]


@dataclass(frozen=True)
class PeakSample:
    """The answer to one probe: the device it ran on and the figure.

    `stopped` says why there is no answer from the device: "device" (none matched),
    or the worker's "crash", "timeout" or "cancelled"; "" when the device answered.
    """

    device: PeakDevice | None
    figure: PeakFigure
    stopped: str = ""


@dataclass(frozen=True)
class PeakReport:
    """Every figure of one measurement of one device, with when it was made."""

    device: PeakDevice
    measured_at: str  # ISO 8601, UTC
    figures: tuple[PeakFigure, ...]
    stopped: str = ""  # why the measurement ended early, if it did

    def figure(self, key: str) -> PeakFigure | None:
        return next((f for f in self.figures if f.key == key), None)

    def best(self, test: str) -> PeakFigure | None:
        """The highest measured figure of a test: the ceiling a roofline draws."""
        measured = [f for f in self.figures if f.test == test and f.value is not None]
        return max(measured, key=lambda f: f.value or 0.0, default=None)
