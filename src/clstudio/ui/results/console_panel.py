"""The Console tab: what each run printed, under a header saying which run and how it ended."""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFontDatabase, QTextCursor
from PySide6.QtWidgets import (
    QLabel,
    QPlainTextEdit,
    QWidget,
)

from clstudio.common import RunResult
from clstudio.reporting import FinishedRun
from clstudio.ui.empty_state import EmptyStatePages
from clstudio.ui.error_text import error_text
from clstudio.ui.layouts import hbox, vbox
from clstudio.ui.named_widgets import push_button

MAX_PRINTF_CHARS = 1_000_000  # per run: a printf in a 16 M-item loop must not freeze the view
MAX_LINES = 200_000  # over every run kept; the oldest lines go first


def run_header(result: RunResult, when: str) -> str:
    """`── 14:03:27 · vector_add on pthread-… · ok, 5 launches`."""
    kernel = result.kernel or QCoreApplication.translate("ConsolePanel", "kernel")
    if result.device:
        kernel = QCoreApplication.translate("ConsolePanel", "{kernel} on {device}").format(
            kernel=kernel, device=result.device
        )
    if result.ok:
        launches = len(result.kernel_times_ns())
        if launches == 1:
            outcome = QCoreApplication.translate("ConsolePanel", "ok, 1 launch")
        else:
            outcome = QCoreApplication.translate("ConsolePanel", "ok, {count} launches")
        outcome = outcome.format(count=launches)
    elif result.error is not None:
        outcome = error_text(result.error)
    else:
        outcome = QCoreApplication.translate("ConsolePanel", "failed")
    return f"── {when} · {kernel} · {outcome}"


def printf_text(printf: str) -> str:
    """The kernel's output, cut to MAX_PRINTF_CHARS with a note saying how much was left."""
    if len(printf) <= MAX_PRINTF_CHARS:
        return printf.rstrip("\n")
    left = len(printf) - MAX_PRINTF_CHARS
    note = QCoreApplication.translate("ConsolePanel", "… {count} more characters not shown")
    return printf[:MAX_PRINTF_CHARS].rstrip("\n") + "\n" + note.format(count=f"{left:,}")


class ConsolePanel(QWidget):
    """show_run appends each run; append_message anything else worth a line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = QPlainTextEdit()
        self.text.setObjectName("consoleText")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setMaximumBlockCount(MAX_LINES)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.clear_button = push_button(self.tr("Clear"), clicked=self.clear)
        hint = QLabel(self.tr("printf output of each run, newest at the bottom"))
        hint.setWordWrap(True)
        content = QWidget()
        bar = hbox((hint, 1), self.clear_button)
        vbox(bar, (self.text, 1), parent=content, margins=6)
        self.stack = EmptyStatePages(
            self,
            content,
            self.tr("Nothing printed yet"),
            self.tr(
                "Run a kernel (Ctrl+R) to see what it prints with printf, and how each run ended."
            ),
        )
        self.empty = self.stack.empty

    def show_run(self, run: FinishedRun) -> None:
        """Append the run's header and what it printed, under the runs before it."""
        result = run.result
        body = (
            printf_text(result.printf) if result.printf else self.tr("(the kernel printed nothing)")
        )
        self._append(f"{run_header(result, time.strftime('%H:%M:%S'))}\n{body}")

    def append_message(self, text: str) -> None:
        """A line that is not a run's: the worker restarting, say."""
        self._append(f"── {time.strftime('%H:%M:%S')} · {text}")

    def has_text(self) -> bool:
        return bool(self.text.document().characterCount() > 1)

    def plain_text(self) -> str:
        return self.text.toPlainText()

    def clear(self) -> None:
        """The Clear button: every run's lines go, back to the empty state."""
        self.text.clear()
        self.stack.show_empty()

    def _append(self, text: str) -> None:
        self.stack.show_content()
        self.text.appendPlainText(text)
        self.text.moveCursor(QTextCursor.MoveOperation.End)
        self.text.ensureCursorVisible()
