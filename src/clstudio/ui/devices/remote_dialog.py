"""Devices > Add a remote machine…: where the machine is, checked by the one address check
before anything reaches ssh."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clstudio.remote import RemoteAddress, RemoteError, parse_remote


class RemoteMachineDialog(QDialog):
    """Asks for [USER@]HOST[:PORT] and an ssh configuration file; `connectRequested` with
    the checked address, or the reason it is refused shown under the fields."""

    connectRequested = Signal(RemoteAddress)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add a remote machine"))
        intro = QLabel(
            self.tr(
                "CL Studio connects with your ssh: your keys, your agent and your "
                "~/.ssh/config (host aliases, jump hosts). It sets itself up on the machine "
                "in ~/.cache/clstudio, and lists its devices beside this machine's. "
                "CL Studio never asks for or keeps a password."
            )
        )
        intro.setWordWrap(True)
        self.address = QLineEdit()
        self.address.setPlaceholderText(self.tr("gpu-server, or ada@gpu-01.example.org:2222"))
        self.ssh_config = QLineEdit()
        self.ssh_config.setPlaceholderText(self.tr("~/.ssh/config"))
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._on_browse_clicked)
        config_row = QHBoxLayout()
        config_row.addWidget(self.ssh_config, 1)
        config_row.addWidget(browse)
        form = QFormLayout()
        form.addRow(self.tr("Machine ([user@]host[:port]):"), self.address)
        form.addRow(self.tr("ssh configuration file:"), config_row)
        self.problem = QLabel()
        self.problem.setObjectName("remoteMachineProblem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.connect_button = buttons.addButton(
            self.tr("Connect"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.connect_button.setDefault(True)
        buttons.accepted.connect(self._on_connect_clicked)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.resize(520, 0)

    def _on_browse_clicked(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, self.tr("ssh configuration file"))
        if name:
            self.ssh_config.setText(name)

    def _on_connect_clicked(self) -> None:
        try:
            address = parse_remote(self.address.text(), self.ssh_config.text() or None)
        except RemoteError as exc:
            self.problem.setText(str(exc))
            self.problem.show()
            return
        self.problem.hide()
        self.accept()
        self.connectRequested.emit(address)
