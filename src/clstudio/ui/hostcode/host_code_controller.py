"""What the Host code tab shows, kept in step with the session, and File > Export host code….

A program is made from the session as the form has it and the kernel's signature from
the last good build, for the device builds and runs use. Making one takes about a
millisecond, so it happens on the GUI thread at every change.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from clstudio.common import KernelSignature
from clstudio.devices import DeviceInfo, DeviceSelector
from clstudio.hostcode import (
    MAIN_FILES,
    ExportError,
    FolderNotEmptyError,
    export_program,
    host_program,
)
from clstudio.session import Session
from clstudio.ui.hostcode.host_code_panel import LANGUAGE_NAMES, HostCodePanel
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP
from clstudio.ui.workbench import Workbench

NOT_BUILT = (
    QT_TRANSLATE_NOOP("HostCodeController", "No host code yet"),
    QT_TRANSLATE_NOOP(
        "HostCodeController",
        "Build the kernel (Ctrl+B): the host program needs the types of its arguments.",
    ),
)


class HostCodeController(QObject):
    """Refreshes the panel when the session, the build or the device changes."""

    messageRaised = Signal(str)  # for the status bar

    def __init__(
        self,
        panel: HostCodePanel,
        workbench: Workbench,
        active_device: Callable[[], DeviceInfo | None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.panel = panel
        self.workbench = workbench
        self._active_device = active_device
        workbench.documentChanged.connect(self.refresh)
        workbench.editor.buildFinished.connect(self._on_editor_build_finished)
        panel.languageChosen.connect(self._on_panel_language_chosen)
        panel.exportRequested.connect(lambda: self.export(panel.window()))
        self.refresh()

    def refresh(self) -> None:
        session, signature = self._inputs()
        if signature is None:
            self.panel.show_unavailable(*(self.tr(text) for text in NOT_BUILT))
            return
        selector, platform = self._device()
        try:
            program = host_program(
                session, signature, self.panel.chosen_language(), selector, platform
            )
        except ExportError as exc:
            self.panel.show_unavailable(self.tr("No host code for this session"), str(exc))
            return
        self.panel.set_program(program)

    def export(self, parent: QWidget) -> Path | None:
        """Ask for a language and a folder and write the program there; None if not written."""
        session, signature = self._inputs()
        if signature is None:
            QMessageBox.information(parent, self.tr("Export host code"), self.tr(NOT_BUILT[1]))
            return None
        names = list(LANGUAGE_NAMES.values())
        current = names.index(LANGUAGE_NAMES[self.panel.chosen_language()])
        name, ok = QInputDialog.getItem(
            parent,
            self.tr("Export host code"),
            self.tr("Write the host program in:"),
            names,
            current,
            False,
        )
        if not ok:
            return None
        language = next(key for key, shown in LANGUAGE_NAMES.items() if shown == name)
        start = str(self.workbench.document.path.parent) if self.workbench.document.path else ""
        chosen = QFileDialog.getExistingDirectory(
            parent, self.tr("Export host code into folder"), start
        )
        if not chosen:
            return None
        folder = Path(chosen)
        selector, platform = self._device()
        try:
            try:
                export_program(session, signature, language, folder, selector, platform)
            except FolderNotEmptyError:
                if not _agree_to_replace(parent, folder, MAIN_FILES[language]):
                    return None
                export_program(session, signature, language, folder, selector, platform, True)
        except ExportError as exc:
            QMessageBox.warning(parent, self.tr("Cannot export host code"), str(exc))
            return None
        if language == "python":
            done = self.tr("Exported the host program to {folder}: run it with python main.py")
        else:
            done = self.tr("Exported the host program to {folder}: run it with make, then ./main")
        self.messageRaised.emit(done.format(folder=folder))
        return folder

    def _inputs(self) -> tuple[Session, KernelSignature | None]:
        session = self.workbench.document.session
        good = self.workbench.editor.controller.last_good
        return session, good.kernel(session.kernel) if good is not None else None

    def _device(self) -> tuple[DeviceSelector | None, str | None]:
        device = self._active_device()
        if device is None:
            return None, None
        return DeviceSelector(device.platform_name, device.name), device.platform_name

    def _on_editor_build_finished(self, _result: object) -> None:
        self.refresh()

    def _on_panel_language_chosen(self, _language: str) -> None:
        self.refresh()


def _agree_to_replace(parent: QWidget, folder: Path, main_file: str) -> bool:
    buttons = QMessageBox.StandardButton
    answer = QMessageBox.question(
        parent,
        QCoreApplication.translate("HostCodeController", "Folder not empty"),
        QCoreApplication.translate(
            "HostCodeController",
            "“{folder}” holds files already. Export into it anyway? Files with the export's "
            "names ({main_file}, the kernel, its data) are replaced; other files stay.",
        ).format(folder=folder, main_file=main_file),
        buttons.Yes | buttons.Cancel,
        buttons.Cancel,
    )
    return answer == buttons.Yes
