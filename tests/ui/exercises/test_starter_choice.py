"""The second (OpenCL C 2.0) starter through the panel: offered only on a device that
builds it, with the reason shown where it is not, and opened as a copy of its own."""

import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from clstudio.devices import DeviceInventory, DeviceSelector, InfoField
from clstudio.exercises import NOT_STARTED, exercises_dir
from clstudio.ui.exercises.exercises_panel import ExercisesPanel
from clstudio.ui.main_window import MainWindow
from clstudio.ui.settings import AppSettings

GPU = DeviceSelector("Fake GPU Platform", "Fake GPU 9000")


@pytest.fixture(autouse=True)
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "course"
    for name in ("vector_add", "sum_reduction"):
        shutil.copytree(exercises_dir() / name, folder / name)
    monkeypatch.setenv("CLSTUDIO_EXERCISES", str(folder))
    return folder


@pytest.fixture
def capable(inventory: DeviceInventory) -> DeviceInventory:
    """The fake GPU made an OpenCL C 3.0 device with 2.0 and work-group functions."""
    platforms = list(inventory.platforms)
    gpu = platforms[1].devices[0]
    extra = (
        InfoField("CL_DEVICE_OPENCL_C_VERSION", "", "", "OpenCL C 3.0", "", ""),
        InfoField(
            "CL_DEVICE_OPENCL_C_ALL_VERSIONS",
            "",
            "",
            [{"name": "OpenCL C", "version": v} for v in ("1.2.0", "2.0.0", "3.0.0")],
            "",
            "",
        ),
        InfoField(
            "CL_DEVICE_OPENCL_C_FEATURES",
            "",
            "",
            [{"name": "__opencl_c_work_group_collective_functions", "version": "3.0.0"}],
            "",
            "",
        ),
    )
    platforms[1] = replace(platforms[1], devices=(replace(gpu, fields=gpu.fields + extra),))
    return replace(inventory, platforms=tuple(platforms))


def show_panel(window: MainWindow) -> ExercisesPanel:
    window.exercises_dock.raise_()
    return window.exercises.panel


def click(qtbot: QtBot, button: QWidget) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def starters(panel: ExercisesPanel) -> list[str]:
    return [panel.starter_choice.itemText(i) for i in range(panel.starter_choice.count())]


def test_on_an_opencl_c_1_2_device_the_panel_says_why_no_second_starter(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window()
    panel = show_panel(window)
    panel.select("sum_reduction")
    assert panel.starter_choice.isHidden() and panel.starter_label.isHidden()
    assert not panel.starter_note.isHidden()
    note = panel.starter_note.text()
    assert "“OpenCL C 2.0: work_group_reduce_add” needs OpenCL C 2.0" in note
    assert "pthread-Fake CPU does not build (it builds OpenCL C 1.0, 1.1, 1.2)" in note
    assert "Devices > Add a device…" in note
    click(qtbot, panel.open_button)
    assert "work_group_reduce_add(" not in window.editor_panel.editor.source()
    assert window.workbench.document.name == "sum_reduction.json"
    panel.select("vector_add")  # one starter only: nothing to choose, nothing to explain
    assert panel.starter_choice.isHidden() and panel.starter_note.isHidden()


def test_on_a_device_with_work_group_functions_the_cl2_starter_opens_and_checks_there(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    settings: AppSettings,
    capable: DeviceInventory,
    course: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings.set_device(GPU)
    window = make_window(discover=lambda: capable)
    panel = show_panel(window)
    panel.select("sum_reduction")
    assert not panel.starter_choice.isHidden() and panel.starter_note.isHidden()
    assert starters(panel) == ["OpenCL C 1.2 (every device)", "OpenCL C 2.0: work_group_reduce_add"]
    panel.starter_choice.setCurrentIndex(1)
    click(qtbot, panel.open_button)
    starter = (course / "sum_reduction" / "starter_cl2.cl").read_text()
    assert window.editor_panel.editor.source() == starter
    assert window.workbench.document.name == "sum_reduction_cl2.json"
    assert window.workbench.document.session.build_options == "-cl-std=CL2.0"
    assert window.workbench.document.session.device == GPU and not window.workbench.document.dirty

    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)
    click(qtbot, panel.solution_button)
    assert window.exercises.solution_dialog is not None
    assert "work_group_reduce_add(i < n" in window.exercises.solution_dialog.text.toPlainText()
    window.exercises.solution_dialog.close()

    # Back on the 1.2 CPU: the choice goes, the reason shows, and Check refuses at once.
    window.device_panel.select_device(capable.devices()[0])
    window.device_panel.use_button.click()
    assert panel.starter_choice.isHidden() and "needs OpenCL C 2.0" in panel.starter_note.text()
    click(qtbot, panel.check_button)
    assert not window.exercises.runner.is_running()
    assert "needs OpenCL C 2.0" in panel.results.summary.text()
    assert panel.status_of("sum_reduction") == NOT_STARTED  # nothing ran, nothing recorded
