"""File > Open Recent and File > Open Example, filled from settings and the gallery."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMenu

from clstudio.common import gettext
from clstudio.session import GalleryError, examples, kernels_dir
from clstudio.ui.settings import AppSettings


def shown_description(description: str) -> str:
    """A session's description as the user reads it: a gallery example's in the user's
    language (translations/LANG/gallery.po), any other as it was written."""
    return gettext(description) if description else ""  # gettext("") is the catalogue's header


class FileMenus(QObject):
    """Keeps the two submenus current; choosing an entry emits an intent."""

    openRequested = Signal(Path)
    exampleRequested = Signal(Path, str)  # and its title

    def __init__(self, recent: QMenu, examples: QMenu, settings: AppSettings) -> None:
        super().__init__(recent)
        self.recent = recent
        self.examples = examples
        self._settings = settings
        # Filled as they open: reading the gallery's 24 files is no part of the first paint.
        recent.aboutToShow.connect(self.fill_recent)
        examples.aboutToShow.connect(self.fill_examples)
        self.fill_recent()

    def fill_recent(self) -> None:
        self.recent.clear()
        paths = self._settings.recent_files()
        for number, path in enumerate(paths, start=1):
            action = self.recent.addAction(f"&{number} {path.name}   ({path.parent})")
            action.setStatusTip(str(path))
            action.triggered.connect(partial(self._on_recent_triggered, path))
        if not paths:
            self.recent.addAction(self.tr("No recent sessions")).setEnabled(False)
            return
        self.recent.addSeparator()
        self.recent.addAction(self.tr("Clear the list"), self._on_clear_triggered)

    def fill_examples(self) -> None:
        self.examples.clear()
        try:
            found = examples()
        except GalleryError as exc:
            unreadable = self.tr("The gallery cannot be read: {error}").format(error=exc)
            self.examples.addAction(unreadable).setEnabled(False)
            return
        for example in found:
            description = shown_description(example.description)
            action = self.examples.addAction(f"{example.title} — {description}")
            action.setStatusTip(description)
            action.setToolTip(description)
            action.triggered.connect(
                partial(self._on_example_triggered, example.path, example.title)
            )
        if not found:
            empty = self.examples.addAction(
                self.tr("No examples found in {folder}").format(folder=kernels_dir())
            )
            empty.setEnabled(False)
        self.examples.setToolTipsVisible(True)

    def _on_recent_triggered(self, path: Path) -> None:
        self.openRequested.emit(path)

    def _on_example_triggered(self, path: Path, title: str) -> None:
        self.exampleRequested.emit(path, title)

    def _on_clear_triggered(self) -> None:
        self._settings.clear_recent_files()
        self.fill_recent()
