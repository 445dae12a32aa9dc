"""The Problems tab: each compiler message with its severity and place; a click goes there."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from clstudio.common import Diagnostic
from clstudio.session import SourceMap
from clstudio.ui.editor.editor_colors import colors_for
from clstudio.ui.editor.severity_marks import severity_icon, severity_title
from clstudio.ui.empty_state import EmptyStatePages
from clstudio.ui.tree_items import top_items
from clstudio.ui.wrapping_delegate import WrappingDelegate

SEVERITY, PLACE, MESSAGE = range(3)


def place_text(diagnostic: Diagnostic, source_map: SourceMap | None = None) -> str:
    """`4:12`, `4` without a column, and a dash for a message about no line; in a program
    of source parts, the part's name before its own line: `defs.h:4:12`."""
    if diagnostic.line <= 0:
        return "—"
    line = str(diagnostic.line)
    if source_map is not None and source_map.is_split:
        line = source_map.place(diagnostic.line, "")
    return f"{line}:{diagnostic.column}" if diagnostic.column else line


class ProblemsView(QWidget):
    """Lists diagnostics; activating one with a line asks to go there."""

    problemActivated = Signal(int, int)  # line, column (1-based; column 0: none given)
    countChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("problemsView")
        self.tree = QTreeWidget()
        self.tree.setRootIsDecorated(False)
        WrappingDelegate(self.tree)  # a long message wraps: it was cut at the dock's edge
        self.tree.setAlternatingRowColors(True)
        self.tree.setHeaderLabels([self.tr("Severity"), self.tr("Line:Col"), self.tr("Message")])
        header = self.tree.header()
        header.setStretchLastSection(True)
        for column in (SEVERITY, PLACE):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # Clicked for the mouse, activated for Enter: going to a place twice is harmless.
        self.tree.itemClicked.connect(self._on_tree_item_activated)
        self.tree.itemActivated.connect(self._on_tree_item_activated)
        self._stack = EmptyStatePages(
            self,
            self.tree,
            self.tr("No problems"),
            self.tr(
                "Errors and warnings from the compiler appear here, with their line and column, "
                "and what Run > Check finds. Click one to go to it in the source."
            ),
        )
        self.empty = self._stack.empty
        self._diagnostics: tuple[Diagnostic, ...] = ()
        self._source_map: SourceMap | None = None

    def set_diagnostics(
        self, diagnostics: Sequence[Diagnostic], source_map: SourceMap | None = None
    ) -> None:
        """Diagnostics at lines of the program; `source_map` names each line's part."""
        self._diagnostics = tuple(diagnostics)
        self._source_map = source_map
        self._fill()
        self.countChanged.emit(len(self._diagnostics))

    def count(self) -> int:
        return len(self._diagnostics)

    def rows(self) -> list[tuple[str, str, str]]:
        """What each row says: severity, line:column, message."""
        return [
            (item.text(SEVERITY), item.text(PLACE), item.text(MESSAGE))
            for item in top_items(self.tree)
        ]

    def _fill(self) -> None:
        colors = colors_for(self.palette())
        self.tree.clear()
        for diagnostic in self._diagnostics:
            item = QTreeWidgetItem(
                [
                    severity_title(diagnostic.severity),
                    place_text(diagnostic, self._source_map),
                    diagnostic.message,
                ]
            )
            item.setIcon(SEVERITY, severity_icon(diagnostic.severity, colors))
            item.setToolTip(MESSAGE, diagnostic.message)
            item.setData(SEVERITY, Qt.ItemDataRole.UserRole, (diagnostic.line, diagnostic.column))
            self.tree.addTopLevelItem(item)
        if self._diagnostics:
            self._stack.show_content()
        else:
            self._stack.show_empty()

    def _on_tree_item_activated(self, item: QTreeWidgetItem, _column: int) -> None:
        line, column = item.data(SEVERITY, Qt.ItemDataRole.UserRole)
        if line > 0:
            self.problemActivated.emit(line, column)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._diagnostics:
            self._fill()
