"""The app's language: Qt's translators for the widgets, and the same choice for the core.

Both layers follow one choice: View > Language's, kept in the settings, or else the
system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). Widgets take their texts when they are
made, so a new choice takes effect when CL Studio starts again; the menu says so and
offers the restart.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QObject, QProcess, QTranslator
from PySide6.QtWidgets import QMainWindow, QMessageBox

from clstudio.common import (
    ENGLISH,
    LANGUAGES,
    LOCALE_DIR,
    current_language,
    language_of,
    set_language,
)
from clstudio.ui.settings import SYSTEM_LANGUAGE, AppSettings


def install_translators(app: QCoreApplication, choice: str) -> list[QTranslator]:
    """Speak `choice` (a LANGUAGES code, or SYSTEM_LANGUAGE) in the core and in Qt.

    Returns the translators installed, CL Studio's own and Qt's for its standard
    dialogs, so that a caller can remove them again.
    """
    if choice != SYSTEM_LANGUAGE:  # the system's: whatever the environment says
        set_language(choice)
    code = current_language()
    installed: list[QTranslator] = []
    if code == ENGLISH:
        return installed
    qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name, folder in ((f"clstudio_{code}", str(LOCALE_DIR)), (f"qtbase_{code}", qt_folder)):
        translator = QTranslator(app)
        if translator.load(name, folder):
            app.installTranslator(translator)
            installed.append(translator)
    return installed


def remove_translators(app: QCoreApplication, translators: list[QTranslator]) -> None:
    for translator in translators:
        app.removeTranslator(translator)
    set_language(None)


def restart_app() -> None:
    """Start CL Studio again in a process of its own; the caller then quits this one."""
    QProcess.startDetached(sys.executable, ["-m", "clstudio"])


class LanguageChoice(QObject):
    """Keeps View > Language's choice and offers the restart that applies it."""

    def __init__(
        self,
        window: QMainWindow,
        settings: AppSettings,
        restart: Callable[[], None] = restart_app,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._restart = restart
        self.speaking = current_language()  # what this process's widgets were made in

    def choose(self, choice: str) -> None:
        self._settings.set_language(choice)
        wanted = language_of(None if choice == SYSTEM_LANGUAGE else choice)
        if wanted == self.speaking:
            return
        box = QMessageBox(self._window)
        box.setIcon(QMessageBox.Icon.Information)
        box.setWindowTitle(self.tr("Language"))
        box.setText(
            self.tr("CL Studio will be in {language} from its next start.").format(
                language=LANGUAGES[wanted]
            )
        )
        box.setInformativeText(
            self.tr("Restart now? Unsaved changes are asked about first, as when you quit.")
        )
        restart = box.addButton(self.tr("Restart Now"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(self.tr("Later"), QMessageBox.ButtonRole.RejectRole)
        box.exec()
        if box.clickedButton() is restart and self._window.close():
            self._restart()
