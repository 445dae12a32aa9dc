"""How the Runtime steps tab draws a row: a lesson step, its state in colour, a failed
build's diagnostics under it, the later launches, the bars on one scale, the details.

Texts keep the translation context StepsPanel, where they were first written.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontDatabase, QPalette
from PySide6.QtWidgets import QTreeWidgetItem

from clstudio.common import StepOutcome, format_seconds, gettext
from clstudio.hostcode import HostStep
from clstudio.reporting import LaterLaunches
from clstudio.ui.steps.step_details import ERROR_COLOUR, STOPPED_COLOUR
from clstudio.ui.steps.step_time_bar import BAR_ROLE
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

# Translated where shown (QCoreApplication.translate), once a translation is loaded.
COLUMNS: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("StepsColumns", "#"),
    QT_TRANSLATE_NOOP("StepsColumns", "Step"),
    QT_TRANSLATE_NOOP("StepsColumns", "C API call"),
    QT_TRANSLATE_NOOP("StepsColumns", "What it produced"),
    QT_TRANSLATE_NOOP("StepsColumns", "Time"),
)
NUMBER, TITLE, CALL, PRODUCED, TIME = range(len(COLUMNS))
CALL_WIDTH = 270  # pixels: "clCreateProgramWithSource, clBuildProgram" at the usual font
LINE_ROLE = Qt.ItemDataRole.UserRole + 2  # on a diagnostic's row: its source line
SECONDS_ROLE = Qt.ItemDataRole.UserRole + 3  # a row's time, which its bar shows
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


STATE_ROLE = Qt.ItemDataRole.UserRole  # on a step's row: how it is drawn


def step_row(step: HostStep) -> QTreeWidgetItem:
    """A lesson step's row as the plan shows it: number, title and C call."""
    item = QTreeWidgetItem([str(step.number), gettext(step.title), step.c_api, "", ""])
    item.setFont(CALL, QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    item.setTextAlignment(NUMBER, Qt.AlignmentFlag.AlignRight)
    item.setTextAlignment(TIME, RIGHT)
    item.setToolTip(TITLE, gettext(step.why))
    item.setToolTip(
        CALL,
        QCoreApplication.translate("StepsPanel", "C: {c}\npyopencl: {py}").format(
            c=step.c_api, py=step.pyopencl
        ),
    )
    return item


def later_row(later: LaterLaunches) -> QTreeWidgetItem:
    """The row after the steps: the median of the run's later launches."""
    item = QTreeWidgetItem(
        [
            "",
            QCoreApplication.translate("StepsPanel", "Each later launch"),
            "clEnqueueNDRangeKernel",
            QCoreApplication.translate(
                "StepsPanel", "median kernel time of the other {count} on the device"
            ).format(count=later.count),
            format_seconds(later.median_seconds),
        ]
    )
    item.setTextAlignment(TIME, RIGHT)
    item.setData(TIME, SECONDS_ROLE, later.median_seconds)
    return item


def clear_row(item: QTreeWidgetItem) -> None:
    """What a step produced and its time gone, as before the step ran."""
    for column in (PRODUCED, TIME):
        item.setText(column, "")
        item.setToolTip(column, "")
    item.setData(TIME, BAR_ROLE, None)
    item.setData(TIME, SECONDS_ROLE, None)
    item.takeChildren()


def paint_row(item: QTreeWidgetItem, state: str, palette: QPalette) -> None:
    """The row drawn as `state` ("pending", "current", "done", "failed" or "stopped")."""
    item.setData(NUMBER, STATE_ROLE, state)
    colours = {
        "pending": palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text),
        "failed": QColor(ERROR_COLOUR),
        "stopped": QColor(STOPPED_COLOUR),
    }
    colour = colours.get(state, palette.color(QPalette.ColorRole.Text))
    bold = state in ("failed", "stopped", "current")
    for column in range(len(COLUMNS)):
        item.setForeground(column, QBrush(colour))
        font = QFont(item.font(column))
        font.setBold(bold)
        item.setFont(column, font)


def add_diagnostics(item: QTreeWidgetItem, outcome: StepOutcome) -> None:
    """A failed build's messages, each a row under step 5 that goes to its line."""
    if outcome.build is None:
        return
    for diagnostic in outcome.build.diagnostics:
        where = QCoreApplication.translate("StepsPanel", "line {line}:{column}").format(
            line=diagnostic.line, column=diagnostic.column
        )
        child = QTreeWidgetItem(["", where, diagnostic.severity, diagnostic.message, ""])
        child.setToolTip(PRODUCED, diagnostic.message)
        if diagnostic.line > 0:
            child.setData(TITLE, LINE_ROLE, diagnostic.line)
            child.setToolTip(
                TITLE,
                QCoreApplication.translate("StepsPanel", "Go to line {line} in the editor").format(
                    line=diagnostic.line
                ),
            )
            font = QFont(child.font(TITLE))
            font.setUnderline(True)
            child.setFont(TITLE, font)
        child.setForeground(PRODUCED, QBrush(QColor(ERROR_COLOUR)))
        item.addChild(child)
    item.setExpanded(True)


def scale_bars(rows: list[QTreeWidgetItem]) -> None:
    """Every bar on the scale of the longest time shown."""
    seconds = [item.data(TIME, SECONDS_ROLE) for item in rows]
    longest = max((value for value in seconds if isinstance(value, float)), default=0.0)
    for item, value in zip(rows, seconds, strict=True):
        bar = value / longest if isinstance(value, float) and longest > 0 else None
        item.setData(TIME, BAR_ROLE, bar)
