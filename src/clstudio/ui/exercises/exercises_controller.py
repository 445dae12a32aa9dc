"""The Exercises dock: the catalogue, the learner's progress, opening and checking.

Opening an exercise opens the learner's own copy of its session, in the user's data
folder, through the window (which asks about unsaved changes first). Checking saves that
copy, then runs the cases off the GUI thread through the window's run backend, on the
device builds and runs use. A second starter (OpenCL C 2.0) is offered only when that
device can build it; otherwise the panel says why.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QStandardPaths, Qt
from PySide6.QtWidgets import QDockWidget, QMessageBox

from clstudio.backend import Backend
from clstudio.devices import DeviceInfo
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
from clstudio.ui.exercises.exercises_panel import ExercisesPanel
from clstudio.ui.exercises.grading_runner import CheckRunner
from clstudio.ui.exercises.solution_dialog import SolutionDialog

if TYPE_CHECKING:
    from clstudio.ui.main_window import MainWindow  # which imports this module


def default_folder() -> Path:
    """Where progress and the learner's kernels live; tests point this at a temp folder."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) / "exercises"


class ExercisesController(QObject):
    """Decides what the panel's buttons do; the window does the opening and saving."""

    def __init__(
        self,
        window: MainWindow,
        backend: Backend,
        folder: Path | None = None,
        checker: Checker | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self.store = ProgressStore(folder or default_folder(), window.show_data_message)
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
            self.panel.set_exercises(exercises, statuses, self._catalogue.problems)
        return self._catalogue

    def _on_dock_visibility_changed(self, visible: bool) -> None:
        if visible:
            self.catalogue()

    def _exercise(self, name: str) -> Exercise:
        exercise = self.catalogue().find(name)
        assert exercise is not None, name
        return exercise

    def open_workspace(self) -> tuple[Exercise, Variant | None] | None:
        """The exercise (and which starter) whose session the window holds now, if any."""
        path = self._window.document.path
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
        if not self._window.open_file(path):
            return False
        device = self._window.active_device()
        if variant is not None and self._window.document.session.device is None and device:
            self._window.workbench.choose_device(device)  # the device it was offered for
            self._window.save()
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
        device = self._window.active_device()
        problem = None if variant is None else variant_problem(variant, device)
        if problem is not None:
            self.panel.show_check_failed(self._with_advice(problem))
            return False
        document = self._window.document
        if document.dirty and not self._window.save():
            return False
        source = document.session.source
        self.panel.show_checking(0, 1, self.tr("starting"))
        # Where Run runs: the session's device, which opening a second starter pins.
        return self.runner.check(exercise, source, variant, document.session.device)

    def show_solution(self, name: str) -> SolutionDialog | None:
        """The solution of the starter chosen in the panel, after asking."""
        exercise = self._exercise(name)
        variant = exercise.variant(self.panel.current_variant() or "")
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self._window,
            self.tr("Show the solution?"),
            self.tr(
                "Show the reference solution of “{exercise}”? Working it out yourself "
                "teaches more: the hints go one step at a time. Your own kernel is not changed."
            ).format(exercise=exercise.title),
            buttons.Yes | buttons.No,
            buttons.No,
        )
        if answer != buttons.Yes:
            return None
        if self.solution_dialog is not None:
            self.solution_dialog.close()
        self.solution_dialog = SolutionDialog(exercise, variant, self._window)
        self.solution_dialog.show()
        return self.solution_dialog

    def wait(self) -> None:
        """Let a running check end; for closing the window."""
        self.runner.wait()

    def _on_panel_exercise_chosen(self, name: str) -> None:
        self.panel.show_hints(name, self._hints.get(name, 0))
        self._show_starters(self._exercise(name), self._window.active_device())

    def _on_workbench_device_changed(self, device: DeviceInfo | None) -> None:
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
        self.panel.show_hints(name, self._hints[name])

    def _on_runner_finished(self, report: CheckReport) -> None:
        try:
            self.store.record(report)
        except OSError as exc:
            message = self.tr("Progress not saved: {problem}").format(problem=exc)
            self._window.statusBar().showMessage(message, 8000)
        self.panel.set_status(report.exercise, report.status)
        self.panel.show_report(report)

    def _on_runner_failed(self, details: str) -> None:
        self.panel.show_check_failed(
            self.tr("The check failed inside CL Studio:\n{details}").format(details=details)
        )


def install_exercises(
    window: MainWindow, backend: Backend, checker: Checker | None = None
) -> tuple[ExercisesController, QDockWidget]:
    """The controller and its dock, tabbed on the left with the Devices dock."""
    controller = ExercisesController(window, backend, checker=checker)
    dock = QDockWidget(QCoreApplication.translate("ExercisesController", "Exercises"), window)
    dock.setObjectName("exercisesDock")
    dock.setWidget(controller.panel)
    dock.visibilityChanged.connect(controller._on_dock_visibility_changed)
    window.workbench.deviceChanged.connect(controller._on_workbench_device_changed)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.tabifyDockWidget(window.devices_dock, dock)
    window.devices_dock.raise_()
    return controller, dock
