"""Help > Debugging the reduction: a walk through the gallery's tree reduction in the
Debug dock, told as docs/debugger.md tells it for the command line."""

from __future__ import annotations

from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP
from clstudio.ui.walk_through import WalkThrough


class DebugLesson(WalkThrough):
    """The walk through the reduction in the Debug dock."""

    CONTEXT = "DebugLesson"
    TITLE = QT_TRANSLATE_NOOP("DebugLesson", "Debugging the reduction")
    # Each entry: a heading and its paragraph, in the order a learner takes the steps.
    STEPS = (
        (
            QT_TRANSLATE_NOOP("DebugLesson", "Open the kernel and set a breakpoint"),
            QT_TRANSLATE_NOOP(
                "DebugLesson",
                "Open File > Open Example > reduction. The kernel sums each work-group's values "
                "in scratch, a __local array of one float per work-item. Click the gutter left of "
                "line 26, if (lid < stride), or put the cursor there and press F9: a red dot "
                "marks the breakpoint.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("DebugLesson", "Debug"),
            QT_TRANSLATE_NOOP(
                "DebugLesson",
                "Choose Run > Debug / Continue (F8). The session runs on the Oclgrind simulator "
                "and work-item 0 pauses at line 26, marked in the editor. The Debug dock shows "
                "its ids, its private variables (lid = 0, stride = 128 for groups of 256) and "
                "the group's scratch array.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("DebugLesson", "Why stride halves"),
            QT_TRANSLATE_NOOP(
                "DebugLesson",
                "Press F8 again: the next round pauses with stride = 64. In each round the first "
                "half of the still-active work-items adds the value of a partner stride away, "
                "so the values to add halve, and so does stride. The dock marks the elements "
                "written since the last stop: scratch[0] to scratch[127] in round one. After "
                "log2(local size) rounds scratch[0] holds the group's sum. Step over (F10) "
                "shows the addition itself; the element it touches is marked this line.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("DebugLesson", "Other work-items and the barrier"),
            QT_TRANSLATE_NOOP(
                "DebugLesson",
                "Type a work-group and a local id (or a global id) in the dock and press Switch "
                "to follow another work-item. At the barrier on line 28 the dock says how many "
                "work-items of the group have arrived: none goes on to the next round before "
                "all have finished this one, so every partner's value is ready.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("DebugLesson", "What a missing barrier does to scratch[]"),
            QT_TRANSLATE_NOOP(
                "DebugLesson",
                "Comment out the barrier on line 28 and debug again. Oclgrind runs one "
                "work-item at a time, as far as it can go before a barrier: work-item 0 now runs "
                "all its rounds before its partners have run any, and adds values of scratch[] "
                "from before their additions. The group's sum is wrong. On a GPU the outcome "
                "would depend on timing; the debugger shows it every time, and Run > Check names "
                "it a data race on scratch.",
            ),
        ),
    )
