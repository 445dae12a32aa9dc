"""Repeats, the per-run time limit and the progress of a run, beside the Run button."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from clstudio.session import Session

MAX_REPEATS = 100_000
MAX_TIMEOUT_S = 86_400.0
REFUSAL_WIDTH = 420  # pixels: the reason is cut there, whole in the tooltip


class RunBar(QWidget):
    """Shows a session's repeats and timeout; edits go out as signals, the window decides."""

    repeatsEdited = Signal(int)
    timeoutEdited = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.repeats = QSpinBox()
        self.repeats.setRange(1, MAX_REPEATS)
        self.repeats.setToolTip(self.tr("How many times each run launches the kernel"))
        self.repeats.valueChanged.connect(self.repeatsEdited)
        self.timeout = QDoubleSpinBox()
        self.timeout.setRange(0.1, MAX_TIMEOUT_S)
        self.timeout.setDecimals(1)
        self.timeout.setSuffix(self.tr(" s"))
        self.timeout.setToolTip(
            self.tr("A run that takes longer is stopped: the worker process is restarted")
        )
        self.timeout.valueChanged.connect(self.timeoutEdited)
        self.progress = QProgressBar()
        self.progress.setMinimumWidth(280)
        self.progress.setMaximumWidth(360)
        self.progress.setTextVisible(True)
        self.progress.setFormat(self.tr("idle"))
        self.progress.setValue(0)
        self.refusal = QLabel()
        self.refusal.setObjectName("runRefusal")
        self.refusal.setStyleSheet("QLabel#runRefusal { color: #d83c3c; font-weight: bold; }")
        self.refusal.setMaximumWidth(REFUSAL_WIDTH)
        self.refusal.setVisible(False)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 0, 8, 0)
        for label, widget in (
            (self.tr("Repeats"), self.repeats),
            (self.tr("Time limit"), self.timeout),
        ):
            caption = QLabel(label)
            caption.setBuddy(widget)
            layout.addWidget(caption)
            layout.addWidget(widget)
        layout.addWidget(self.progress)
        layout.insertWidget(0, self.refusal)  # first: right beside the Run button
        # In a toolbar: take the room the fields need, not all that is left.
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)

    def set_session(self, session: Session) -> None:
        with QSignalBlocker(self.repeats), QSignalBlocker(self.timeout):
            self.repeats.setValue(session.repeats)
            self.timeout.setValue(session.timeout_s)

    def show_refused(self, reason: str) -> None:
        """Why Run did not start, beside it: once, cut to fit, all of it in the tooltip."""
        not_run = self.tr("Not run: {reason}")
        text = not_run.format(reason=reason.splitlines()[0])
        metrics = self.refusal.fontMetrics()
        self.refusal.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, REFUSAL_WIDTH))
        self.refusal.setToolTip(not_run.format(reason=reason))
        self.refusal.setVisible(True)
        self.progress.setFormat(self.tr("not run"))
        self.progress.setValue(0)

    def show_warning(self, warning: str) -> None:
        """A warning for the run about to start (a GPU's watchdog), where a refusal shows."""
        metrics = self.refusal.fontMetrics()
        text = metrics.elidedText(warning, Qt.TextElideMode.ElideRight, REFUSAL_WIDTH)
        self.refusal.setText(text)
        self.refusal.setToolTip(warning)
        self.refusal.setVisible(True)

    def clear_refusal(self) -> None:
        self.refusal.setVisible(False)

    def show_idle(self) -> None:
        """No run of the session shown yet: what the bar said of another one goes."""
        self.clear_refusal()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat(self.tr("idle"))

    def show_started(self, total: int) -> None:
        self.clear_refusal()
        self.progress.setRange(0, total)
        self.progress.setValue(0)
        self.progress.setFormat(self.tr("building and setting up…"))

    def show_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.progress.setFormat(
            self.tr("repeat {number} of {total}").format(number=min(done + 1, total), total=total)
        )
        if done == total:
            self.progress.setFormat(self.tr("reading results back…"))

    def show_finished(self, text: str) -> None:
        self.progress.setFormat(text)
