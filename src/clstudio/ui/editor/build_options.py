"""The build options field, with the common options a menu click away."""

from __future__ import annotations

import re

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QMenu, QPushButton, QWidget

from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

# (option, its tip marked for translation)
STANDARDS: tuple[tuple[str | None, str], ...] = (
    (None, QT_TRANSLATE_NOOP("BuildOptionsEdit", "The driver's default OpenCL C version")),
    ("CL1.2", QT_TRANSLATE_NOOP("BuildOptionsEdit", "OpenCL C 1.2: what every device understands")),
    (
        "CL2.0",
        QT_TRANSLATE_NOOP(
            "BuildOptionsEdit",
            "OpenCL C 2.0: generic address space, atomics with memory order, pipes",
        ),
    ),
    (
        "CL3.0",
        QT_TRANSLATE_NOOP(
            "BuildOptionsEdit", "OpenCL C 3.0: 1.2 plus the 2.0 features this device reports"
        ),
    ),
)
FLAGS: tuple[tuple[str, str], ...] = (
    (
        "-cl-fast-relaxed-math",
        QT_TRANSLATE_NOOP(
            "BuildOptionsEdit", "Faster, less exact floating point: no NaN or infinity checks"
        ),
    ),
    (
        "-cl-mad-enable",
        QT_TRANSLATE_NOOP(
            "BuildOptionsEdit", "Allow a * b + c as one multiply-add, with less precision"
        ),
    ),
    ("-Werror", QT_TRANSLATE_NOOP("BuildOptionsEdit", "Treat every warning as an error")),
)
DEFINE_TEMPLATE = "-D NAME=VALUE"
_STD = re.compile(r"(?<!\S)-cl-std=\S*")


def _token(option: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\S){re.escape(option)}(?!\S)")


def _tidy(text: str) -> str:
    return " ".join(text.split())


def has_option(options: str, option: str) -> bool:
    return _token(option).search(options) is not None


def toggled(options: str, option: str) -> str:
    """`options` with `option` removed when present, appended when not."""
    if has_option(options, option):
        return _tidy(_token(option).sub("", options))
    return _tidy(f"{options} {option}")


def standard(options: str) -> str | None:
    """The `-cl-std=` value chosen, like `CL2.0`, or None."""
    found = _STD.findall(options)
    return found[-1].split("=", 1)[1] if found else None


def with_standard(options: str, version: str | None) -> str:
    """`options` with its -cl-std replaced by `version` (None: removed)."""
    rest = _STD.sub("", options)
    return _tidy(f"{rest} -cl-std={version}" if version else rest)


class BuildOptionsEdit(QWidget):
    """A line edit for options and a menu that toggles or inserts the common ones."""

    optionsChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field = QLineEdit()
        self.field.setObjectName("buildOptions")
        self.field.setPlaceholderText(self.tr("Build options, e.g. -cl-std=CL2.0 -D N=256"))
        self.field.setToolTip(self.tr("Options passed to the OpenCL compiler (clBuildProgram)"))
        self.field.setClearButtonEnabled(True)
        self.field.textEdited.connect(self._on_field_edited)

        self.menu = QMenu(self)
        self.menu.setToolTipsVisible(True)
        self.menu.aboutToShow.connect(self._on_menu_about_to_show)
        self._standards = QActionGroup(self)
        self._standards.setExclusive(True)
        self.menu.addSection(self.tr("OpenCL C version"))
        for version, tip in STANDARDS:
            text = f"-cl-std={version}" if version else self.tr("Default")
            action = self._menu_action(text, self.tr(tip))
            action.setData(version)
            self._standards.addAction(action)
            action.triggered.connect(lambda _=False, v=version: self._on_standard_chosen(v))
        self.menu.addSection(self.tr("Compiler switches"))
        self._flags: dict[str, QAction] = {}
        for option, tip in FLAGS:
            action = self._menu_action(option, self.tr(tip))
            action.triggered.connect(lambda _=False, o=option: self._on_flag_triggered(o))
            self._flags[option] = action
        self.menu.addSection(self.tr("Macros"))
        define = self.menu.addAction(DEFINE_TEMPLATE)
        define.setToolTip(self.tr("Define a macro for the source, like #define NAME VALUE"))
        define.triggered.connect(self.insert_define)

        self.button = QPushButton(self.tr("Common"))
        self.button.setToolTip(self.tr("Common build options"))
        self.button.setMenu(self.menu)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.field, 1)
        layout.addWidget(self.button)

    def set_options(self, options: str) -> None:
        with QSignalBlocker(self.field):
            self.field.setText(options)

    def options(self) -> str:
        return self.field.text()

    def insert_define(self) -> None:
        """Append `-D NAME=VALUE` and select NAME, ready to be typed over."""
        text = self.field.text().rstrip()
        start = len(text) + (1 if text else 0) + len("-D ")
        self._set_and_announce(f"{text} {DEFINE_TEMPLATE}".strip())
        self.field.setFocus(Qt.FocusReason.OtherFocusReason)
        self.field.setSelection(start, len("NAME"))

    def _menu_action(self, text: str, tip: str) -> QAction:
        action = self.menu.addAction(text)
        action.setToolTip(tip)
        action.setCheckable(True)
        return action

    def _on_standard_chosen(self, version: str | None) -> None:
        self._set_and_announce(with_standard(self.field.text(), version))

    def _on_flag_triggered(self, option: str) -> None:
        self._set_and_announce(toggled(self.field.text(), option))

    def _set_and_announce(self, options: str) -> None:
        if options != self.field.text():
            self.set_options(options)
            self.optionsChanged.emit(options)

    def _on_field_edited(self, text: str) -> None:
        self.optionsChanged.emit(text)

    def _on_menu_about_to_show(self) -> None:
        """Tick what the typed text already holds."""
        text = self.field.text()
        chosen = standard(text)
        for action in self._standards.actions():
            action.setChecked(action.data() == chosen)
        for option, action in self._flags.items():
            action.setChecked(has_option(text, option))
