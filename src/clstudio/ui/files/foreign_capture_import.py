"""File > Open of a capture made elsewhere: a pyopencl capture_call script, or a file of an
opencl-intercept-layer replay folder (its kernel.cl, worksizes.txt…). The user names a new
or empty folder for the sessions; the import (capture/foreign_sessions.py, as `clstudio
import`) runs as a job on the tools worker, off the GUI thread, and its first session opens."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from clstudio.backend import Backend
from clstudio.common import RunError
from clstudio.devices import DeviceSelector, is_simulator
from clstudio.ui.jobs import Job, JobController
from clstudio.ui.status_bar import CONFIRMATION_MS, StatusSink
from clstudio.ui.tasks import Lane, TaskState

if TYPE_CHECKING:  # the capture's modules load with the first import, not at start
    from clstudio.capture import CaptureIndex

REPLAY_FILES = ("kernel.cl", "worksizes.txt", "kernelName.txt", "knlName.txt", "run.py")


def foreign_capture_of(path: Path) -> Path | None:
    """What File > Open of `path` imports as a capture made elsewhere: the script itself,
    or the intercept-layer replay folder that holds `path`; None for any other file."""
    from clstudio.capture.capture_call_scripts import is_capture_call_script

    if path.suffix.lower() == ".py" and is_capture_call_script(path):
        return path
    if path.name in REPLAY_FILES and (path.parent / "worksizes.txt").is_file():
        return path.parent
    return None


class Importer:
    """What the import job calls: the capture read and saved, built on `backend`."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._lock = threading.Lock()

    def save(self, capture: Path, folder: Path) -> CaptureIndex:
        from clstudio.capture.foreign_captures import read_foreign_capture
        from clstudio.capture.foreign_sessions import save_foreign_capture

        with self._lock:
            found = read_foreign_capture(capture)
            inventory = self.backend.devices()
            devices = [
                DeviceSelector(info.platform_name, info.name)
                for info in inventory.devices()
                if not is_simulator(info.platform_name)
            ]
            return save_foreign_capture(found, folder, self.backend, devices)

    def cancel(self) -> None:
        self.backend.cancel()


@dataclass(frozen=True)
class ImportAnswer:
    index: CaptureIndex | None
    problem: str = ""


@dataclass(frozen=True)
class ImportJob(Job[Importer, ImportAnswer, object]):
    capture: Path
    folder: Path

    def run(self, backend: Importer, state: TaskState[object]) -> ImportAnswer:
        from clstudio.capture import CaptureError
        from clstudio.capture.foreign_launches import ForeignCaptureError

        try:
            return ImportAnswer(backend.save(self.capture, self.folder))
        except (ForeignCaptureError, CaptureError) as exc:
            return ImportAnswer(None, str(exc))

    def crashed(self, error: RunError) -> ImportAnswer:
        return ImportAnswer(None, error.message)


class ForeignCaptureImports(QObject):
    """Asks where to put the sessions, imports off the GUI thread, opens the first one
    with `open_session` (File > Open's own path) and says where the others are."""

    def __init__(
        self,
        backend: Backend,
        window: QWidget,
        status: StatusSink,
        open_session: Callable[[Path], object],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._status = status
        self._open_session = open_session
        self.jobs = JobController[Importer, ImportAnswer, object](
            Importer(backend), Lane.TOOLS, self
        )
        self.jobs.finished.connect(self._on_finished)

    def start(self, capture: Path) -> bool:
        """Ask for the sessions' folder and start the import; False when cancelled."""
        name = QFileDialog.getExistingDirectory(
            self._window,
            self.tr("A new or empty folder for the sessions of {capture}").format(
                capture=capture.name
            ),
            str(capture.parent),
        )
        if not name:
            return False
        said = self.tr("Importing {capture}…").format(capture=capture)
        self._status.show_message(said, CONFIRMATION_MS)
        return self.jobs.submit(ImportJob(capture, Path(name)))

    def _on_finished(self, job: ImportJob, answer: ImportAnswer) -> None:
        from clstudio.capture import INDEX_FILE, reason_text

        index = answer.index
        if index is None:
            title = self.tr("Cannot import the capture")
            QMessageBox.warning(self._window, title, answer.problem)
            return
        saved = [entry for entry in index.launches if entry.session is not None]
        refused = [entry for entry in index.launches if entry.session is None]
        if refused:
            lines = [
                self.tr("Launch {number}, {kernel}: {reason}").format(
                    number=entry.number, kernel=entry.kernel, reason=reason_text(entry)
                )
                for entry in refused[:10]
            ]
            title = self.tr("Launches not imported")
            QMessageBox.warning(self._window, title, "\n".join(lines))
        if not saved:
            return
        first = saved[0].session
        assert first is not None
        self._open_session(job.folder / first)
        said = self.tr("Imported {count} launches into {folder}; {index} lists them")
        self._status.show_message(
            said.format(count=len(saved), folder=job.folder, index=INDEX_FILE), CONFIRMATION_MS
        )
