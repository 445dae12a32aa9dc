"""The "Add a device…" dialog: the ways to more OpenCL devices, each with its command."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QScrollArea, QVBoxLayout, QWidget

from clstudio.devices import INTEL_EXTRA, installed_runtimes
from clstudio.devices.oclgrind_home import OCLGRIND_SETUP, oclgrind_libraries


def _state(installed: bool) -> str:
    if installed:
        return QCoreApplication.translate("AddDeviceDialog", "<b>Installed.</b>")
    return QCoreApplication.translate("AddDeviceDialog", "<b>Not installed.</b>")


def add_device_html() -> str:
    """The three ways to more devices, each saying whether it is already here."""
    intro = QCoreApplication.translate(
        "AddDeviceDialog",
        "CL Studio lists every OpenCL driver it can find. There are three ways to more "
        "devices; after installing one, press <b>Look again</b>.",
    )
    intel_title = QCoreApplication.translate("AddDeviceDialog", "Intel's OpenCL CPU runtime")
    intel = QCoreApplication.translate(
        "AddDeviceDialog",
        "{state} A second CPU device beside the bundled PoCL, with OpenCL C "
        "3.0: <code>half</code> (cl_khr_fp16), work-group functions such as "
        "<code>work_group_reduce_add</code>, and a newer compiler. It runs on any x86-64 CPU, "
        "Intel's or AMD's. About 225 MB to download (800 MB installed). In CL Studio's "
        "folder:",
    ).format(state=_state(bool(installed_runtimes())))
    intel_rest = QCoreApplication.translate(
        "AddDeviceDialog", "CL Studio sets up the rest (its .icd file and library path) by itself."
    )
    oclgrind_title = QCoreApplication.translate("AddDeviceDialog", "Oclgrind, for check mode")
    oclgrind = QCoreApplication.translate(
        "AddDeviceDialog",
        "{state} A simulated device that runs a kernel slowly but reports "
        "out-of-bounds accesses, data races and diverging barriers, each at its source line. "
        "It goes into a folder where only CL Studio looks, so that your own programs keep "
        "PoCL as their first device. In CL Studio's folder:",
    ).format(state=_state(bool(oclgrind_libraries())))
    gpu_title = QCoreApplication.translate("AddDeviceDialog", "Your GPU's own driver")
    gpu = QCoreApplication.translate(
        "AddDeviceDialog",
        "GPU vendors ship OpenCL drivers with their graphics drivers; once installed, their "
        "devices appear here by themselves.",
    )
    drivers = (
        QCoreApplication.translate(
            "AddDeviceDialog",
            "Intel GPUs: <code>{apt}</code> (Debian, Ubuntu), <code>{dnf}</code> (Fedora)",
        ).format(
            apt="sudo apt install intel-opencl-icd", dnf="sudo dnf install intel-compute-runtime"
        ),
        QCoreApplication.translate(
            "AddDeviceDialog",
            "AMD GPUs: ROCm, <code>{rocm}</code> after adding AMD's repository, or "
            "<code>{mesa}</code> (Rusticl)",
        ).format(rocm="sudo apt install rocm-opencl-runtime", mesa="mesa-opencl-icd"),
        QCoreApplication.translate(
            "AddDeviceDialog",
            "NVIDIA GPUs: the proprietary driver brings OpenCL (<code>{package}</code> on Debian)",
        ).format(package="nvidia-opencl-icd"),
    )
    items = "".join(f"<li>{text}</li>" for text in drivers)
    return (
        f"<p>{intro}</p>"
        f"<h3>{intel_title}</h3><p>{intel}</p><pre>{html.escape(INTEL_EXTRA)}</pre>"
        f"<p>{intel_rest}</p>"
        f"<h3>{oclgrind_title}</h3><p>{oclgrind}</p>"
        f"<pre>{html.escape(OCLGRIND_SETUP)}</pre>"
        f"<h3>{gpu_title}</h3><p>{gpu}</p><ul>{items}</ul>"
    )


class AddDeviceDialog(QDialog):
    """Explains the options; `rediscoverRequested` when the user wants the list refreshed."""

    rediscoverRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add a device"))
        self.text = QLabel(add_device_html())
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setContentsMargins(8, 8, 8, 8)
        scroll = QScrollArea()
        scroll.setWidget(self.text)
        scroll.setWidgetResizable(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.look_again = buttons.addButton(
            self.tr("Look again"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.look_again.clicked.connect(self._on_look_again_clicked)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        self.resize(560, 560)

    def _on_look_again_clicked(self) -> None:
        self.text.setText(add_device_html())
        self.rediscoverRequested.emit()
