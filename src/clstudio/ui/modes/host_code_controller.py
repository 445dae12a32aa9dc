"""What the Host code tab shows, kept in step with the session, and File > Export host code….

A program is made from the session as the form has it and the kernel's signature from
the last good build, for the device builds and runs use. Making one takes about a
millisecond, so it happens on the GUI thread at every change.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from clstudio.common import KernelSignature
from clstudio.devices import DeviceInfo, DeviceSelector
from clstudio.session import Session
from clstudio.ui.hostcode.export_dialog import ExportDialog
from clstudio.ui.hostcode.host_code_panel import HostCodePanel
from clstudio.ui.questions import Button, agrees
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
        self.report: QMessageBox | None = None  # the last export's commands, while open
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
        # The program's writers come with the first build: not before the first paint.
        from clstudio.hostcode import ExportError, host_program

        selector, platform = self._device()
        try:
            program = host_program(
                session,
                signature,
                self.panel.chosen_language(),
                selector,
                platform,
                self._type(),
                self._signatures(),
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
        from clstudio.hostcode import (
            MAIN_FILES,
            ExportError,
            FolderNotEmptyError,
            export_folders,
            export_program,
            run_commands,
        )

        document = self.workbench.document.path
        dialog = ExportDialog(self.panel.chosen_language(), document.parent if document else None)
        dialog.setParent(parent, dialog.windowFlags())
        if dialog.exec() != QDialog.DialogCode.Accepted:
            dialog.deleteLater()
            return None
        folder, choice = dialog.chosen_folder(), dialog.chosen_language()
        dialog.deleteLater()
        selector, platform = self._device()
        kind, kernels = self._type(), self._signatures()
        commands: list[tuple[str, list[str]]] = []
        for language, into in export_folders(choice, folder).items():
            try:
                try:
                    written = export_program(
                        session, signature, language, into, selector, platform, False, kind, kernels
                    )
                except FolderNotEmptyError:
                    if not _agree_to_replace(parent, into, MAIN_FILES[language]):
                        return None
                    written = export_program(
                        session, signature, language, into, selector, platform, True, kind, kernels
                    )
            except ExportError as exc:
                QMessageBox.warning(parent, self.tr("Cannot export host code"), str(exc))
                return None
            commands.append((language, run_commands(language, into, written, sys.executable)))
        self.messageRaised.emit(
            self.tr("Exported the host program to {folder}").format(folder=folder)
        )
        self._show_report(parent, folder, commands)
        return folder

    def _show_report(
        self, parent: QWidget, folder: Path, commands: list[tuple[str, list[str]]]
    ) -> None:
        """The commands that run the export, whole and selectable, to copy into a terminal."""
        parts = [self.tr("Exported the host program to {folder}.").format(folder=folder)]
        for language, lines in commands:
            if language == "python":
                said = self.tr("To run the Python program (with the Python that has pyopencl):")
            else:
                said = self.tr("To build and run the C program:")
            parts.append(said + "\n" + "\n".join(lines))
        if self.report is not None:
            self.report.deleteLater()
        self.report = QMessageBox(
            QMessageBox.Icon.Information, self.tr("Host code exported"), "\n\n".join(parts)
        )
        self.report.setParent(parent, self.report.windowFlags())
        self.report.setTextFormat(Qt.TextFormat.PlainText)
        self.report.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.report.open()

    def _inputs(self) -> tuple[Session, KernelSignature | None]:
        session = self.workbench.document.session
        good = self.workbench.editor.controller.last_good
        return session, good.kernel(session.kernel) if good is not None else None

    def _signatures(self) -> dict[str, KernelSignature]:
        """Every kernel of the last good build: a program of several launches needs each."""
        good = self.workbench.editor.controller.last_good
        return {k.name: k for k in good.kernels} if good is not None else {}

    def _type(self) -> str:
        """The type of the device the session runs on, which the program prefers."""
        device = self._active_device()
        return device.type if device is not None else ""

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
    return agrees(
        parent,
        QCoreApplication.translate("HostCodeController", "Folder not empty"),
        QCoreApplication.translate(
            "HostCodeController",
            "“{folder}” holds files already. Export into it anyway? Files with the export's "
            "names ({main_file}, the kernel, its data) are replaced; other files stay.",
        ).format(folder=folder, main_file=main_file),
        Button.Cancel,
    )
