"""The Compiler tab in the Results dock: the last run's kernel compiled on request.

It is a ResultView: each finished run is remembered, and "Compile the last run" asks a
compile worker of its own for that run's session (the same source, options and local
size), so a normal run or build never waits for it. Beside the comparison of two builds
it puts the times of the two runs they were made for.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from clstudio.common import format_seconds
from clstudio.compiler import CompileResult
from clstudio.reporting import FinishedRun
from clstudio.ui.compiler.compile_job import CompileJob, CompilerBackend, CompilerController
from clstudio.ui.compiler.compiler_panel import CompilerPanel
from clstudio.ui.tasks import Lane


class CompilerTab(QWidget):
    """A button, what it is doing, and the CompilerPanel; the compile goes to the controller."""

    compileFinished = Signal(CompileResult)  # for the Problems list's notes

    def __init__(self, backend: CompilerBackend, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = CompilerController(backend, Lane.COMPILES, self)
        self.panel = CompilerPanel()
        self.compile_button = QPushButton(self.tr("Compile the last run"))
        self.compile_button.setObjectName("compileLastRun")
        self.compile_button.setToolTip(
            self.tr(
                "Build the kernel of the last run again, with its options and local size, "
                "and show the LLVM IR, the assembly and the vectoriser's remarks"
            )
        )
        self.compile_button.setEnabled(False)
        self._state = QLabel(self.tr("Run the kernel first: the compiler view shows the last run."))
        self._state.setWordWrap(True)
        self._run_times = QLabel()
        self._run_times.setWordWrap(True)
        self._run_times.hide()
        self._last_run: FinishedRun | None = None
        self._compiling: FinishedRun | None = None
        self._compiled: list[tuple[CompileResult, FinishedRun]] = []  # the last two shown
        bar = QHBoxLayout()
        bar.addWidget(self.compile_button)
        bar.addWidget(self._state, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.panel, 1)
        layout.addWidget(self._run_times)
        self.compile_button.clicked.connect(self._on_compile_button_clicked)
        self.controller.finished.connect(self._on_controller_finished)

    def state_text(self) -> str:
        return self._state.text()

    def run_times_text(self) -> str:
        return self._run_times.text() if not self._run_times.isHidden() else ""

    def show_run(self, run: FinishedRun) -> None:
        self._last_run = run
        self._state.setText(
            self.tr("Last run: {kernel}. Compile it to see what the compiler made of it.").format(
                kernel=run.kernel
            )
        )
        self.compile_button.setEnabled(not self.controller.is_running())

    def clear(self) -> None:
        self._last_run = None
        self.compile_button.setEnabled(False)
        self._state.setText(self.tr("Run the kernel first: the compiler view shows the last run."))

    def compile_last_run(self) -> bool:
        """Compile the last run's session; False when there is none or one is under way."""
        run = self._last_run
        if run is None or not self.controller.submit(CompileJob(run.session)):
            return False
        self._compiling = run
        self.compile_button.setEnabled(False)
        self._state.setText(
            self.tr("Compiling {kernel} in a worker of its own…").format(kernel=run.kernel)
        )
        return True

    def _on_compile_button_clicked(self) -> None:
        self.compile_last_run()

    def _on_controller_finished(self, _job: CompileJob, result: CompileResult) -> None:
        run, self._compiling = self._compiling, None
        self.compile_button.setEnabled(self._last_run is not None)
        self.panel.set_result(result)
        if result.ok:
            self._state.setText(self.tr("Compiled {kernel}.").format(kernel=result.kernel))
        else:
            self._state.setText(self.tr("The compile did not finish."))
        if run is not None and result.ok:
            kept = [pair for pair in self._compiled if pair[0].kernel == result.kernel]
            self._compiled = [*kept[-1:], (result, run)]
        self._show_run_times()
        self.compileFinished.emit(result)

    def _show_run_times(self) -> None:
        medians = [run.stats() for _, run in self._compiled]
        if len(medians) < 2 or None in medians or not self.panel.comparison_text():
            self._run_times.hide()
            return
        before, after = (format_seconds(stats.median_s) for stats in medians if stats)
        self._run_times.setText(
            self.tr("The runs of these two builds took {before} and {after} (median).").format(
                before=before, after=after
            )
        )
        self._run_times.show()
