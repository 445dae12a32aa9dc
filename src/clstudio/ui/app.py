"""Starting the desktop application: `clstudio` and `clstudio SESSION.json` end up here."""

from __future__ import annotations

import sys
import time
import traceback
from dataclasses import replace
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QMessageBox

from clstudio import __version__
from clstudio.session import Session, SessionError, parse_session
from clstudio.ui.backends import Backends
from clstudio.ui.devices.discovery_runner import DiscoverFn
from clstudio.ui.editor.recovery import Recovery
from clstudio.ui.language import install_translators
from clstudio.ui.main_window import MainWindow
from clstudio.ui.questions import agrees
from clstudio.ui.settings import APPLICATION, ORGANIZATION, AppSettings


def create_application(argv: list[str] | None = None) -> QApplication:
    """The one QApplication, named so QSettings and the window manager know it."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("clstudio")
    # Fusion looks the same everywhere and honours our light and dark palettes.
    app.setStyle("Fusion")
    return app


def open_main_window(
    session_path: Path | None = None,
    settings: AppSettings | None = None,
    discover: DiscoverFn | None = None,
    backends: Backends | None = None,
) -> MainWindow:
    """Show the window on `session_path`, or on the last session, or on a new one.

    Edits that a crash or a kill left unsaved are offered back first.
    """
    settings = settings or AppSettings()
    window = MainWindow(settings, discover, backends)
    if session_path is not None:
        window.show()  # first, so a broken file's message appears over the window
        window.files.load(session_path)
    else:
        last = settings.last_session()
        if last is not None and last.is_file():
            window.files.load(last)
        window.show()
    offer_recovery(window)
    return window


def offer_recovery(window: MainWindow) -> bool:
    """Offer the newest edits left by a CL Studio that did not end cleanly; True if restored."""
    recovery = window.recovery.pending_recovery()
    if recovery is None:
        return False
    where = (
        recovery.session_path.name
        if recovery.session_path
        else QCoreApplication.translate("App", "an unsaved session")
    )
    saved = time.strftime("%Y-%m-%d %H:%M", time.localtime(recovery.saved_at))
    restored = agrees(
        window,
        QCoreApplication.translate("App", "Restore unsaved edits?"),
        QCoreApplication.translate(
            "App",
            "CL Studio did not close cleanly. Edits of {where} from {saved} were kept. "
            "Restore them?",
        ).format(where=where, saved=saved),
        default_yes=True,
    )
    if restored:
        if recovery.session_path is not None and recovery.session_path.is_file():
            window.files.load(recovery.session_path)
        window.files.restore_session(recovered_session(recovery, window.workbench.document.session))
    window.recovery.forget(recovery)
    return restored


def recovered_session(recovery: Recovery, current: Session) -> Session:
    """The whole session the recovery kept; its source on `current` if the rest is unreadable."""
    if recovery.session is not None:
        base_dir = recovery.session_path.parent if recovery.session_path else current.base_dir
        try:
            # With a source_file, the saved form names the file: the edits are in `source`.
            return _with_recovered_source(parse_session(recovery.session, base_dir), recovery)
        except SessionError:
            pass  # a .npy file it named may be gone: keep what certainly survives
    return _with_recovered_source(current, recovery)


def _with_recovered_source(session: Session, recovery: Recovery) -> Session:
    """The recovered text in `session`: each part's, or the whole program as one text
    when the parts no longer match (the edits survive, the split does not)."""
    if session.source_parts and len(recovery.parts) == len(session.source_parts):
        return session.with_part_texts(recovery.parts)
    return replace(session, source=recovery.source, source_parts=())


def _show_unexpected_error(
    kind: type[BaseException], value: BaseException, tb: TracebackType | None
) -> None:
    """Exceptions from slots would otherwise vanish into a terminal the user never sees."""
    text = "".join(traceback.format_exception(kind, value, tb))
    sys.stderr.write(text)
    title = QCoreApplication.translate("App", "Unexpected error")
    box = QMessageBox(QMessageBox.Icon.Critical, title, f"{kind.__name__}: {value}")
    box.setInformativeText(
        QCoreApplication.translate(
            "App", "CL Studio keeps running; the details may help to report it."
        )
    )
    box.setDetailedText(text)
    box.exec()


def run_app(session_path: Path | None = None) -> int:
    """Open the window and run the event loop; returns the exit status."""
    app = create_application()
    settings = AppSettings()
    install_translators(app, settings.language())  # before any widget takes its texts
    sys.excepthook = _show_unexpected_error
    window = open_main_window(session_path, settings)
    status = app.exec()
    del window
    return status
