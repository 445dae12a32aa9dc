"""The Compiler tab's content: the summary, IR and assembly, and the change from the last build.

The panel shows CompileResults and keeps the previous one of the same kernel, so that
toggling an option or a local size shows what changed. It owns no build: a controller
hands it results, and the editor's state to tell when the shown build is stale.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clstudio.compiler import (
    ASM,
    IR,
    CompileResult,
    changes_since,
    compare_builds,
    missing_reason,
)
from clstudio.reporting import comparison_text, summary_text
from clstudio.ui.compiler.listing_view import ListingView
from clstudio.ui.vertical_scroll_area import VerticalScrollArea

COMPARISON_CHARACTERS = 44  # the width of the comparison's column beside the listing


class CompilerPanel(QWidget):
    """Shows one kernel's compiled code; a click on an instruction asks for its source line."""

    sourceLineRequested = Signal(int)  # the editor should go to this line

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._result: CompileResult | None = None
        self._previous: CompileResult | None = None
        self._run_medians: tuple[float, float] | None = None
        self._summary = QLabel(self.tr("No compiler output yet: ask for it after a build."))
        self._stale = QLabel()
        self._missing = QLabel()
        self._comparison = QLabel()
        for label in (self._summary, self._stale, self._missing, self._comparison):
            label.setWordWrap(True)
        self._stale.setStyleSheet("color: palette(highlight);")
        self.ir_view = ListingView(IR)
        self.asm_view = ListingView(ASM)
        self._tabs = QTabWidget()
        self._tabs.addTab(self.asm_view, self.tr("Assembly"))
        self._tabs.addTab(self.ir_view, self.tr("LLVM IR"))
        # What the kernel printed during the compile's launch: its own tab, never a remark.
        self._printf = QPlainTextEdit()
        self._printf.setReadOnly(True)
        self._printf_tab = self._tabs.addTab(self._printf, self.tr("Kernel output"))
        self._tabs.setTabVisible(self._printf_tab, False)
        # The comparison stands beside the listing and scrolls: under it, a dozen lines
        # left the listing one row and were cut at the dock's foot at 1280 x 800.
        self._comparison.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._comparison.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._comparison_area = VerticalScrollArea(self._comparison)
        self._comparison_area.setObjectName("compilerComparison")
        self._comparison_area.setMinimumWidth(
            COMPARISON_CHARACTERS * self.fontMetrics().averageCharWidth()
        )
        self._comparison_area.hide()
        beside = QSplitter(Qt.Orientation.Horizontal)
        beside.setChildrenCollapsible(False)
        beside.addWidget(self._tabs)
        beside.addWidget(self._comparison_area)
        beside.setStretchFactor(0, 3)
        beside.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        for widget in (self._summary, self._stale, self._missing):
            layout.addWidget(widget)
        layout.addWidget(beside, 1)
        self.ir_view.sourceLineRequested.connect(self._on_view_source_line_requested)
        self.asm_view.sourceLineRequested.connect(self._on_view_source_line_requested)
        for label in (self._stale, self._missing, self._comparison):
            label.hide()

    def clear(self) -> None:
        """No build shown: another session was opened."""
        self._result = self._previous = None
        self._run_medians = None
        self.ir_view.set_listing(None)
        self.asm_view.set_listing(None)
        self._summary.setText(self.tr("No compiler output yet: ask for it after a build."))
        for label in (self._stale, self._missing, self._comparison):
            label.hide()
        self._comparison_area.hide()

    def show_run_medians(self, medians: tuple[float, float] | None) -> None:
        """The median times of the runs the two compared builds were made for: the
        comparison names them instead of each compile's single launch."""
        self._run_medians = medians
        self._show_comparison()

    @property
    def result(self) -> CompileResult | None:
        return self._result

    def summary_text(self) -> str:
        return self._summary.text()

    def missing_text(self) -> str:
        return self._missing.text() if not self._missing.isHidden() else ""

    def comparison_text(self) -> str:
        return self._comparison.text() if not self._comparison.isHidden() else ""

    def printf_text(self) -> str:
        """What the kernel printed, as its tab shows it; "" when the tab is hidden."""
        shown = self._tabs.isTabVisible(self._printf_tab)
        return self._printf.toPlainText() if shown else ""

    def stale_text(self) -> str:
        return self._stale.text() if not self._stale.isHidden() else ""

    def set_result(self, result: CompileResult) -> None:
        """Show `result`; the last good one of the same kernel becomes the one compared with."""
        old = self._result
        if old is not None and old.ok and old.kernel == result.kernel:
            self._previous = old
        elif old is not None and old.kernel != result.kernel:
            self._previous = None
        self._result = result
        self.ir_view.set_listing(result.ir)
        self.asm_view.set_listing(result.asm)
        self._printf.setPlainText(result.printf)
        self._tabs.setTabVisible(self._printf_tab, bool(result.printf))
        self._summary.setText(self._summary_words(result))
        missing = [missing_reason(result, part) for part in result.missing]
        self._missing.setText("\n".join(missing))
        self._missing.setVisible(bool(missing))
        self._show_comparison()
        self._stale.hide()

    def set_editor_state(
        self, source: str, options: str, local_size: tuple[int, ...] | None
    ) -> None:
        """Say so when the editor's kernel, options or local size differ from the shown build."""
        if self._result is None:
            return
        changed = changes_since(self._result, source, options, local_size)
        self._stale.setText("\n".join(changed))
        self._stale.setVisible(bool(changed))

    def show_source_line(self, line: int) -> None:
        """Mark the IR and assembly rows of the editor's source `line`."""
        self.ir_view.show_source_line(line)
        self.asm_view.show_source_line(line)

    def _summary_words(self, result: CompileResult) -> str:
        if result.error and result.summary is None:
            return self.tr("The compiler view could not be made: {error}").format(
                error=result.error
            )
        words = summary_text(result.summary) if result.summary else ""
        if result.error:
            words += "\n" + result.error
        return words

    def _show_comparison(self) -> None:
        old, new = self._previous, self._result
        if old is None or new is None or not new.ok:
            self._comparison.hide()
            self._comparison_area.hide()
            return
        lines = comparison_text(compare_builds(old, new), self._run_medians)
        heading = self.tr("Compared with the previous build:")
        self._comparison.setText("\n".join([heading, *lines]))
        self._comparison.show()
        self._comparison_area.show()

    def _on_view_source_line_requested(self, line: int) -> None:
        self.sourceLineRequested.emit(line)
