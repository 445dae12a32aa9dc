"""The Build log tab: the compiler's whole log, as it wrote it, under a line of context.

The context is translated; the log stays in the compiler's own words.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from clstudio.common import BuildResult
from clstudio.reporting import named_build_log
from clstudio.session import SourceMap
from clstudio.ui.editor.build_status import build_status_text


def log_text(result: BuildResult, source_name: str, source_map: SourceMap | None = None) -> str:
    """Device, options and outcome, then the log (or a word that there is none), its places
    named by the session's source (`source_name`, or the source part's name)."""
    device = result.device or QCoreApplication.translate("BuildLogView", "unknown")
    options = result.options.strip() or QCoreApplication.translate("BuildLogView", "(none)")
    header = [
        QCoreApplication.translate("BuildLogView", "Device:  {device}").format(device=device),
        QCoreApplication.translate("BuildLogView", "Options: {options}").format(options=options),
        QCoreApplication.translate("BuildLogView", "Result:  {result}").format(
            result=build_status_text(result)
        ),
        "",
    ]
    log = (
        named_build_log(result.log, source_name, source_map).rstrip("\n")
        if result.log.strip()
        else QCoreApplication.translate("BuildLogView", "The compiler wrote no messages.")
    )
    return "\n".join([*header, log]) + "\n"


class BuildLogView(QPlainTextEdit):
    """Read-only, monospaced, unwrapped: compiler output lines up as the compiler meant."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("buildLogView")
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setPlaceholderText(
            self.tr("Build the kernel (Ctrl+B) to see the compiler's full log here.")
        )
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.setFont(font)

    def set_result(
        self, result: BuildResult, source_name: str, source_map: SourceMap | None = None
    ) -> None:
        self.setPlainText(log_text(result, source_name, source_map))

    def set_crash(self, traceback_text: str) -> None:
        """The backend raised instead of answering: show its traceback, not nothing."""
        self.setPlainText(
            self.tr("The build did not finish: the OpenCL backend raised an unexpected error.")
            + "\n\n"
            + traceback_text
        )
