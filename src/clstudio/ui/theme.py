"""Light and dark palettes, and following the system's colour scheme when asked to."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from clstudio.ui.settings import THEMES

Role = QPalette.ColorRole
Group = QPalette.ColorGroup


def _palette(colors: dict[QPalette.ColorRole, str], disabled_text: str) -> QPalette:
    palette = QPalette()
    for role, name in colors.items():
        palette.setColor(role, QColor(name))
    for role in (Role.Text, Role.WindowText, Role.ButtonText):
        palette.setColor(Group.Disabled, role, QColor(disabled_text))
    return palette


def light_palette() -> QPalette:
    return _palette(
        {
            Role.Window: "#f0f0f0",
            Role.WindowText: "#1e1e1e",
            Role.Base: "#ffffff",
            Role.AlternateBase: "#f5f5f5",
            Role.ToolTipBase: "#ffffdc",
            Role.ToolTipText: "#1e1e1e",
            Role.PlaceholderText: "#808080",
            Role.Text: "#1e1e1e",
            Role.Button: "#f0f0f0",
            Role.ButtonText: "#1e1e1e",
            Role.BrightText: "#ff0000",
            Role.Light: "#ffffff",
            Role.Midlight: "#e3e3e3",
            Role.Mid: "#a0a0a0",
            Role.Dark: "#a0a0a0",
            Role.Shadow: "#696969",
            Role.Highlight: "#3071c4",
            Role.HighlightedText: "#ffffff",
            Role.Link: "#1f5fb0",
            Role.LinkVisited: "#7040a0",
        },
        disabled_text="#9a9a9a",
    )


def dark_palette() -> QPalette:
    return _palette(
        {
            Role.Window: "#2b2b2e",
            Role.WindowText: "#e6e6e6",
            Role.Base: "#1f1f22",
            Role.AlternateBase: "#29292d",
            Role.ToolTipBase: "#3a3a3f",
            Role.ToolTipText: "#e6e6e6",
            Role.PlaceholderText: "#8a8a8a",
            Role.Text: "#e6e6e6",
            Role.Button: "#35353a",
            Role.ButtonText: "#e6e6e6",
            Role.BrightText: "#ff6060",
            Role.Light: "#48484e",
            Role.Midlight: "#3e3e44",
            Role.Mid: "#2f2f33",
            Role.Dark: "#1a1a1c",
            Role.Shadow: "#000000",
            Role.Highlight: "#3d7fd6",
            Role.HighlightedText: "#ffffff",
            Role.Link: "#7fb0f0",
            Role.LinkVisited: "#b08ae0",
        },
        disabled_text="#8c8c8c",
    )


def system_is_dark(app: QApplication) -> bool:
    return app.styleHints().colorScheme() == Qt.ColorScheme.Dark


def restyle_sheets(app: QApplication) -> None:
    """Re-apply every widget's own style sheet, so that its `palette(...)` colours follow.

    A widget styled by a sheet keeps the palette it was polished with: without this,
    the Arguments pane stayed light after switching to Dark.
    """
    for widget in app.allWidgets():
        sheet = widget.styleSheet()
        if sheet:
            widget.setStyleSheet("")
            widget.setStyleSheet(sheet)


class ThemeController(QObject):
    """Applies the chosen theme, and re-applies 'system' when the system scheme changes."""

    def __init__(
        self, app: QApplication, choice: str = "system", parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._app = app
        self._choice = "system"
        app.styleHints().colorSchemeChanged.connect(self._on_system_scheme_changed)
        self.apply(choice)

    @property
    def choice(self) -> str:
        return self._choice

    def is_dark(self) -> bool:
        if self._choice == "system":
            return system_is_dark(self._app)
        return self._choice == "dark"

    def apply(self, choice: str) -> None:
        if choice not in THEMES:
            raise ValueError(f"unknown theme {choice!r}; expected one of {THEMES}")
        self._choice = choice
        self._app.setPalette(dark_palette() if self.is_dark() else light_palette())
        restyle_sheets(self._app)

    def _on_system_scheme_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self._choice == "system":
            self.apply("system")
