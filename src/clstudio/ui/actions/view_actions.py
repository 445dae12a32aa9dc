"""The View menu's records: the panels, the source's zoom, the theme and the language."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject

from clstudio.common import LANGUAGES
from clstudio.ui.actions.action import Action, Item, Key, Slot, Submenu
from clstudio.ui.editor.code_editor import CodeEditor
from clstudio.ui.language import LanguageChoice
from clstudio.ui.settings import SYSTEM_LANGUAGE, THEMES, AppSettings
from clstudio.ui.theme import ThemeController
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

SYSTEM_LANGUAGE_TIP = QT_TRANSLATE_NOOP(
    "WindowActions", "Follow the system's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)"
)
PANELS = "panels"  # the docks' and the toolbar's own toggles
THEME_TEXTS = {  # each theme's name and tip, by settings value
    "system": (
        QT_TRANSLATE_NOOP("WindowActions", "System"),
        QT_TRANSLATE_NOOP("WindowActions", "Follow the system's light or dark setting"),
    ),
    "light": (
        QT_TRANSLATE_NOOP("WindowActions", "Light"),
        QT_TRANSLATE_NOOP("WindowActions", "Always use the light theme"),
    ),
    "dark": (
        QT_TRANSLATE_NOOP("WindowActions", "Dark"),
        QT_TRANSLATE_NOOP("WindowActions", "Always use the dark theme"),
    ),
}


class ViewChoices(QObject):
    """The zoom of the source and the theme, applied and kept in the settings; the saved
    zoom is applied at once."""

    def __init__(self, editor: CodeEditor, theme: ThemeController, settings: AppSettings) -> None:
        super().__init__(editor)
        self._editor = editor
        self._theme = theme
        self._settings = settings
        editor.set_zoom(settings.zoom())

    def set_zoom(self, steps: int) -> None:
        self._editor.set_zoom(steps)
        self._settings.set_zoom(self._editor.zoom())

    def zoom_in(self) -> None:
        self.set_zoom(self._editor.zoom() + 1)

    def zoom_out(self) -> None:
        self.set_zoom(self._editor.zoom() - 1)

    def zoom_reset(self) -> None:
        self.set_zoom(0)

    def set_theme(self, theme: str) -> None:
        self._theme.apply(theme)
        self._settings.set_theme(theme)


def records(
    view: ViewChoices, theme: str, language: LanguageChoice, spoken: str
) -> tuple[Item, ...]:
    """`theme` and `spoken` are the settings' choices, checked in their submenus."""
    return (
        Slot(PANELS, "view", "panels"),
        Action(
            "zoom_in",
            QT_TRANSLATE_NOOP("WindowActions", "Zoom &In"),
            QT_TRANSLATE_NOOP("WindowActions", "Larger source text"),
            view.zoom_in,
            "view",
            "zoom",
            (Key.ZoomIn, "Ctrl+="),
        ),
        Action(
            "zoom_out",
            QT_TRANSLATE_NOOP("WindowActions", "Zoom &Out"),
            QT_TRANSLATE_NOOP("WindowActions", "Smaller source text"),
            view.zoom_out,
            "view",
            "zoom",
            (Key.ZoomOut,),
        ),
        Action(
            "zoom_reset",
            QT_TRANSLATE_NOOP("WindowActions", "&Reset Zoom"),
            QT_TRANSLATE_NOOP("WindowActions", "Source text at its usual size"),
            view.zoom_reset,
            "view",
            "zoom",
            ("Ctrl+0",),
        ),
        Submenu("theme", QT_TRANSLATE_NOOP("WindowActions", "&Theme"), "view", "look"),
        *(
            Action(
                f"theme.{name}",
                *THEME_TEXTS[name],
                partial(view.set_theme, name),
                "theme",
                checkable=True,
                checked=name == theme,
            )
            for name in THEMES
        ),
        Submenu("language", QT_TRANSLATE_NOOP("WindowActions", "&Language"), "view", "look"),
        Action(
            f"language.{SYSTEM_LANGUAGE}",
            QT_TRANSLATE_NOOP("WindowActions", "System Language"),
            QT_TRANSLATE_NOOP(
                "WindowActions",
                "Follow the system's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)",
            ),
            partial(language.choose, SYSTEM_LANGUAGE),
            "language",
            checkable=True,
            checked=spoken == SYSTEM_LANGUAGE,
        ),
        *(  # each language named in itself, as language menus do
            Action(
                f"language.{code}",
                name,
                name,
                partial(language.choose, code),
                "language",
                checkable=True,
                checked=spoken == code,
                translated=False,
            )
            for code, name in LANGUAGES.items()
        ),
    )
