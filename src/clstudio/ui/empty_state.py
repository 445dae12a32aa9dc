"""The message a panel shows while it has nothing to show: what will appear, and how.

EmptyStatePages is the scaffold every such panel shares: the message until there is
something to show, then the content, edge to edge in the panel.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QStackedWidget, QVBoxLayout, QWidget


class EmptyState(QWidget):
    """A centred title and explanation, with an optional button that does something about it."""

    def __init__(
        self,
        title: str,
        body: str = "",
        button_text: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._title = QLabel(title)
        self._title.setObjectName("emptyStateTitle")
        self._title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._title.setWordWrap(True)
        font = self._title.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self._title.setFont(font)

        self._body = QLabel(body)
        self._body.setObjectName("emptyStateBody")
        self._body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._body.setWordWrap(True)
        self._body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._body.setOpenExternalLinks(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 16, 16, 16)
        layout.addStretch(1)
        layout.addWidget(self._title)
        layout.addWidget(self._body)
        # Only once it has a parent: a parentless label told to show opens as a window of
        # its own, which takes the focus from the main window and then closes.
        self._body.setVisible(bool(body))
        self.button: QPushButton | None = None
        if button_text is not None:
            self.button = QPushButton(button_text)
            layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)

    def title(self) -> str:
        return self._title.text()

    def body(self) -> str:
        return self._body.text()

    def set_text(self, title: str, body: str = "") -> None:
        self._title.setText(title)
        self._body.setText(body)
        self._body.setVisible(bool(body))


class EmptyStatePages(QStackedWidget):
    """The empty state, then `content`: fills `panel`, which shows one or the other."""

    def __init__(self, panel: QWidget, content: QWidget, title: str, body: str = "") -> None:
        super().__init__(panel)
        self.empty = EmptyState(title, body)
        self.content = content
        self.addWidget(self.empty)
        self.addWidget(content)
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self)

    def show_empty(self) -> None:
        self.setCurrentWidget(self.empty)

    def show_content(self) -> None:
        self.setCurrentWidget(self.content)

    def is_empty(self) -> bool:
        return self.currentWidget() is self.empty
