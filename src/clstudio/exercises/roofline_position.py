"""Where a checked kernel sits on its device's roofline, from the performance case's time.

The roofs are the peaks `clstudio peaks` measured on this device; without them the
position is told without a roof and with how to measure one, since a roof from a data
sheet would be a guess. Bytes follow the effective-bandwidth convention (each buffer
read or written once) and each work-item counts as one operation.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common import PeakReport
from clstudio.reporting import DEFAULT_OPS_PER_ITEM, Roof, binding_limit, point_of, roofs_of

NO_PEAKS = (
    "No measured peaks for {device} yet, so no roofline position: run `clstudio peaks` "
    "or Measure peaks in the Devices panel (about half a minute), then check again."
)


@dataclass(frozen=True)
class RooflinePosition:
    """The timed kernel's speed, and the roof that binds it when peaks exist."""

    gb_s: float
    gflop_s: float
    intensity: float  # operations per byte
    bound: str | None  # "memory" or "compute"; None without measured peaks
    roof: Roof | None  # the binding roof
    share: float | None  # of the binding roof
    text: str


def roofline_position(
    bytes_moved: int,
    work_items: int,
    seconds: float,
    double: bool,
    device: str,
    peaks: PeakReport | None,
) -> RooflinePosition | None:
    """None when the kernel moved no buffer bytes or took no time."""
    point = point_of("performance", bytes_moved, work_items, DEFAULT_OPS_PER_ITEM, seconds)
    if point is None:
        return None
    roofs = roofs_of(peaks, double)
    if roofs is None:
        text = (
            f"{point.gb_s:.3g} GB/s at {point.intensity:.3g} operations per byte. "
            + NO_PEAKS.format(device=device or "this device")
        )
        return RooflinePosition(point.gb_s, point.gflop_s, point.intensity, None, None, None, text)
    memory = point.intensity < roofs.ridge
    roof = roofs.bandwidth if memory else roofs.compute
    share = (point.gb_s if memory else point.gflop_s) / roof.value
    return RooflinePosition(
        point.gb_s,
        point.gflop_s,
        point.intensity,
        "memory" if memory else "compute",
        roof,
        share,
        binding_limit(point, roofs),
    )
