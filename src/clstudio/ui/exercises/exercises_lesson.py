"""Help > The exercises: how to take one in the Exercises panel, as docs/exercises.md tells
it for the command line."""

from __future__ import annotations

from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP
from clstudio.ui.walk_through import WalkThrough


class ExercisesLesson(WalkThrough):
    """The walk through the Exercises panel."""

    CONTEXT = "ExercisesLesson"
    TITLE = QT_TRANSLATE_NOOP("ExercisesLesson", "The exercises")
    # Each entry: a heading and its paragraph, in the order a learner takes the steps.
    STEPS = (
        (
            QT_TRANSLATE_NOOP("ExercisesLesson", "Pick an exercise"),
            QT_TRANSLATE_NOOP(
                "ExercisesLesson",
                "Choose View > Exercises: the panel lists graded exercises, from a guarded "
                "vector add to tiled matrix multiplies, softmax and a 2-D convolution, each "
                "with its status. Select one to read its statement. Some offer a second "
                "starter in OpenCL C 2.0, chosen under Starter, for a device that builds it.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("ExercisesLesson", "Open the starter"),
            QT_TRANSLATE_NOOP(
                "ExercisesLesson",
                "Press Open: your own copy of the exercise's session, kept in your data "
                "folder, loads into the editor with the starter kernel and its arguments. "
                "Write the kernel there, and build (Ctrl+B) and run (F5) it as any other "
                "session. Opening the exercise again brings back the kernel you wrote.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("ExercisesLesson", "Check your solution"),
            QT_TRANSLATE_NOOP(
                "ExercisesLesson",
                "Press Check my solution: your kernel runs through every test case, at awkward "
                "sizes with fixed seeds, and its results are compared with the reference "
                "within the exercise's tolerance. The table lists each case, pass or FAIL, then "
                "the timed case against its target. On the command line: clstudio exercise "
                "check NAME KERNEL.cl.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("ExercisesLesson", "Hints and the solution"),
            QT_TRANSLATE_NOOP(
                "ExercisesLesson",
                "Stuck? Hint shows the next hint, one at a time. Show solution opens the "
                "reference solution after asking you first, so you can compare it with your "
                "own.",
            ),
        ),
    )
