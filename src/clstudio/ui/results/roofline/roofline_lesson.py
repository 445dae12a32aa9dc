"""Help > The roofline: where a run sits under the device's measured limits, told on the
Roofline tab as docs/peaks.md and docs/measured-counts.md tell it for the command line."""

from __future__ import annotations

from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP
from clstudio.ui.walk_through import WalkThrough


class RooflineLesson(WalkThrough):
    """The walk through the Roofline tab."""

    CONTEXT = "RooflineLesson"
    TITLE = QT_TRANSLATE_NOOP("RooflineLesson", "The roofline")
    # Each entry: a heading and its paragraph, in the order a learner takes the steps.
    STEPS = (
        (
            QT_TRANSLATE_NOOP("RooflineLesson", "Measure the device's peaks"),
            QT_TRANSLATE_NOOP(
                "RooflineLesson",
                "The roofs are the device's measured limits: its memory bandwidth and its "
                "arithmetic speed. Open the Roofline tab in the Results area and press Measure "
                "peaks once per device; without them the chart draws no roof. On the command "
                "line, clstudio peaks measures the same figures.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("RooflineLesson", "Where a run sits"),
            QT_TRANSLATE_NOOP(
                "RooflineLesson",
                "Each run is a dot: across, its arithmetic intensity (operations per byte "
                "moved to and from buffers); up, the operations per second it reached. Under "
                "the sloped roof a kernel is limited by memory, under the flat one by "
                "arithmetic. The verdict under the chart says which, and how far below the "
                "roof the run is.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("RooflineLesson", "Count the operations"),
            QT_TRANSLATE_NOOP(
                "RooflineLesson",
                "By default the chart takes the operations per work-item typed beside it (1 "
                "suits element-wise kernels). Press Measure operations to count what the "
                "latest run's session really executed, on the Oclgrind simulator; from then "
                "on the runs of that session sit where the measured operations and global "
                "bytes put them.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("RooflineLesson", "Compare two kernels"),
            QT_TRANSLATE_NOOP(
                "RooflineLesson",
                "Run the gallery's matmul_naive, then matmul_tiled, and measure the operations "
                "of each. Compare with keeps an earlier run of the same device as a fainter "
                "dot, so the tiling shows as a move on the chart: the same operations at a "
                "higher intensity. For a program of several kernels, the Kernel picker places "
                "the launches of one kernel alone.",
            ),
        ),
    )
