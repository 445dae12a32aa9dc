"""The status bar: the device in use, the build's state, the last run, and short notes.

Controllers get it as a `StatusSink` (a note to show) or a `DeviceStatusSink`, never the
window.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

from clstudio.devices import DeviceState, DeviceStatus

MESSAGE_MS = 8000  # a note that may need reading: a failure, a finished export
CONFIRMATION_MS = 5000  # a note that confirms what the user just did: saved, device chosen


DATA_MESSAGE_MS = 20000  # a file of the user's data set aside: several can come at start


class StatusSink(Protocol):
    def show_message(self, text: str, milliseconds: int = MESSAGE_MS) -> None: ...
    def show_data_message(self, line: str) -> None: ...


class DeviceStatusSink(StatusSink, Protocol):
    def show_device(self, status: DeviceStatus) -> None: ...


class StatusBar(QObject):
    """Three labels at the right (device, build, last run) beside `extra`, and the notes
    at the left."""

    def __init__(self, bar: QStatusBar, extra: QWidget) -> None:
        super().__init__(bar)
        self._bar = bar
        self.device_label = QLabel()
        self.build_label = QLabel()
        self.run_label = QLabel()
        for label in (self.device_label, self.build_label, self.run_label):
            label.setContentsMargins(8, 0, 8, 0)
            bar.addPermanentWidget(label)
        bar.addPermanentWidget(extra)
        self.show_build_state(self.tr("not built"))
        self.show_last_run(None)
        self.show_device(DeviceStatus(DeviceState.NONE))

    def show_message(self, text: str, milliseconds: int = MESSAGE_MS) -> None:
        self._bar.showMessage(text, milliseconds)

    def show_data_message(self, line: str) -> None:
        """A file of the user's data was set aside or left alone: say so, beside what the
        status bar says already (several can come at window start)."""
        shown = self._bar.currentMessage()
        self._bar.showMessage(f"{shown}  {line}" if shown else line, DATA_MESSAGE_MS)

    def show_build_state(self, text: str) -> None:
        self.build_label.setText(self.tr("Build: {state}").format(state=text))

    def show_last_run(self, text: str | None) -> None:
        self.run_label.setText(
            self.tr("Last run: {summary}").format(summary=text or self.tr("none yet"))
        )

    def show_device(self, status: DeviceStatus) -> None:
        device = status.device
        if device is not None:
            text = self.tr("Device: {name}").format(name=device.name)
            if device.machine:  # runs go to another machine: say which
                text = self.tr("Device: {name} on {machine}").format(
                    name=device.name, machine=device.machine
                )
            tip = self.tr("{type} on {platform}").format(
                type=device.type, platform=device.platform_name
            )
        elif status.state is DeviceState.LOOKING:
            text, tip = self.tr("Device: looking…"), self.tr("Looking for OpenCL devices")
        elif status.state is DeviceState.UNMATCHED:
            text = self.tr("Device: nothing matches “{wanted}”").format(wanted=status.wanted)
            tip = self.tr("The session asks for a device this machine lacks: choose one in Devices")
        else:
            text = self.tr("Device: none")
            tip = self.tr("No OpenCL device found: see the Devices panel")
        self.device_label.setText(text)
        self.device_label.setToolTip(tip)
