"""The bottom dock: one tab per kind of result, each saying what will appear there."""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget, QWidget

from clstudio.ui.empty_state import EmptyState

RESULT_TABS: tuple[tuple[str, str, str], ...] = (
    (
        "Timings",
        "No timings yet",
        "Run the kernel (Ctrl+R) to see how long each upload, launch and download took, "
        "measured by the device itself.",
    ),
    (
        "Outputs",
        "No outputs yet",
        "Run the kernel (Ctrl+R) to see its output buffers as numbers and plots, "
        "checked against their reference expressions.",
    ),
    (
        "Console",
        "Nothing printed yet",
        "Messages from builds and runs appear here, with anything the kernel prints with printf.",
    ),
    (
        "Build log",
        "Not built yet",
        "Build the kernel (Ctrl+B) to see the compiler's log for the chosen device.",
    ),
    (
        "Runtime steps",
        "No steps yet",
        "Run the kernel (Ctrl+R) to see every OpenCL call the host program made, in order "
        "and with its time. Help > The OpenCL host program explains each one.",
    ),
)


class ResultsPanel(QTabWidget):
    """Timings, outputs, console, build log and runtime steps."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDocumentMode(True)
        for name, title, body in RESULT_TABS:
            page = EmptyState(title, body)
            page.setObjectName(f"results{name.replace(' ', '')}")
            self.addTab(page, name)

    def tab_names(self) -> list[str]:
        return [self.tabText(i) for i in range(self.count())]
