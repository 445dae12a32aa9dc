"""The Compiler tab in the Results dock: the last run's kernel compiled on request.

It is a ResultView: each finished run is remembered, and "Compile the last run" asks a
compile worker of its own for that run's session (the same source, options and local
size), so a normal run or build never waits for it. The comparison of two builds names
the median times of the two runs they were made for.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from clstudio.compiler import CompileResult
from clstudio.reporting import FinishedRun
from clstudio.ui.compiler.compile_job import CompileJob, CompilerBackend, CompilerController
from clstudio.ui.compiler.compiler_panel import CompilerPanel
from clstudio.ui.last_run_tab import LastRunTab, LastRunWords
from clstudio.ui.layouts import vbox
from clstudio.ui.named_widgets import push_button
from clstudio.ui.tasks import Lane


class CompilerTab(LastRunTab):
    """A button, what it is doing, and the CompilerPanel; the compile goes to the controller."""

    compileFinished = Signal(CompileResult)  # for the Problems list's notes

    def __init__(self, backend: CompilerBackend, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = CompilerController(backend, Lane.COMPILES, self)
        self.panel = CompilerPanel()
        self.compile_button = push_button(
            self.tr("Compile the last run"),
            self.tr(
                "Build the kernel of the last run again, with its options and local size, "
                "and show the LLVM IR, the assembly and the vectoriser's remarks"
            ),
            "compileLastRun",
        )
        words = LastRunWords(
            self.tr("Run the kernel first: the compiler view shows the last run."),
            self.tr("Last run: {kernel}. Compile it to see what the compiler made of it."),
            self.tr("Compiling {kernel} in a worker of its own…"),
        )
        bar = self._work_on_last_run(
            self.controller, CompileJob, words, self.compile_button, backend.prepare
        )
        self._compiled: list[tuple[CompileResult, FinishedRun]] = []  # the last two shown
        vbox(bar, (self.panel, 1), parent=self)
        self.controller.finished.connect(self._on_controller_finished)

    def clear(self) -> None:
        """Another session: no compiled code, comparison or times of the last one stay."""
        super().clear()
        self.panel.clear()
        self._compiled = []
        self._show_run_times()

    def compile_last_run(self) -> bool:
        """Compile the last run's session; False when there is none or one is under way."""
        return self.start()

    def _on_controller_finished(self, _job: CompileJob, result: CompileResult) -> None:
        run = self.worked_on
        self.panel.set_result(result)
        if result.ok:
            self.state.setText(self.tr("Compiled {kernel}.").format(kernel=result.kernel))
        else:
            self.state.setText(self.tr("The compile did not finish."))
        if run is not None and result.ok:
            kept = [pair for pair in self._compiled if pair[0].kernel == result.kernel]
            self._compiled = [*kept[-1:], (result, run)]
        self._show_run_times()
        self.compileFinished.emit(result)

    def _show_run_times(self) -> None:
        """The comparison's times: the medians of the two runs, when both were timed."""
        stats = [run.stats() for _, run in self._compiled]
        medians = [found.median_s for found in stats if found is not None]
        self.panel.show_run_medians((medians[0], medians[1]) if len(medians) == 2 else None)
