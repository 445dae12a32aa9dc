"""The Edit menu's records: the source's undo history and Find."""

from __future__ import annotations

from clstudio.ui.actions.action import Action, Item, Key
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
