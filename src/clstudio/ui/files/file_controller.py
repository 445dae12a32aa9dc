"""The file lifecycle of the one open session: new, open, examples, save, and asking first.

The controller gets the document's owner (the workbench), the settings, the recovery
store, a status sink and the window, which parents its dialogs and shows the
document's name in its title.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from clstudio.embedded import HostFileError, language_of, read_host_file
from clstudio.session import Session, SessionError, title_of
from clstudio.ui.document import Document
from clstudio.ui.editor.recovery import RecoveryStore
from clstudio.ui.files.file_dialogs import (
    ask_embedded_kernel,
    ask_path_to_open,
    ask_session_path,
    ask_source_path,
)
from clstudio.ui.files.file_menus import shown_description
from clstudio.ui.files.foreign_capture_import import foreign_capture_of
from clstudio.ui.properties_dialog import PropertiesDialog
from clstudio.ui.questions import Button, agrees
from clstudio.ui.settings import AppSettings
from clstudio.ui.status_bar import CONFIRMATION_MS, StatusSink

if TYPE_CHECKING:  # written back at the first Save of a kernel of a host file
    from clstudio.embedded import WrittenBack


class DocumentOwner(Protocol):
    """Who holds the open document and shows it in the panels (the workbench)."""

    document: Document

    def new_document(self) -> Document: ...
    def show_document(self, document: Document) -> None: ...
    def restore_session(self, session: Session) -> None: ...
    def set_properties(self, title: str, description: str) -> None: ...


class FileController(QObject):
    """Opens and saves the session, asking about unsaved changes and replaced files."""

    documentOpened = Signal()  # another document is open: the device is chosen again
    documentShown = Signal()  # the editor got a new text, its undo history gone

    def __init__(
        self,
        owner: DocumentOwner,
        settings: AppSettings,
        recovery: RecoveryStore,
        status: StatusSink,
        window: QWidget,
    ) -> None:
        super().__init__(window)
        self._owner = owner
        self._settings = settings
        self._recovery = recovery
        self._status = status
        self._window = window
        # Set by the window: File > Open of a capture made elsewhere imports it instead.
        self.import_capture: Callable[[Path], bool] | None = None

    @property
    def document(self) -> Document:
        return self._owner.document

    def session(self) -> Session:
        """The open session, for the jobs that read it as they start."""
        return self.document.session

    def show_title(self) -> None:
        self._window.setWindowTitle(f"{self.document.name}[*] — CL Studio")
        self._window.setWindowModified(self.document.dirty)

    def keep_edit(self) -> None:
        """Any edit (source, arguments, sizes): mark the title, keep a recovery copy."""
        session = self.document.session
        self._recovery.record(session.source, self.document.path, session)
        self.show_title()

    def _open_document(self, document: Document) -> None:
        self._owner.show_document(document)
        self.show_title()
        self.documentShown.emit()
        self.documentOpened.emit()

    def show_current(self) -> None:
        """Show the owner's document everywhere, as if just opened: at start."""
        self._open_document(self.document)

    def restore_session(self, session: Session) -> None:
        """Show a session recovered after a crash as unsaved edits of the current document."""
        self._owner.restore_session(session)
        self.show_title()
        self.documentShown.emit()

    def new_document(self) -> None:
        if self.maybe_save():
            self._open_document(self._owner.new_document())

    def ask_and_open(self) -> bool:
        """File > Open…: ask for a file and open it."""
        return self.open_file(None)

    def open_file(self, path: Path | None) -> bool:
        """Open `path`, or ask for one; False when nothing was opened."""
        if not self.maybe_save():
            return False
        path = path or ask_path_to_open(self._window, self.document)
        return path is not None and self.load(path)

    def load(self, path: Path) -> bool:
        """Replace the document by the session (or bare .cl file, or a kernel of a host
        program's file) at `path`, without asking about the open one."""
        foreign = foreign_capture_of(path)
        if foreign is not None and self.import_capture is not None:
            return self.import_capture(foreign)
        kernel_file = path.suffix.lower() == ".cl"
        try:
            if language_of(path) is not None:
                found = self._embedded_document(path)
                if found is None:
                    return False
                document = found
            elif kernel_file:
                document = Document.from_kernel_file(path)
            else:
                document = Document.open(path)
        except SessionError as exc:
            QMessageBox.warning(self._window, self.tr("Cannot open session"), str(exc))
            self._settings.remove_recent_file(path)
            return False
        except Exception as exc:  # a reader's bug must not cost the session that is open
            traceback.print_exc()
            QMessageBox.warning(
                self._window,
                self.tr("Cannot open session"),
                self.tr(
                    "{path}: CL Studio failed to read it ({error}). "
                    "The open session is kept; please report this, with the file."
                ).format(path=path, error=f"{type(exc).__name__}: {exc}"),
            )
            return False
        self._open_document(document)
        self._settings.add_recent_file(document.path or path)
        return True

    def _embedded_document(self, path: Path) -> Document | None:
        """A kernel of a host file, chosen by the user when it holds several; None when it
        holds none (said in a message) or the choice was cancelled."""
        try:
            host = read_host_file(path)
        except HostFileError as exc:
            raise SessionError(str(exc)) from None
        if not host.sources:
            lines = [self.tr("{file}: no OpenCL C kernel in its strings.").format(file=path)]
            lines += [
                self.tr("Line {line}: a kernel assembled at run time (joined by {joined}).").format(
                    line=found.line, joined=found.joined
                )
                for found in host.assembled
            ]
            if host.problem:
                lines.append(host.problem)
            QMessageBox.warning(self._window, self.tr("No kernel found"), "\n".join(lines))
            return None
        if len(host.sources) == 1 and len(host.sources[0].kernels) == 1:
            source = host.sources[0]
            return Document.from_embedded(host, source, source.kernels[0].name)
        chosen = ask_embedded_kernel(self._window, host)
        return Document.from_embedded(host, *chosen) if chosen is not None else None

    def open_example(self, path: Path, title: str) -> bool:
        if not self.maybe_save():
            return False
        try:
            label = self.tr("{title} (example)").format(title=title)
            document = Document.copy_of(path, label, title)
        except SessionError as exc:
            QMessageBox.warning(self._window, self.tr("Cannot open example"), str(exc))
            return False
        self._open_document(document)
        return True

    def save(self) -> bool:
        if self.document.host_file is not None:
            return self.write_back()
        if self.document.path is None:
            return self.save_as()
        return self.save_to(self.document.path)

    def write_back(self) -> bool:
        """Save for a kernel opened from a host file: write it into the string it came
        from, asking first when the file changed on disk since it was read."""
        from clstudio.embedded import FileChangedError, WriteBackError

        path = self.document.host_file
        assert path is not None
        try:
            try:
                written = self.document.write_back()
            except FileChangedError as exc:
                question = self.tr("{problem}.\n\nWrite the kernel into it anyway?")
                if not agrees(
                    self._window,
                    self.tr("The file changed on disk"),
                    question.format(problem=exc),
                    Button.Cancel,
                ):
                    return False
                written = self.document.write_back(force=True)
        except WriteBackError as exc:
            QMessageBox.warning(self._window, self.tr("Cannot write the kernel back"), str(exc))
            return False
        self._recovery.discard()
        self.show_title()
        self._status.show_message(self._written_text(path, written), CONFIRMATION_MS)
        return True

    def _written_text(self, path: Path, written: WrittenBack) -> str:
        if not written.changed:
            return self.tr("{file} already holds this kernel").format(file=path)
        said = self.tr("Wrote the kernel into {file}, the string at line {line}")
        return said.format(file=path, line=written.origin.line)

    def save_as(self) -> bool:
        path = ask_session_path(self._window, self.document)
        return path is not None and self.save_to(path)

    def save_source_as(self) -> bool:
        """Write the kernel source alone to a .cl file; the session stays as it is."""
        path = ask_source_path(self._window, self.document)
        if path is None:
            return False
        try:
            self.document.save_source(path)
        except OSError as exc:
            QMessageBox.warning(
                self._window,
                self.tr("Cannot save the source"),
                self.tr("Could not save {path}:\n{error}").format(path=path, error=exc),
            )
            return False
        done = self.tr("Saved the kernel source to {path}").format(path=path)
        self._status.show_message(done, CONFIRMATION_MS)
        return True

    def save_to(self, path: Path) -> bool:
        """Save the session at `path`, asking before replacing a file it did not name."""
        try:
            plan = self.document.plan_save(path)
            if plan.would_replace and not self._may_replace(plan.would_replace):
                return False
            saved = self.document.save(path, replace_others=True)
        except (OSError, SessionError) as exc:
            QMessageBox.warning(
                self._window,
                self.tr("Cannot save session"),
                self.tr("Could not save {path}:\n{error}").format(path=path, error=exc),
            )
            return False
        self._settings.add_recent_file(saved)
        self._recovery.discard()
        self.show_title()
        self._status.show_message(self.tr("Saved {path}").format(path=saved), CONFIRMATION_MS)
        return True

    def _may_replace(self, paths: tuple[Path, ...]) -> bool:
        """Ask before a save replaces a file the user did not name in the dialog."""
        names = "\n".join(str(p) for p in paths)
        return agrees(
            self._window,
            self.tr("Replace a file?"),
            self.tr(
                "Saving writes the kernel source beside the session, and this file exists:\n"
                "{names}\n\nIt is not this session's source. Replace it?"
            ).format(names=names),
            Button.Cancel,
        )

    def maybe_save(self) -> bool:
        """Ask Save / Discard / Cancel when there are unsaved changes; True to go on."""
        if not self.document.dirty:
            return True
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self._window,
            self.tr("Unsaved changes"),
            self.tr("“{name}” has unsaved changes. Save them first?").format(
                name=self.document.name
            ),
            buttons.Save | buttons.Discard | buttons.Cancel,
            buttons.Save,
        )
        if answer == buttons.Save:
            return self.save()
        return answer == buttons.Discard

    def edit_properties(self) -> PropertiesDialog:
        """File > Properties, window-modal; OK hands the title and description over."""
        dialog = PropertiesDialog(
            title_of(self.document.session.source),
            shown_description(self.document.session.description),
            self._window,
        )
        dialog.propertiesChosen.connect(self._on_properties_chosen)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()
        return dialog

    def _on_properties_chosen(self, title: str, description: str) -> None:
        # An example's description left as shown stays the session's own (English) text.
        session = self.document.session
        kept = (
            session.description
            if description == shown_description(session.description)
            else description
        )
        self._owner.set_properties(title, kept)
