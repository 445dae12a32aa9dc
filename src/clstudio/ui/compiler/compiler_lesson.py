"""Help > The Compiler tab: what the compiler made of a kernel, told on the Compiler tab as
docs/compiler-view.md tells it for the command line."""

from __future__ import annotations

from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP
from clstudio.ui.walk_through import WalkThrough


class CompilerLesson(WalkThrough):
    """The walk through the Compiler tab."""

    CONTEXT = "CompilerLesson"
    TITLE = QT_TRANSLATE_NOOP("CompilerLesson", "The Compiler tab")
    # Each entry: a heading and its paragraph, in the order a learner takes the steps.
    STEPS = (
        (
            QT_TRANSLATE_NOOP("CompilerLesson", "Compile the last run"),
            QT_TRANSLATE_NOOP(
                "CompilerLesson",
                "Run a kernel (F5), open the Compiler tab in the Results area and press Compile "
                "the last run. The run's source, build options and local size are compiled "
                "again in a worker of its own, so a normal run or build never waits for it. "
                "On the command line, clstudio compile SESSION.json --emit remarks does the same.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("CompilerLesson", "The summary and the remarks"),
            QT_TRANSLATE_NOOP(
                "CompilerLesson",
                "The line at the top says whether the work-group loop was vectorised and over "
                "how many lanes, the number of instructions, the stack frame and the private "
                "and local memory. The vectoriser's remarks appear as notes in the editor at "
                "your own lines, each with what it means and what usually helps.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("CompilerLesson", "Assembly and LLVM IR"),
            QT_TRANSLATE_NOOP(
                "CompilerLesson",
                "The Assembly tab shows the x86-64 code of the work-group function and the "
                "LLVM IR tab the code before it; each line is tied to a line of your source. "
                "Click an instruction to go to its line in the editor. If the kernel prints, "
                "what it printed during the compile's launch is in the Kernel output tab.",
            ),
        ),
        (
            QT_TRANSLATE_NOOP("CompilerLesson", "Two builds compared"),
            QT_TRANSLATE_NOOP(
                "CompilerLesson",
                "Change a build option (for example -cl-fast-relaxed-math) or the local size, "
                "run and compile again. Beside the listing the tab compares the build with the "
                "previous one of the same kernel: instructions added and removed, the vector "
                "width before and after, the remarks that came and went, and the median times "
                "of the two runs. Open the gallery's row_sum to see a floating-point sum "
                "vectorise once reordering is allowed.",
            ),
        ),
    )
