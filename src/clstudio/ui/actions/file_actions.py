"""The File menu's records."""

from __future__ import annotations

from collections.abc import Callable

from clstudio.ui.actions.action import Action, Item, Key, Pixmap, Submenu
from clstudio.ui.capture.capture_commands import CaptureCommands
from clstudio.ui.files.file_controller import FileController
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

EXAMPLES, RECENT = "examples", "recent"  # the submenus FileMenus fills


def records(
    files: FileController,
    captures: CaptureCommands,
    export_host_code: Callable[[], object],
    quit_app: Callable[[], object],
) -> tuple[Item, ...]:
    return (
        Action(
            id="new",
            text=QT_TRANSLATE_NOOP("WindowActions", "&New"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions", "Start a new session from a small working kernel"
            ),
            callback=files.new_document,
            menu="file",
            group="open",
            shortcuts=(Key.New,),
            icon=("document-new", Pixmap.SP_FileIcon),
            toolbar="file",
        ),
        Action(
            id="open",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Open…"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "Open a session (.json), a kernel source (.cl), or the kernels in a C, C++ or "
                "Python file",
            ),
            callback=files.ask_and_open,
            menu="file",
            group="open",
            shortcuts=(Key.Open,),
            icon=("document-open", Pixmap.SP_DialogOpenButton),
            toolbar="file",
        ),
        Submenu(
            id=EXAMPLES,
            text=QT_TRANSLATE_NOOP("WindowActions", "Open &Example"),
            menu="file",
            group="open",
        ),
        Submenu(
            id=RECENT,
            text=QT_TRANSLATE_NOOP("WindowActions", "Open &Recent"),
            menu="file",
            group="open",
        ),
        Action(
            id="capture_program",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Capture a Program…"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "Run your own pyopencl program and save its kernel launches as sessions",
            ),
            callback=captures.capture_program,
            menu="file",
            group="capture",
        ),
        Action(
            id="open_capture",
            text=QT_TRANSLATE_NOOP("WindowActions", "Open Ca&pture…"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "List the launches of a captured program and open one, or the whole program",
            ),
            callback=captures.open_capture,
            menu="file",
            group="capture",
        ),
        Action(
            id="save",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Save"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Save the session"),
            callback=files.save,
            menu="file",
            group="save",
            shortcuts=(Key.Save,),
            icon=("document-save", Pixmap.SP_DialogSaveButton),
            toolbar="file",
        ),
        Action(
            id="save_as",
            text=QT_TRANSLATE_NOOP("WindowActions", "Save &As…"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Save the session to a new file"),
            callback=files.save_as,
            menu="file",
            group="save",
            shortcuts=("Ctrl+Shift+S",),
        ),
        Action(
            id="save_source",
            text=QT_TRANSLATE_NOOP("WindowActions", "Save Kernel Source As…"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Save the OpenCL C source alone, as a .cl file"),
            callback=files.save_source_as,
            menu="file",
            group="save",
        ),
        Action(
            id="export_host_code",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Export Host Code…"),
            tip=QT_TRANSLATE_NOOP(
                "WindowActions",
                "Write the session's host program in Python or C, ready to build and run",
            ),
            callback=export_host_code,
            menu="file",
            group="session",
        ),
        Action(
            id="properties",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Properties…"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "The session's title and description"),
            callback=files.edit_properties,
            menu="file",
            group="session",
        ),
        Action(
            id="quit",
            text=QT_TRANSLATE_NOOP("WindowActions", "&Quit"),
            tip=QT_TRANSLATE_NOOP("WindowActions", "Close CL Studio"),
            callback=quit_app,
            menu="file",
            group="quit",
            shortcuts=("Ctrl+Q",),
        ),
    )
