"""Where a checked kernel sits on its device's roofline, from the performance case's time.

The roofs are the peaks `clstudio peaks` measured on this device; without them the
position is told without a roof and with how to measure one, since a roof from a data
sheet would be a guess. Bytes follow the effective-bandwidth convention (each buffer
read or written once); the operations are those the exercise declares for its timed
case (2 M N K for a GEMM, whatever the kernel does to get there), else one per work-item.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common import N_, PeakReport, gettext
from clstudio.reporting import Roof, RooflinePoint, binding_limit, roofs_of

NO_PEAKS = N_(
    "No measured peaks for {device} yet, so no roofline position: run `clstudio peaks` "
    "or Measure peaks in the Devices panel (about half a minute), then check again."
)
COUNTED = N_("{operations:.3g} operations ({how}) on {bytes:.3g} bytes.")
GUESSED = N_(
    "The exercise declares no operations count, so each work-item counts as one "
    "operation ({operations:.3g} in all); the true intensity is likely higher."
)


@dataclass(frozen=True)
class Work:
    """What the timed case computes: its operations and how they were counted."""

    operations: int
    how: str  # the exercise's expression, "2 * M * N * K", or "one per work-item"
    declared: bool  # counted by the exercise, not guessed from the NDRange


@dataclass(frozen=True)
class RooflinePosition:
    """The timed kernel's speed, and the roof that binds it when peaks exist."""

    gb_s: float
    gflop_s: float
    intensity: float  # operations per byte
    operations: int
    operations_declared: bool
    bound: str | None  # "memory" or "compute"; None without measured peaks
    roof: Roof | None  # the binding roof
    share: float | None  # of the binding roof
    text: str


def roofline_position(
    bytes_moved: int,
    work: Work,
    seconds: float,
    double: bool,
    device: str,
    peaks: PeakReport | None,
) -> RooflinePosition | None:
    """None when the kernel moved no buffer bytes or took no time.

    A kernel of no arithmetic (a transpose) has intensity 0: memory binds it.
    """
    if bytes_moved <= 0 or seconds <= 0 or work.operations < 0:
        return None
    point = RooflinePoint("performance", bytes_moved, work.operations, seconds)
    counted = gettext(COUNTED if work.declared else GUESSED).format(
        operations=work.operations, how=work.how, bytes=bytes_moved
    )
    roofs = roofs_of(peaks, double)
    bound: str | None = None
    roof: Roof | None = None
    share: float | None = None
    if roofs is None:
        speed = gettext(
            "{gb_s} GB/s and {gflop_s} GFLOP/s at {intensity} operations per byte."
        ).format(
            gb_s=f"{point.gb_s:.3g}",
            gflop_s=f"{point.gflop_s:.3g}",
            intensity=f"{point.intensity:.3g}",
        )
        no_peaks = gettext(NO_PEAKS).format(device=device or gettext("this device"))
        text = _sentences(speed, counted, no_peaks)
    else:
        memory = point.intensity < roofs.ridge
        bound, roof = ("memory", roofs.bandwidth) if memory else ("compute", roofs.compute)
        share = (point.gb_s if memory else point.gflop_s) / roof.value
        text = _sentences(binding_limit(point, roofs), counted)
    return RooflinePosition(
        point.gb_s,
        point.gflop_s,
        point.intensity,
        work.operations,
        work.declared,
        bound,
        roof,
        share,
        text,
    )


def _sentences(*sentences: str) -> str:
    """Sentences one after another, as the language writes them."""
    text = sentences[0]
    for sentence in sentences[1:]:
        # Translators: one sentence after another; English puts a space between them.
        text = gettext("{sentence} {next}").format(sentence=text, next=sentence)
    return text
