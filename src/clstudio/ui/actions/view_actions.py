"""The View menu's records: the panels, the source's zoom, the theme and the language."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject

from clstudio.common import LANGUAGES
from clstudio.ui.actions.action import Action, Item, Key, Slot, Submenu
from clstudio.ui.editor.code_editor import CodeEditor
from clstudio.ui.language import LanguageChoice
from clstudio.ui.settings import SYSTEM_LANGUAGE, AppSettings
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
    view: ViewChoices,
    theme: str,
    language: LanguageChoice,
    spoken: str,
    reset_layout: Callable[[], object],
) -> tuple[Item, ...]:
    """`theme` and `spoken` are the settings' choices, checked in their submenus."""
    return (
        Slot(id=PANELS, menu="view", group="panels"),
        Action(
            id="reset_layout",
            text=QT_TRANSLATE_NOOP("WindowActions", "Reset &Layout"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "Put the panels back where a first start puts them, the source with room "
                "for its lines",
            ),
            callback=reset_layout,
            menu="view",
            group="panels",
        ),
        Action(
            id="zoom_in",
            text=QT_TRANSLATE_NOOP("WindowActions", "Zoom &In"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Larger source text"),
            callback=view.zoom_in,
            menu="view",
            group="zoom",
            shortcuts=(Key.ZoomIn, "Ctrl+="),
        ),
        Action(
            id="zoom_out",
            text=QT_TRANSLATE_NOOP("WindowActions", "Zoom &Out"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Smaller source text"),
            callback=view.zoom_out,
            menu="view",
            group="zoom",
            shortcuts=(Key.ZoomOut,),
        ),
        Action(
            id="zoom_reset",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Reset Zoom"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Source text at its usual size"),
            callback=view.zoom_reset,
            menu="view",
            group="zoom",
            shortcuts=("Ctrl+0",),
        ),
        Submenu(
            id="theme", text=QT_TRANSLATE_NOOP("WindowActions", "&Theme"), menu="view", group="look"
        ),
        *(
            Action(
                id=f"theme.{name}",
                text=text,
                tip=tip,
                callback=partial(view.set_theme, name),
                menu="theme",
                checkable=True,
                checked=name == theme,
            )
            for name, (text, tip) in THEME_TEXTS.items()
        ),
        Submenu(
            id="language",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Language"),
            menu="view",
            group="look",
        ),
        Action(
            id=f"language.{SYSTEM_LANGUAGE}",
            text=QT_TRANSLATE_NOOP("WindowActions", "System Language"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "Follow the system's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)",
            ),
            callback=partial(language.choose, SYSTEM_LANGUAGE),
            menu="language",
            checkable=True,
            checked=spoken == SYSTEM_LANGUAGE,
        ),
        *(  # each language named in itself, as language menus do
            Action(
                id=f"language.{code}",
                text=name,
                tip=name,
                callback=partial(language.choose, code),
                menu="language",
                checkable=True,
                checked=spoken == code,
                translated=False,
            )
            for code, name in LANGUAGES.items()
        ),
    )
