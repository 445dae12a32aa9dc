"""Closing the window: the layout and the last session saved, then every job stopped in
order, so that no thread or worker process outlives the window."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from clstudio.ui.backends import Backends
from clstudio.ui.devices.device_controller import DeviceController
from clstudio.ui.document import Document
from clstudio.ui.editor.editor_panel import EditorPanel
from clstudio.ui.editor.recovery import RecoveryStore
from clstudio.ui.exercises.exercises_controller import ExercisesController
from clstudio.ui.run.check_mode import CheckMode
from clstudio.ui.run.run_controller import RunController
from clstudio.ui.run.sweep_controller import SweepController
from clstudio.ui.settings import AppSettings
from clstudio.ui.steps.step_mode import StepMode
from clstudio.ui.window_layout import WindowLayout
from clstudio.ui.workbench import Workbench


class OpenDocument(Protocol):
    @property
    def document(self) -> Document: ...


@dataclass(frozen=True)
class BackgroundWork:
    """Whatever may run off the GUI thread when the window closes."""

    workbench: Workbench
    runner: RunController
    step_mode: StepMode
    check_mode: CheckMode
    devices: DeviceController  # discovery and peaks
    sweeps: SweepController
    exercises: ExercisesController
    editor: EditorPanel  # its live build


class ShutdownController:
    def __init__(
        self,
        layout: WindowLayout,
        settings: AppSettings,
        files: OpenDocument,
        work: BackgroundWork,
        backends: Backends,
        recovery: RecoveryStore,
    ) -> None:
        self._layout = layout
        self._settings = settings
        self._files = files
        self._work = work
        self._backends = backends
        self._recovery = recovery

    def shut_down(self) -> None:
        """Save what the next start restores; ask every job to stop, then wait for each;
        close the worker processes; drop the recovery copy (the user saved or discarded)."""
        self._layout.save()
        self._settings.set_last_session(self._files.document.path)
        self._settings.sync()
        work = self._work
        work.workbench.request_stop()
        work.step_mode.request_stop()
        work.check_mode.request_stop()
        work.devices.peaks.stop()
        work.sweeps.runner.stop()
        work.runner.wait()
        work.step_mode.wait()
        work.check_mode.wait()
        work.exercises.wait()
        work.devices.peaks.runner.wait()
        work.sweeps.runner.wait()
        work.editor.wait_for_build()
        work.devices.discovery.wait()
        self._backends.close()
        self._recovery.discard()
