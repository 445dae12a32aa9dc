"""The Edit menu's records: the source's undo history and Find."""

from __future__ import annotations

from PySide6.QtCore import SignalInstance

from clstudio.ui.actions.action import Action, Item, Key, When
from clstudio.ui.editor.editor_panel import EditorPanel
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP


def records(editor: EditorPanel, shown: SignalInstance) -> tuple[Item, ...]:
    """Undo and Redo follow the source's history, which starts anew with each document
    `shown`."""
    source = editor.editor
    changes = (source.undoAvailable, source.redoAvailable, shown)
    return (
        Action(
            id="undo",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Undo"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Undo the last edit of the source"),
            callback=editor.editor.undo,
            menu="edit",
            group="history",
            shortcuts=(Key.Undo,),
            enabled=When(lambda: source.document().isUndoAvailable(), changes),
        ),
        Action(
            id="redo",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Redo"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Redo the edit just undone"),
            callback=editor.editor.redo,
            menu="edit",
            group="history",
            shortcuts=(Key.Redo,),
            enabled=When(lambda: source.document().isRedoAvailable(), changes),
        ),
        Action(
            id="find",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Find…"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Find text in the kernel source"),
            callback=editor.open_find,
            menu="edit",
            group="find",
            shortcuts=(Key.Find,),
        ),
        Action(
            id="replace",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Replace…"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Find and replace text in the kernel source"),
            callback=editor.open_replace,
            menu="edit",
            group="find",
            shortcuts=("Ctrl+H",),
        ),
    )
