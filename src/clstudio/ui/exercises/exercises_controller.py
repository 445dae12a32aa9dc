"""The Exercises dock: the catalogue, the learner's progress, opening and checking.

Opening an exercise opens the learner's own copy of its session, in the user's data
folder, through the file controller (which asks about unsaved changes first). Checking
saves that copy, then runs the cases off the GUI thread through the run backend, on the
device builds and runs use. A second starter (OpenCL C 2.0) is offered only when that
device can build it; otherwise the panel says why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, QStandardPaths
from PySide6.QtWidgets import QMessageBox, QWidget

from clstudio.backend import Backend
from clstudio.devices import DeviceInfo, DeviceSelector
from clstudio.exercises import (
    Catalogue,
    Checker,
    CheckReport,
    Exercise,
    ProgressStore,
    Variant,
    load_catalogue,
    variant_problem,
)
from clstudio.ui.document import Document
from clstudio.ui.exercises.exercises_panel import ExercisesPanel
from clstudio.ui.exercises.grading_runner import CheckRunner
from clstudio.ui.exercises.solution_dialog import SolutionDialog
from clstudio.ui.questions import agrees
from clstudio.ui.settings import AppSettings
from clstudio.ui.status_bar import StatusSink


class ExerciseFiles(Protocol):
    """Opening and saving the learner's session (the file controller)."""

    @property
    def document(self) -> Document: ...
    def open_file(self, path: Path | None) -> bool: ...
    def save(self) -> bool: ...


class ExerciseDevice(Protocol):
    """The device builds, runs and checks use (the workbench)."""

    def device(self) -> DeviceInfo | None: ...
    def choose_device(self, device: DeviceInfo) -> DeviceSelector: ...


