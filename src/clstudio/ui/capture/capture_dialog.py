"""File > Capture a program…: the learner's command, where it runs, where the capture
goes and which launches to capture; a line per launch as it is captured, and Stop.

The dialog only asks and shows; the capture runs as a job (capture_job.py), and the
window's CaptureCommands hands it over and opens what it wrote.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clstudio.capture import (
    DEFAULT_FIRST,
    INDEX_FILE,
    CaptureRequest,
    CaptureResult,
    LaunchEntry,
    reason_text,
)
from clstudio.common.units import format_seconds

MOST_FIRST = 1_000_000


class CaptureDialog(QDialog):
    """`captureRequested(request)` on Capture, `stopRequested` on Stop, and
    `captureChosen(path of capture.json)` on Open capture once one is done."""

    captureRequested = Signal(CaptureRequest)
    stopRequested = Signal()
    captureChosen = Signal(Path)

    def __init__(self, working_folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Capture a program"))
        self._done: Path | None = None  # the capture.json of the last capture
        self.command = QLineEdit()
        self.command.setObjectName("captureCommand")
        self.command.setPlaceholderText(self.tr("python train.py --epochs 2"))
        self.command.setToolTip(self.tr("Your program, as you run it in a terminal"))
        self.command.setMinimumWidth(self.fontMetrics().horizontalAdvance("x" * 60))
        self.working_folder = QLineEdit(str(working_folder))
        self.working_folder.setObjectName("captureWorkingFolder")
        self.output = QLineEdit("capture")
        self.output.setObjectName("captureOutput")
        self.output.setToolTip(
            self.tr("A new or empty folder, in the working folder unless a full path")
        )
        self.kernels = QLineEdit()
        self.kernels.setObjectName("captureKernels")
        self.kernels.setPlaceholderText(self.tr("every kernel"))
        self.kernels.setToolTip(self.tr("Capture only these kernels: names, separated by spaces"))
        self.first = QSpinBox()
        self.first.setObjectName("captureFirst")
        self.first.setRange(1, MOST_FIRST)
        self.first.setValue(DEFAULT_FIRST)
        self.first.setToolTip(
            self.tr("How many launches of each kernel are captured, from its first")
        )
        self.progress = QListWidget()
        self.progress.setObjectName("captureProgress")
        self.state = QLabel(self.tr("Nothing captured yet."))
        self.state.setObjectName("captureState")
        self.state.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.capture_button = self._button("captureStart", self.tr("Capture"), self._on_capture)
        self.stop_button = self._button("captureStop", self.tr("Stop"), self.stopRequested.emit)
        self.open_button = self._button("captureOpen", self.tr("Open capture"), self._on_open)
        self.buttons.rejected.connect(self.close)
        form = QFormLayout()
        form.addRow(self.tr("Command"), self.command)
        form.addRow(self.tr("Working folder"), self._with_browse(self.working_folder))
        form.addRow(self.tr("Output folder"), self._with_browse(self.output))
        form.addRow(self.tr("Kernels"), self.kernels)
        form.addRow(self.tr("First launches of each kernel"), self.first)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.progress, 1)
        layout.addWidget(self.state)
        layout.addWidget(self.buttons)
        self.show_running(False)

    def _button(self, name: str, text: str, clicked: object) -> QPushButton:
        button = self.buttons.addButton(text, QDialogButtonBox.ButtonRole.ActionRole)
        button.setObjectName(name)
        button.clicked.connect(clicked)
        return button

    def _with_browse(self, field: QLineEdit) -> QWidget:
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(lambda: self._browse(field))
        line.addWidget(field, 1)
        line.addWidget(browse)
        return row

    def _browse(self, field: QLineEdit) -> None:
        chosen = QFileDialog.getExistingDirectory(self, self.tr("Choose a folder"), field.text())
        if chosen:
            field.setText(chosen)

    def request(self) -> CaptureRequest | str:
        """What the fields ask for, or why they cannot be run."""
        try:
            command = tuple(shlex.split(self.command.text()))
        except ValueError as exc:
            return self.tr("The command cannot be read: {problem}").format(problem=exc)
        if not command:
            return self.tr("Type the command that runs your program.")
        folder = Path(self.working_folder.text().strip() or ".").expanduser()
        if not folder.is_dir():
            return self.tr("The working folder {folder} is not a folder.").format(folder=folder)
        output = Path(self.output.text().strip()).expanduser()
        if not self.output.text().strip():
            return self.tr("Name the output folder, new or empty.")
        return CaptureRequest(
            command=command,
            folder=output if output.is_absolute() else folder / output,
            working_folder=folder,
            kernels=tuple(k for k in re.split(r"[\s,]+", self.kernels.text()) if k),
            first=self.first.value(),
        )

    def _on_capture(self) -> None:
        asked = self.request()
        if isinstance(asked, str):
            self.state.setText(asked)
            return
        self.progress.clear()
        self._done = None
        self.captureRequested.emit(asked)

    def show_running(self, running: bool) -> None:
        self.capture_button.setEnabled(not running)
        self.stop_button.setEnabled(running)
        self.open_button.setEnabled(not running and self._done is not None)
        for field in (self.command, self.working_folder, self.output, self.kernels, self.first):
            field.setEnabled(not running)
        if running:
            self.state.setText(self.tr("Running the program…"))

    def show_launches(self, entries: Sequence[LaunchEntry]) -> None:
        """A line for each launch as it is listed: captured, or why not."""
        self.progress.addItems([self._launch_line(entry) for entry in entries])
        self.progress.scrollToBottom()

    def _launch_line(self, entry: LaunchEntry) -> str:
        place = f" ({entry.call_site})" if entry.call_site else ""
        time = f", {format_seconds(entry.time_ns / 1e9)}" if entry.time_ns is not None else ""
        if entry.session is not None:
            said = self.tr("Launch {number}, {kernel}{place}{time}: captured")
            return said.format(number=entry.number, kernel=entry.kernel, place=place, time=time)
        said = self.tr("Launch {number}, {kernel}{place}{time}: not captured, {why}")
        return said.format(
            number=entry.number,
            kernel=entry.kernel,
            place=place,
            time=time,
            why=reason_text(entry),
        )

    def show_result(self, folder: Path, result: CaptureResult | None, problem: str) -> None:
        """The capture's end: how many launches, and the program's exit status."""
        if result is None:
            self.state.setText(problem)
        else:
            launches = result.index.launches
            said = (
                self.tr(
                    "The program ended with status {status}: 1 launch, {captured} captured, "
                    "in {folder}."
                )
                if len(launches) == 1
                else self.tr(
                    "The program ended with status {status}: {count} launches, {captured} "
                    "captured, in {folder}."
                )
            )
            self.state.setText(
                said.format(
                    status=result.exit_status,
                    count=len(launches),
                    captured=sum(entry.captured for entry in launches),
                    folder=folder,
                )
            )
            self._done = folder / INDEX_FILE
        self.show_running(False)

    def _on_open(self) -> None:
        if self._done is not None:
            self.captureChosen.emit(self._done)
