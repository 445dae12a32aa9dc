"""The File menu's records."""

from __future__ import annotations

from collections.abc import Callable

from clstudio.ui.actions.action import Action, Icon, Item, Key, Pixmap, Shortcut, Submenu
from clstudio.ui.files.file_controller import FileController
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

EXAMPLES, RECENT = "examples", "recent"  # the submenus FileMenus fills


def _file(
    id: str,
    text: str,
    tip: str,
    callback: Callable[[], object],
    group: str,
    shortcuts: tuple[Shortcut, ...] = (),
    icon: Icon | None = None,
) -> Action:
    """A File menu record; those with an icon show in the toolbar's file group too."""
    toolbar = "file" if icon is not None else None
    return Action(id, text, tip, callback, "file", group, shortcuts, icon, toolbar=toolbar)


def records(
    files: FileController,
    export_host_code: Callable[[], object],
    quit_app: Callable[[], object],
) -> tuple[Item, ...]:
    return (
        _file(
            "new",
            QT_TRANSLATE_NOOP("WindowActions", "&New"),
            QT_TRANSLATE_NOOP("WindowActions", "Start a new session from a small working kernel"),
            files.new_document,
            "open",
            (Key.New,),
            ("document-new", Pixmap.SP_FileIcon),
        ),
        _file(
            "open",
            QT_TRANSLATE_NOOP("WindowActions", "&Open…"),
            QT_TRANSLATE_NOOP("WindowActions", "Open a session (.json) or a kernel source (.cl)"),
            files.ask_and_open,
            "open",
            (Key.Open,),
            ("document-open", Pixmap.SP_DialogOpenButton),
        ),
        Submenu(EXAMPLES, QT_TRANSLATE_NOOP("WindowActions", "Open &Example"), "file", "open"),
        Submenu(RECENT, QT_TRANSLATE_NOOP("WindowActions", "Open &Recent"), "file", "open"),
        _file(
            "save",
            QT_TRANSLATE_NOOP("WindowActions", "&Save"),
            QT_TRANSLATE_NOOP("WindowActions", "Save the session"),
            files.save,
            "save",
            (Key.Save,),
            ("document-save", Pixmap.SP_DialogSaveButton),
        ),
        _file(
            "save_as",
            QT_TRANSLATE_NOOP("WindowActions", "Save &As…"),
            QT_TRANSLATE_NOOP("WindowActions", "Save the session to a new file"),
            files.save_as,
            "save",
            ("Ctrl+Shift+S",),
        ),
        _file(
            "save_source",
            QT_TRANSLATE_NOOP("WindowActions", "Save Kernel Source As…"),
            QT_TRANSLATE_NOOP("WindowActions", "Save the OpenCL C source alone, as a .cl file"),
            files.save_source_as,
            "save",
        ),
        _file(
            "export_host_code",
            QT_TRANSLATE_NOOP("WindowActions", "&Export Host Code…"),
            QT_TRANSLATE_NOOP(
                "WindowActions",
                "Write the session's host program in Python or C, ready to build and run",
            ),
            export_host_code,
            "session",
        ),
        _file(
            "properties",
            QT_TRANSLATE_NOOP("WindowActions", "&Properties…"),
            QT_TRANSLATE_NOOP("WindowActions", "The session's title and description"),
            files.edit_properties,
            "session",
        ),
        _file(
            "quit",
            QT_TRANSLATE_NOOP("WindowActions", "&Quit"),
            QT_TRANSLATE_NOOP("WindowActions", "Close CL Studio"),
            quit_app,
            "quit",
            ("Ctrl+Q",),
        ),
    )
