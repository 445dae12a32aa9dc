"""Help > Memory traffic: coalescing and reuse, told on the gallery's transposes and matrix
multiplies in the Memory tab, as docs/memory-traffic.md tells it for the command line."""

from __future__ import annotations

from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP
from clstudio.ui.walk_through import WalkThrough


class MemoryLesson(WalkThrough):
    """The walk through the Memory tab."""

    CONTEXT = "MemoryLesson"
    TITLE = QT_TRANSLATE_NOOP("MemoryLesson", "Memory traffic: coalescing and reuse")
    # Each entry: a heading and its paragraph, in the order a learner takes the steps.
    STEPS = (
        (
            QT_TRANSLATE_NOOP("MemoryLesson", "Measure the naive transpose"),
            QT_TRANSLATE_NOOP(
                "MemoryLesson",
                "Open File > Open Example > transpose_naive and run it (F5). In the Results "
                "area open the Memory tab and press Measure memory traffic: the kernel runs "
                "again as an instrumented build that logs every __global and __local access "
                "with the work-item that made it, and its outputs are checked as usual.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("MemoryLesson", "Lines per 16 work-items"),
            QT_TRANSLATE_NOOP(
                "MemoryLesson",
                "The table lists each access of the source. For a __global one it gives how "
                "many distinct 64-byte lines 16 neighbouring work-items touch in one go: 1 or 2 "
                "is coalesced (a GPU serves them in one or two transactions), 16 is the worst. "
                "transpose_naive reads a row (1 line) but writes a column: 16 lines, marked "
                "in the editor's gutter on line 19.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("MemoryLesson", "The heatmap"),
            QT_TRANSLATE_NOOP(
                "MemoryLesson",
                "Reads and writes per element shows each buffer as a picture: blue where "
                "elements were read, green where written once, red where written twice or "
                "more, grey where never touched. A transpose reads every element of a once "
                "and writes every element of out once.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("MemoryLesson", "One work-group, step by step"),
            QT_TRANSLATE_NOOP(
                "MemoryLesson",
                "Open transpose_tiled, run and measure it, and choose One work-group, step by "
                "step. Step 1 shows the group copying its tile of a into __local memory, each "
                "element in the colour of its work-item; Next goes past the barrier, where the "
                "group writes the tile out, row by row. Both its loads and its stores touch 1 "
                "line per 16 work-items.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("MemoryLesson", "Reuse in the matrix multiplies"),
            QT_TRANSLATE_NOOP(
                "MemoryLesson",
                "Measure matmul_naive and matmul_tiled the same way. The naive kernel reads "
                "each value of a and b from __global memory again and again; the tiled one "
                "reads each once per tile and then reads the __local copies. The Roofline "
                "tab's measured counts put the same number of operations at a higher "
                "intensity for the tiled kernel. Large ranges log a sample of work-groups, and "
                "the tab says from how many.",
            ),
        ),
    )
