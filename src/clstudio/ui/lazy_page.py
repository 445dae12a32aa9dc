"""A page of a tab widget or dock whose content is made when it is first shown.

The window's first paint shows the editor, the form, the devices and one Results tab:
the tabs and docks behind them (the Compiler, Memory and Portability tabs, the
Exercises and Debug docks) cost their imports and construction only once the user
opens them, or once code asks for their content (a menu command, a finished run).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDockWidget, QVBoxLayout, QWidget

W = TypeVar("W", bound=QWidget, covariant=True)  # a page of a tab is a page of a widget


class LazyPage(QWidget, Generic[W]):
    """Holds the place of the widget `make` returns, and makes it at the first show or
    the first `content()`, whichever comes first; `then` runs what needs it made.

    A dock's page is made when the dock comes into view (`in_view_of`).
    """

    def __init__(self, make: Callable[[], W], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._make = make
        self._content: W | None = None
        self._then: list[Callable[[W], None]] = []
        self._made_when_shown = True
        QVBoxLayout(self).setContentsMargins(0, 0, 0, 0)

    def in_view_of(self, dock: QDockWidget) -> None:
        """Made when `dock`, which holds the page, comes into view: a dock tabbed behind
        another is shown off screen, so its page is shown without being seen."""
        self._made_when_shown = False
        dock.visibilityChanged.connect(self._on_dock_visibility_changed)

    def content(self) -> W:
        """The page's widget, made now if it was not yet."""
        if self._content is None:
            content = self._content = self._make()
            layout = self.layout()
            assert layout is not None
            layout.addWidget(content)
            # A child added to a page on screen stays hidden until shown; one added to a
            # hidden page shows with it. Hiding it here would keep it hidden for good.
            if self.isVisible():
                content.show()
            for call in self._then:
                call(content)
            self._then.clear()
        return self._content

    def is_made(self) -> bool:
        return self._content is not None

    def then(self, call: Callable[[W], None]) -> None:
        """Call `call` with the content once it is made (at once if it is)."""
        if self._content is None:
            self._then.append(call)
        else:
            call(self._content)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._made_when_shown:
            self.content()

    def _on_dock_visibility_changed(self, in_view: bool) -> None:
        if in_view:
            self.content()
