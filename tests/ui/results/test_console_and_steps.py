"""The Console and Runtime steps tabs, and the error banner the panels share."""

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QLabel, QTextEdit, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from clstudio.common.results import HOST_STEP_COUNT, RunError, RunResult, Step, error_stage
from clstudio.common.units import format_seconds
from clstudio.reporting import FinishedRun
from clstudio.ui.error_text import error_text
from clstudio.ui.results.console_panel import MAX_PRINTF_CHARS, ConsolePanel, printf_text
from clstudio.ui.results.error_banner import ErrorBanner
from clstudio.ui.steps.step_rows import COLUMNS
from clstudio.ui.steps.steps_panel import StepsPanel
from clstudio.worker.exit_reasons import timeout_message
from ui.layouts import settle_layouts
from ui.qt_items import tree_item
from ui.results.shown_runs import ShowGallery
from ui.shown_widgets import shown


def fixed_family() -> str:
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont).family()


@pytest.fixture
def console(qtbot: QtBot) -> ConsolePanel:
    return shown(qtbot, ConsolePanel())


@pytest.fixture
def steps(qtbot: QtBot) -> StepsPanel:
    return shown(qtbot, StepsPanel(), 1000, 400)


def test_console_starts_empty_and_shows_each_run_under_a_header(
    console: ConsolePanel,
    synthetic: Callable[..., RunResult],
    qtbot: QtBot,
    finished: Callable[..., FinishedRun],
) -> None:
    assert console.stack.currentWidget() is console.empty
    assert console.empty.title() == "Nothing printed yet"
    console.show_run(finished(synthetic(printf="gid 0: 1.5\ngid 1: 2.5\n")))
    console.show_run(
        finished(synthetic(ok=False, error=RunError("timeout", "no answer after 2 s"), timings=()))
    )
    lines = console.plain_text().splitlines()
    assert lines[0].startswith("── ")
    assert lines[0].endswith("· k on Test device · ok, 3 launches")
    assert lines[1:3] == ["gid 0: 1.5", "gid 1: 2.5"]
    assert lines[3].endswith(
        "· k on Test device · Stopped: the kernel ran past its time limit: no answer after 2 s"
    )
    assert lines[4] == "(the kernel printed nothing)"

    qtbot.mouseClick(console.clear_button, Qt.MouseButton.LeftButton)
    assert console.plain_text() == ""
    assert console.stack.currentWidget() is console.empty


def test_console_messages_and_a_printf_flood(
    console: ConsolePanel, synthetic: Callable[..., RunResult], finished: Callable[..., FinishedRun]
) -> None:
    console.append_message("The worker restarted after a crash")
    assert console.plain_text().endswith("· The worker restarted after a crash")
    flood = "x" * (MAX_PRINTF_CHARS + 10)
    assert printf_text(flood).endswith("… 10 more characters not shown")
    console.show_run(finished(synthetic(printf=flood)))
    assert console.plain_text().endswith("… 10 more characters not shown")


def test_console_font_is_monospaced(console: ConsolePanel) -> None:
    assert console.text.font().family() == fixed_family()


def test_steps_start_as_the_plan_of_eleven_pending_steps(steps: StepsPanel) -> None:
    assert steps.tree.topLevelItemCount() == HOST_STEP_COUNT
    assert [steps.tree.headerItem().text(c) for c in range(len(COLUMNS))] == list(COLUMNS)
    assert steps.row_texts(1)[:3] == ["▶ 1", "Find the platforms", "clGetPlatformIDs"]
    assert steps.row_state(1) == "current"
    assert all(steps.row_state(n) == "pending" for n in range(2, HOST_STEP_COUNT + 1))
    assert "Step does the next step" in steps.status.text()
    assert steps.step_button.isEnabled()


@pytest.mark.opencl
def test_a_real_run_shows_its_time_per_lesson_step(
    steps: StepsPanel, show_gallery: ShowGallery
) -> None:
    run = show_gallery(steps, "matmul_tiled")
    by_call: dict[str, Any] = {}
    for step in run.result.steps:
        by_call.setdefault(step.api, []).append(step.seconds)
    build = sum(by_call["clCreateProgramWithSource"] + by_call["clBuildProgram"])
    assert steps.row_texts(5)[4] == format_seconds(build)
    arguments = sum(by_call["clSetKernelArg"])
    assert steps.row_texts(8)[4] == format_seconds(arguments)
    assert steps.row_texts(8)[3].startswith("a = buffer 'a'; b = buffer 'b'")
    assert steps.row_texts(9)[2] == "clEnqueueNDRangeKernel"
    assert tree_item(steps.tree, 0).font(2).family() == fixed_family()
    assert all(steps.row_state(n) == "done" for n in range(1, HOST_STEP_COUNT + 1))
    assert steps.status.text().startswith("The last run: ")


def test_a_failed_run_leaves_the_steps_it_never_reached_pending(
    steps: StepsPanel, synthetic: Callable[..., RunResult], finished: Callable[..., FinishedRun]
) -> None:
    result = synthetic(
        ok=False,
        steps=(
            Step("clGetPlatformIDs", "Find the platforms", 0.001),
            Step("clBuildProgram", "Build the program", 0.05, "failed"),
        ),
        error=RunError("build", "use of undeclared identifier 'x'", line=3),
    )
    steps.show_run(finished(result))
    assert steps.row_texts(5)[3:] == ["failed", format_seconds(0.05)]
    assert [steps.row_state(n) for n in (1, 2, 5, 6)] == ["done", "pending", "done", "pending"]
    assert steps.status.text().endswith(
        "It stopped: The kernel did not build (line 3): use of undeclared identifier 'x'"
    )

    steps.show_run(finished(synthetic()))  # a later good run replaces the rows, error and all
    assert steps.row_texts(5)[3:] == ["", ""]
    assert "It stopped" not in steps.status.text()


def test_error_banner_says_stage_place_and_message(qtbot: QtBot) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    banner = ErrorBanner(holder)
    QVBoxLayout(holder).addWidget(banner)
    holder.show()
    assert not banner.isVisible()
    error = RunError("validate", "buffer too small", argument="c")
    banner.set_error(error)
    assert banner.isVisible()
    assert banner.text() == "Not run: the setup needs fixing (argument 'c'): buffer too small"
    banner.set_error(None)
    assert not banner.isVisible()
    assert error_text(RunError("crash", "signal 11")) == "The worker process crashed: signal 11"
    # A stage another process names that CL Studio does not know reads as a failed run.
    assert error_text(RunError(error_stage("odd"), "?")) == "The run failed: ?"


def test_a_timeout_banner_in_a_short_pane_shows_every_line_and_names_the_time_limit(
    qtbot: QtBot,
) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    banner = ErrorBanner(holder)
    layout.addWidget(banner)
    layout.addWidget(QTextEdit(), 1)  # the tab's plots below take what is left
    holder.resize(420, 160)  # a results dock at 1280 x 800
    holder.show()
    message = timeout_message("loop", 10.0, None)
    banner.set_error(RunError("timeout", message))
    label = banner.findChild(QLabel, "errorBannerText")
    assert label is not None
    settle_layouts()
    assert label.height() >= label.heightForWidth(label.width())
    assert "raise the time limit (timeout_s)" in banner.text()
    assert "raise timeout_s" not in banner.text()