def default_folder() -> Path:
    """Where progress and the learner's kernels live; tests point this at a temp folder."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) / "exercises"


class ExercisesController(QObject):
    """Decides what the panel's buttons do; the file controller opens and saves."""

    def __init__(
        self,
        files: ExerciseFiles,
        device: ExerciseDevice,
        status: StatusSink,
        backend: Backend,
        window: QWidget,
        folder: Path | None = None,
        checker: Checker | None = None,
        settings: AppSettings | None = None,
    ) -> None:
        """`settings` keep the exercise chosen and the hints revealed between starts."""
        super().__init__(window)
        self._settings = settings
        self._files = files
        self._device = device
        self._status = status
        self._window = window  # the parent of its dialogs
        self.store = ProgressStore(folder or default_folder(), status.show_data_message)
        self._catalogue: Catalogue | None = None
        self.panel = ExercisesPanel()
        self.runner = CheckRunner(backend, checker, self)
        self._hints: dict[str, int] = {}
        self.solution_dialog: SolutionDialog | None = None
        self.panel.exerciseChosen.connect(self._on_panel_exercise_chosen)
        self.panel.openRequested.connect(self.open_exercise)
        self.panel.checkRequested.connect(self.check)
        self.panel.hintRequested.connect(self._on_panel_hint_requested)
        self.panel.solutionRequested.connect(self.show_solution)
        self.runner.progressChanged.connect(self.panel.show_checking)
        self.runner.checkFinished.connect(self._on_runner_finished)
        self.runner.checkFailed.connect(self._on_runner_failed)

    def catalogue(self) -> Catalogue:
        """Loaded when first needed (reading and validating every exercise takes ~0.2 s),
        which also fills the panel."""
        if self._catalogue is None:
            self._catalogue = load_catalogue()
            exercises = self._catalogue.exercises
            statuses = {e.name: self.store.status(e.name) for e in exercises}
            saved = self._settings.exercise() if self._settings is not None else ""
            if self._settings is not None:
                self._hints = {e.name: self._settings.hints(e.name) for e in exercises}
            self.panel.set_exercises(exercises, statuses, self._catalogue.problems)
            self.panel.select(saved)  # the list's first until the learner chose another
        return self._catalogue

    def fill_when_visible(self, visible: bool) -> None:
        """The dock shows: load the catalogue now, if not yet."""
        if visible:
            self.catalogue()

    def _exercise(self, name: str) -> Exercise:
        exercise = self.catalogue().find(name)
        assert exercise is not None, name
        return exercise

    def open_workspace(self) -> tuple[Exercise, Variant | None] | None:
        """The exercise (and which starter) whose session the window holds now, if any."""
        path = self._files.document.path
        for exercise in self.catalogue().exercises:
            for variant in (None, *exercise.variants):
                name = None if variant is None else variant.name
                if path == self.store.session_path(exercise.name, name).resolve():
                    return exercise, variant
        return None

    def open_name(self) -> str | None:
        """The exercise whose session the window holds now, if any."""
        opened = self.open_workspace()
        return None if opened is None else opened[0].name

    def open_exercise(self, name: str) -> bool:
        """Open the learner's copy of the starter chosen in the panel."""
        exercise = self._exercise(name)
        variant = exercise.variant(self.panel.current_variant() or "")
        try:
            path = self.store.workspace(exercise, variant)
        except OSError as exc:
            QMessageBox.warning(self._window, self.tr("Cannot open the exercise"), str(exc))
            return False
        if not self._files.open_file(path):
            return False
        device = self._device.device()
        if variant is not None and self._files.document.session.device is None and device:
            self._device.choose_device(device)  # the device it was offered for
            self._files.save()
        return True

    def check(self, name: str) -> bool:
        """Save the learner's kernel, then check it; False when it cannot start."""
        if self.runner.is_running():
            return False
        opened = self.open_workspace()
        if opened is None or opened[0].name != name:
            self.panel.show_check_failed(
                self.tr(
                    "Open this exercise first: Check runs the kernel in the editor, "
                    "and the editor holds another file."
                )
            )
            return False
        exercise, variant = opened
        device = self._device.device()
        problem = None if variant is None else variant_problem(variant, device)
        if problem is not None:
            self.panel.show_check_failed(self._with_advice(problem))
            return False
        document = self._files.document
        if document.dirty and not self._files.save():
            return False
        source = document.session.source
        self.panel.show_checking(0, 1, self.tr("starting"))
        # Where Run runs: the session's device, which opening a second starter pins.
        return self.runner.check(exercise, source, variant, document.session.device)

    def show_solution(self, name: str) -> SolutionDialog | None:
        """The solution of the starter chosen in the panel, after asking."""
        exercise = self._exercise(name)
        variant = exercise.variant(self.panel.current_variant() or "")
        if not agrees(
            self._window,
            self.tr("Show the solution?"),
            self.tr(
                "Show the reference solution of “{exercise}”? Working it out yourself "
                "teaches more: the hints go one step at a time. Your own kernel is not changed."
            ).format(exercise=exercise.title),
        ):
            return None
        if self.solution_dialog is not None:
            self.solution_dialog.close()
        self.solution_dialog = SolutionDialog(exercise, variant, self._window)
        self.solution_dialog.show()
        return self.solution_dialog

    def _on_panel_exercise_chosen(self, name: str) -> None:
        if self._settings is not None:
            self._settings.set_exercise(name)
        self.panel.show_hints(name, self._hints.get(name, 0))
        self._show_starters(self._exercise(name), self._device.device())

    def show_device(self, device: DeviceInfo | None) -> None:
        """Builds and runs use `device` now: offer the starters it can build."""
        name = self.panel.current_name() if self._catalogue is not None else None
        if name is not None:
            self._show_starters(self._exercise(name), device)

    def _show_starters(self, exercise: Exercise, device: DeviceInfo | None) -> None:
        """Offer the second starters `device` can build; say why the others are not."""
        offered, reasons = [], []
        for variant in exercise.variants:
            problem = variant_problem(variant, device)
            if problem is None:
                offered.append((variant.name, variant.title))
            else:
                reasons.append(self._with_advice(problem))
        self.panel.show_starters(offered, " ".join(reasons))

    def _with_advice(self, problem: str) -> str:
        return self.tr(
            "{problem} To use it, choose a device that offers it in Devices, or add "
            "Intel's CPU runtime with Devices > Add a device…"
        ).format(problem=problem)

    def _on_panel_hint_requested(self, name: str) -> None:
        self._hints[name] = min(self._hints.get(name, 0) + 1, len(self._exercise(name).hints))
        if self._settings is not None:
            self._settings.set_hints(name, self._hints[name])
        self.panel.show_hints(name, self._hints[name])

    def _on_runner_finished(self, report: CheckReport) -> None:
        try:
            self.store.record(report)
        except OSError as exc:
            message = self.tr("Progress not saved: {problem}").format(problem=exc)
            self._status.show_message(message)
        self.panel.set_status(report.exercise, report.status)
        self.panel.show_report(report)

    def _on_runner_failed(self, details: str) -> None:
        self.panel.show_check_failed(
            self.tr("The check failed inside CL Studio:\n{details}").format(details=details)
        )
