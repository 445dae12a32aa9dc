"""The Local size tab: the kernel's time at every valid local size, the best marked.

The sweep runs in the worker, one run per size, with progress and Stop; sizes
that fail, or give outputs that miss the references, are listed with their
reason and never offered. "Use" puts the best size into the form.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import format_seconds
from clstudio.measurements import SweepResult
from clstudio.ui.results.plot_style import MARKER_COLOUR, SERIES_COLOURS, ThemedPlotWidget
from clstudio.ui.results.program_kernel_choice import ProgramKernelChoice


class SweepPlot(ThemedPlotWidget):
    """Kernel time against local size (one slot per size, labelled), the best as a star.

    Sizes that failed, or ran and gave wrong outputs, are crosses off the curve.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        plot = self.getPlotItem()
        plot.setLabel("bottom", self.tr("local size"))
        plot.setLabel("left", self.tr("median kernel time"), units="s")
        plot.showGrid(x=False, y=True, alpha=0.25)
        self.set_title(self.tr("Kernel time at each local size"))
        self.curve = pg.PlotDataItem(
            pen=pg.mkPen(SERIES_COLOURS[1], width=2),
            symbol="o",
            symbolSize=6,
            symbolBrush=SERIES_COLOURS[1],
        )
        self.best = pg.PlotDataItem(
            pen=None, symbol="star", symbolSize=18, symbolBrush=MARKER_COLOUR
        )
        self.failed = pg.PlotDataItem(
            pen=None, symbol="x", symbolSize=10, symbolBrush=MARKER_COLOUR, symbolPen=MARKER_COLOUR
        )
        for item in (self.curve, self.best, self.failed):
            plot.addItem(item)
        self._apply_palette()

    def show_sweep(self, sweep: SweepResult, program: bool = False) -> None:
        """`program`: the session launches several kernels, so the title names the swept one."""
        if program:
            self.set_title(
                self.tr("{kernel}: kernel time at each local size").format(kernel=sweep.kernel)
            )
        else:
            self.set_title(self.tr("Kernel time at each local size"))
        points = sweep.points
        slots = np.arange(len(points), dtype=float)
        times = np.array([np.nan if p.median_s is None else p.median_s for p in points])
        good = np.array([p.ok for p in points], dtype=bool)
        self.curve.setData(slots[good], times[good])
        best = sweep.best
        if best is not None:
            slot = float(points.index(best))
            self.best.setData([slot], [best.median_s])
        else:
            self.best.setData([], [])
        # A size with wrong outputs is crossed out at its time; one that did not run, at 0.
        self.failed.setData(slots[~good], np.nan_to_num(times[~good], nan=0.0))
        labels = [(float(i), p.label) for i, p in enumerate(points)]
        step = max(1, len(labels) // 12)  # every label would overlap beyond a dozen
        self.getPlotItem().getAxis("bottom").setTicks([labels[::step], labels])
        if len(points):
            self.getPlotItem().setXRange(-0.5, len(points) - 0.5, padding=0)


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
        self.sweep_button = QPushButton(self.tr("Sweep local size"))
        self.sweep_button.clicked.connect(self.sweepRequested)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setVisible(False)
        self.stop_button.clicked.connect(self.stopRequested)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.use_button = QPushButton(self.tr("Use the best"))
        self.use_button.setVisible(False)
        self.use_button.clicked.connect(self._on_use_clicked)
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
        self._plot: SweepPlot | None = None  # made at the first sweep: plots are slow to make
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
