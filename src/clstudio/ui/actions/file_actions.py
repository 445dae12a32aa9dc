"""The File menu's records."""

from __future__ import annotations

from collections.abc import Callable

from clstudio.ui.actions.action import Action, Item, Key, Pixmap, Submenu
from clstudio.ui.files.file_controller import FileController
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

EXAMPLES, RECENT = "examples", "recent"  # the submenus FileMenus fills


def records(
    files: FileController,
    export_host_code: Callable[[], object],
    quit_app: Callable[[], object],
) -> tuple[Item, ...]:
    return (
        Action(
            "new",
            QT_TRANSLATE_NOOP("WindowActions", "&New"),
            QT_TRANSLATE_NOOP("WindowActions", "Start a new session from a small working kernel"),
            files.new_document,
            "file",
            "open",
            (Key.New,),
            ("document-new", Pixmap.SP_FileIcon),
            toolbar="file",
        ),
        Action(
            "open",
            QT_TRANSLATE_NOOP("WindowActions", "&Open…"),
            QT_TRANSLATE_NOOP("WindowActions", "Open a session (.json) or a kernel source (.cl)"),
            files.ask_and_open,
            "file",
            "open",
            (Key.Open,),
            ("document-open", Pixmap.SP_DialogOpenButton),
            toolbar="file",
        ),
        Submenu(EXAMPLES, QT_TRANSLATE_NOOP("WindowActions", "Open &Example"), "file", "open"),
        Submenu(RECENT, QT_TRANSLATE_NOOP("WindowActions", "Open &Recent"), "file", "open"),
        Action(
            "save",
            QT_TRANSLATE_NOOP("WindowActions", "&Save"),
            QT_TRANSLATE_NOOP("WindowActions", "Save the session"),
            files.save,
            "file",
            "save",
            (Key.Save,),
            ("document-save", Pixmap.SP_DialogSaveButton),
            toolbar="file",
        ),
        Action(
            "save_as",
            QT_TRANSLATE_NOOP("WindowActions", "Save &As…"),
            QT_TRANSLATE_NOOP("WindowActions", "Save the session to a new file"),
            files.save_as,
            "file",
            "save",
            ("Ctrl+Shift+S",),
        ),
        Action(
            "save_source",
            QT_TRANSLATE_NOOP("WindowActions", "Save Kernel Source As…"),
            QT_TRANSLATE_NOOP("WindowActions", "Save the OpenCL C source alone, as a .cl file"),
            files.save_source_as,
            "file",
            "save",
        ),
        Action(
            "export_host_code",
            QT_TRANSLATE_NOOP("WindowActions", "&Export Host Code…"),
            QT_TRANSLATE_NOOP(
                "WindowActions",
                "Write the session's host program in Python or C, ready to build and run",
            ),
            export_host_code,
            "file",
            "session",
        ),
        Action(
            "properties",
            QT_TRANSLATE_NOOP("WindowActions", "&Properties…"),
            QT_TRANSLATE_NOOP("WindowActions", "The session's title and description"),
            files.edit_properties,
            "file",
            "session",
        ),
        Action(
            "quit",
            QT_TRANSLATE_NOOP("WindowActions", "&Quit"),
            QT_TRANSLATE_NOOP("WindowActions", "Close CL Studio"),
            quit_app,
            "file",
            "quit",
            ("Ctrl+Q",),
        ),
    )
