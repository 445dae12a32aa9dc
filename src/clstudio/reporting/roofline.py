"""The roofline of a run: where its arithmetic intensity and speed sit under the device's roofs.

Intensity is operations per byte of global memory the buffers move (the least
traffic, as the effective bandwidth counts it); the roofs are the device's
measured peaks. Plain arithmetic, so the Results tab and its tests agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common import PeakReport, gettext
from clstudio.counts import OperationCounts
from clstudio.session import Session

DEFAULT_OPS_PER_ITEM = 1  # right for element-wise kernels; a matrix multiply does 2 × K


def declared_ops_per_item(session: Session, kernel: str) -> int:
    """What one work-item of `kernel` computes, as the session declares; else the default."""
    return session.operations_per_item.get(kernel, DEFAULT_OPS_PER_ITEM)


@dataclass(frozen=True)
class RooflinePoint:
    """One run on the chart."""

    label: str
    bytes_moved: int
    operations: float  # work-items × operations each
    seconds: float  # median kernel time

    @property
    def intensity(self) -> float:
        """Operations per byte."""
        return self.operations / self.bytes_moved

    @property
    def gflop_s(self) -> float:
        return self.operations / self.seconds / 1e9

    @property
    def gb_s(self) -> float:
        return self.bytes_moved / self.seconds / 1e9


@dataclass(frozen=True)
class Roof:
    """A measured ceiling: `value` in GB/s (a slanted roof) or GFLOP/s (a flat one)."""

    key: str  # the peak figure it comes from: global_bandwidth.float16
    value: float
    unit: str


@dataclass(frozen=True)
class Roofs:
    """The device's best bandwidth and compute, and the scalar compute below them."""

    bandwidth: Roof
    compute: Roof
    scalar_compute: Roof | None  # code that uses no vectors meets this lower roof

    @property
    def ridge(self) -> float:
        """The intensity where the two roofs meet: below it memory binds, above it compute."""
        return self.compute.value / self.bandwidth.value

    def attainable(self, intensity: float) -> float:
        return min(self.compute.value, self.bandwidth.value * intensity)


def point_of(
    label: str, bytes_moved: int, work_items: int, ops_per_item: float, seconds: float
) -> RooflinePoint | None:
    """The point of a run; None when it moved no bytes, did no work or has no time."""
    if bytes_moved <= 0 or work_items <= 0 or ops_per_item <= 0 or seconds <= 0:
        return None
    return RooflinePoint(label, bytes_moved, work_items * ops_per_item, seconds)


def measured_point(label: str, counts: OperationCounts, seconds: float) -> RooflinePoint | None:
    """The point from measured counts: executed flops over the bytes __global memory moved.

    Preferred over point_of: it needs no number typed, and a tiled kernel's reuse in
    local memory shows as fewer global bytes for the same flops.
    """
    if counts.global_bytes <= 0 or counts.flops <= 0 or seconds <= 0:
        return None
    return RooflinePoint(label, counts.global_bytes, counts.flops, seconds)


def roofs_of(report: PeakReport | None, double: bool = False) -> Roofs | None:
    """The roofs a measurement gives; None without a bandwidth and a compute figure."""
    if report is None:
        return None
    test = "dp_compute" if double else "sp_compute"
    bandwidth, compute = report.best("global_bandwidth"), report.best(test)
    if bandwidth is None or compute is None or not bandwidth.value or not compute.value:
        return None
    scalar = report.figure(f"{test}.{'double' if double else 'float'}")
    scalar_roof = (
        Roof(scalar.key, scalar.value, scalar.unit)
        if scalar is not None and scalar.value and scalar.key != compute.key
        else None
    )
    return Roofs(
        Roof(bandwidth.key, bandwidth.value, bandwidth.unit),
        Roof(compute.key, compute.value, compute.unit),
        scalar_roof,
    )


def binding_limit(point: RooflinePoint, roofs: Roofs) -> str:
    """Which roof binds the run and how close it gets, in one sentence."""
    if point.intensity < roofs.ridge:
        said = gettext(
            "memory-bound: {speed} GB/s, {share} of this device's measured "
            "{roof} GB/s ({key}). Fewer bytes per "
            "operation (reuse data in local memory or registers) would lift it."
        )
        speed, roof = point.gb_s, roofs.bandwidth
    else:
        said = gettext(
            "compute-bound: {speed} GFLOP/s, {share} of this device's measured "
            "{roof} GFLOP/s ({key}). Wider vectors (float4, or a loop the compiler "
            "vectorises) and fused multiply-adds would lift it; doing fewer operations "
            "saves time but does not raise this rate."
        )
        speed, roof = point.gflop_s, roofs.compute
    return said.format(
        speed=f"{speed:.3g}",
        share=f"{speed / roof.value:.0%}",
        roof=f"{roof.value:.3g}",
        key=roof.key,
    )
