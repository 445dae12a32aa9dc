"""The Local size tab: the kernel's time at every valid local size, the best marked.

The sweep runs in the worker, one run per size, with progress and Stop; sizes
that fail, or give outputs that miss the references, are listed with their
reason and never offered. "Use" puts the best size into the form.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import format_seconds
from clstudio.ui.named_widgets import push_button
from clstudio.ui.results.program_kernel_choice import ProgramKernelChoice

if TYPE_CHECKING:
    from clstudio.measurements import SweepResult
    from clstudio.ui.results.sweep_plot import SweepPlot


class SweepPanel(QWidget):
    """Intents: sweepRequested, stopRequested, useLocalSizeRequested(tuple).

    A program of several kernels shows a kernel picker; the controller reads chosen_kernel().
    """

    sweepRequested = Signal()
    stopRequested = Signal()
    useLocalSizeRequested = Signal(tuple)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sweep: SweepResult | None = None
        self.intro = QLabel(
            self.tr(
                "Runs the kernel at every valid local size (the divisors of the global size, and "
                "powers of two where the device allows uneven work-groups), each after a warm-up "
                "launch, and plots the median kernel time of each."
            )
        )
        self.intro.setWordWrap(True)
        self.sweep_button = push_button(self.tr("Sweep local size"), clicked=self.sweepRequested)
        self.stop_button = push_button(self.tr("Stop"), clicked=self.stopRequested, hidden=True)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.use_button = push_button(
            self.tr("Use the best"), clicked=self._on_use_clicked, hidden=True
        )
        self.kernel_label = QLabel(self.tr("Kernel:"))
        self.kernel_choice = ProgramKernelChoice(
            self.kernel_label,
            "sweepKernel",
            self.tr("The kernel of the program whose local size is swept"),
        )
        buttons = QHBoxLayout()
        for widget in (
            self.kernel_label,
            self.kernel_choice,
            self.sweep_button,
            self.stop_button,
            self.use_button,
        ):
            buttons.addWidget(widget)
        buttons.addWidget(self.progress, 1)
        self.summary = QLabel()
        self.summary.setObjectName("sweepSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Made at the first sweep: plots are slow to make, and the first imports pyqtgraph.
        self._plot: SweepPlot | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.intro)
        layout.addLayout(buttons)
        layout.addWidget(self.summary)
        layout.addStretch(1)
        self._layout = layout

    @property
    def plot(self) -> SweepPlot:
        if self._plot is None:
            from clstudio.ui.results.sweep_plot import SweepPlot

            self._plot = SweepPlot()
            self._layout.insertWidget(self._layout.count() - 1, self._plot, 1)
        return self._plot

    def set_kernels(self, kernels: list[str]) -> None:
        """The session's kernels; the picker shows only when there are several."""
        self.kernel_choice.set_kernels(kernels)

    def chosen_kernel(self) -> str | None:
        """The kernel picked, or None when the session has one kernel (the first is swept)."""
        return self.kernel_choice.chosen()

    def show_sweeping(self, sizes: int) -> None:
        self.sweep_button.setEnabled(False)
        self.stop_button.setVisible(True)
        self.use_button.setVisible(False)
        self.progress.setVisible(True)
        self.progress.setRange(0, sizes)
        self.progress.setValue(0)
        self.summary.setText(self.tr("Sweeping {count} local sizes…").format(count=sizes))

    def show_progress(
        self,
        done: int,
        total: int,
        size: tuple[int, ...] | None,
        so_far: SweepResult | None = None,
    ) -> None:
        """The size that runs next, and the points of the sizes done so far."""
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        if so_far is not None:
            self.plot.show_sweep(so_far, self.chosen_kernel() is not None)
            self.plot.show()
        if size is not None:
            text = self.tr("local size {size} ({number} of {total})").format(
                size=" × ".join(map(str, size)), number=done + 1, total=total
            )
            self.progress.setFormat(text)

    def show_refusal(self, message: str) -> None:
        self.summary.setText(message)

    def show_sweep(self, sweep: SweepResult) -> None:
        self._sweep = sweep
        self.sweep_button.setEnabled(True)
        self.stop_button.setVisible(False)
        self.progress.setVisible(False)
        program = self.chosen_kernel() is not None
        self.plot.show_sweep(sweep, program)
        self.plot.show()
        best = sweep.best
        failed = [p for p in sweep.points if not p.ok]
        parts = []
        if program:
            parts.append(self.tr("Kernel {kernel}.").format(kernel=sweep.kernel))
        if best is not None:
            parts.append(
                self.tr("Best: local size {size}, {median} median of {count} sizes tried.").format(
                    size=best.label,
                    median=format_seconds(best.median_s or 0.0),
                    count=len(sweep.points),
                )
            )
            self.use_button.setText(self.tr("Use {size}").format(size=best.label))
            self.use_button.setVisible(True)
        else:
            parts.append(self.tr("No local size ran."))
        if failed:
            reasons = "; ".join(f"{p.label}: {p.error.splitlines()[0]}" for p in failed[:3])
            if len(failed) > 3:
                text = self.tr("{count} failed and were skipped ({reasons} and {more} more).")
            else:
                text = self.tr("{count} failed and were skipped ({reasons}).")
            parts.append(text.format(count=len(failed), reasons=reasons, more=len(failed) - 3))
        if sweep.stopped:
            parts.append(sweep.stopped[0].upper() + sweep.stopped[1:] + ".")
        self.summary.setText(" ".join(parts))

    def clear(self) -> None:
        """Another session is shown: its sizes are not the ones swept."""
        self._sweep = None
        self.use_button.setVisible(False)
        self.summary.clear()
        if self._plot is not None:
            self._plot.hide()

    def show_failure(self, details: str) -> None:
        self.sweep_button.setEnabled(True)
        self.stop_button.setVisible(False)
        self.progress.setVisible(False)
        self.summary.setText(
            self.tr("The sweep failed unexpectedly:\n{details}").format(details=details)
        )

    def _on_use_clicked(self) -> None:
        best = self._sweep.best if self._sweep is not None else None
        if best is not None:
            self.useLocalSizeRequested.emit(best.local_size)
