"""The Edit menu's records: the source's undo history and Find."""

from __future__ import annotations

from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QAction

from clstudio.ui.actions.action import Action, Item, Key
from clstudio.ui.editor.code_editor import CodeEditor
from clstudio.ui.editor.editor_panel import EditorPanel
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP


def records(editor: EditorPanel) -> tuple[Item, ...]:
    return (
        Action(
            "undo",
            QT_TRANSLATE_NOOP("WindowActions", "&Undo"),
            QT_TRANSLATE_NOOP("WindowActions", "Undo the last edit of the source"),
            editor.editor.undo,
            "edit",
            "history",
            (Key.Undo,),
        ),
        Action(
            "redo",
            QT_TRANSLATE_NOOP("WindowActions", "&Redo"),
            QT_TRANSLATE_NOOP("WindowActions", "Redo the edit just undone"),
            editor.editor.redo,
            "edit",
            "history",
            (Key.Redo,),
        ),
        Action(
            "find",
            QT_TRANSLATE_NOOP("WindowActions", "&Find…"),
            QT_TRANSLATE_NOOP("WindowActions", "Find text in the kernel source"),
            editor.open_find,
            "edit",
            "find",
            (Key.Find,),
        ),
        Action(
            "replace",
            QT_TRANSLATE_NOOP("WindowActions", "&Replace…"),
            QT_TRANSLATE_NOOP("WindowActions", "Find and replace text in the kernel source"),
            editor.open_replace,
            "edit",
            "find",
            ("Ctrl+H",),
        ),
    )


def follow(actions: dict[str, QAction], editor: CodeEditor, shown: SignalInstance) -> None:
    """Undo and Redo follow the source's history, which starts anew with each document
    `shown`: set_source blocks the editor's signals, so the actions are told here."""
    editor.undoAvailable.connect(actions["undo"].setEnabled)
    editor.redoAvailable.connect(actions["redo"].setEnabled)

    def forget_history() -> None:
        actions["undo"].setEnabled(False)
        actions["redo"].setEnabled(False)

    shown.connect(forget_history)
