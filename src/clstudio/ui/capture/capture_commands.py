"""The window's two capture commands: File > Capture a program… runs the learner's
program under capture as a job, off the GUI thread, with a line per launch; File >
Open capture… lists a capture's launches and opens the one chosen as the session."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from clstudio.backend import Builder
from clstudio.ui.capture.capture_job import (
    CaptureAnswer,
    CaptureController,
    CaptureJob,
    Capturer,
)
from clstudio.ui.tasks import Lane

if TYPE_CHECKING:  # the capture's modules load with the first capture command, not at start
    from clstudio.capture import CaptureRequest
    from clstudio.ui.capture.capture_dialog import CaptureDialog
    from clstudio.ui.capture.capture_list import CaptureList


class CaptureCommands(QObject):
    """Owns the capture dialog, the capture job and the lists of captures opened;
    `open_session` opens a chosen session as File > Open does."""

    def __init__(
        self, builder: Builder, window: QWidget, open_session: Callable[[Path], object]
    ) -> None:
        super().__init__(window)
        self._window = window
        self._open_session = open_session
        self.jobs = CaptureController(Capturer(builder), Lane.CAPTURES, self)
        self.dialog: CaptureDialog | None = None
        self.lists: list[CaptureList] = []
        self.jobs.started.connect(lambda _job: self._dialog().show_running(True))
        self.jobs.progressed.connect(lambda entries: self._dialog().show_launches(entries))
        self.jobs.finished.connect(self._on_finished)

    def capture_program(self) -> CaptureDialog:
        """File > Capture a program…: the dialog, shown (one for the window)."""
        dialog = self._dialog()
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog

    def _dialog(self) -> CaptureDialog:
        if self.dialog is None:
            from clstudio.ui.capture.capture_dialog import CaptureDialog

            self.dialog = CaptureDialog(Path.cwd(), self._window)
            self.dialog.captureRequested.connect(self._on_capture_requested)
            self.dialog.stopRequested.connect(self.jobs.stop)
            self.dialog.captureChosen.connect(self.show_capture)
        return self.dialog

    def _on_capture_requested(self, request: CaptureRequest) -> None:
        self.jobs.submit(CaptureJob(request))

    def _on_finished(self, job: CaptureJob, answer: CaptureAnswer) -> None:
        self._dialog().show_result(job.request.folder, answer.result, answer.problem)

    def open_capture(self) -> CaptureList | None:
        """File > Open capture…: ask for a capture.json and list its launches."""
        from clstudio.capture import INDEX_FILE

        name, _ = QFileDialog.getOpenFileName(
            self._window,
            QCoreApplication.translate("CaptureCommands", "Open capture"),
            "",
            QCoreApplication.translate("CaptureCommands", "Captures ({name})").format(
                name=INDEX_FILE
            ),
        )
        return self.show_capture(Path(name)) if name else None

    def show_capture(self, path: Path) -> CaptureList | None:
        """The list of the capture at `path` (its capture.json), or a message saying why not."""
        from clstudio.capture import CaptureFileError, read_index
        from clstudio.ui.capture.capture_list import CaptureList

        try:
            index = read_index(path)
        except CaptureFileError as exc:
            title = QCoreApplication.translate("CaptureCommands", "Cannot open capture")
            QMessageBox.warning(self._window, title, str(exc))
            return None
        listed = CaptureList(path, index, self._window)
        listed.sessionChosen.connect(self._open_session)
        listed.finished.connect(lambda _code: self._forget(listed))
        self.lists.append(listed)
        listed.show()
        return listed

    def _forget(self, listed: CaptureList) -> None:
        if listed in self.lists:
            self.lists.remove(listed)
        listed.deleteLater()
