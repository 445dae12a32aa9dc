"""The initial contents of a buffer or an image: one kind of the session format and its fields."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QCoreApplication, QSignalBlocker, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import ElementType
from clstudio.session import INIT_KINDS, SAMPLE_IMAGES, Init, InitKind
from clstudio.ui.args.number_fields import NumberField, mark_invalid
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP
from clstudio.validation import DEFAULT_PICTURE

INIT_LABELS = {
    "zeros": QT_TRANSLATE_NOOP("InitEditor", "zeros"),
    "ones": QT_TRANSLATE_NOOP("InitEditor", "ones"),
    "arange": QT_TRANSLATE_NOOP("InitEditor", "0, 1, 2, … (arange)"),
    "fill": QT_TRANSLATE_NOOP("InitEditor", "one value (fill)"),
    "random": QT_TRANSLATE_NOOP("InitEditor", "random, uniform"),
    "normal": QT_TRANSLATE_NOOP("InitEditor", "random, normal"),
    "values": QT_TRANSLATE_NOOP("InitEditor", "a list of values"),
    "file": QT_TRANSLATE_NOOP("InitEditor", "a .npy file"),
    "image": QT_TRANSLATE_NOOP("InitEditor", "a sample picture"),
    "uninitialised": QT_TRANSLATE_NOOP("InitEditor", "uninitialised (no host data)"),
}
# The parameters of the kinds that take numbers, by their names in the session format.
FIELD_LABELS = {
    "value": QT_TRANSLATE_NOOP("InitEditor", "value"),
    "low": QT_TRANSLATE_NOOP("InitEditor", "low"),
    "high": QT_TRANSLATE_NOOP("InitEditor", "high"),
    "mean": QT_TRANSLATE_NOOP("InitEditor", "mean"),
    "std": QT_TRANSLATE_NOOP("InitEditor", "std"),
}
PICTURE_LABELS = {
    "gradient": QT_TRANSLATE_NOOP("InitEditor", "gradient"),
    "radial_gradient": QT_TRANSLATE_NOOP("InitEditor", "radial gradient"),
    "checkerboard": QT_TRANSLATE_NOOP("InitEditor", "checkerboard"),
    "test_picture": QT_TRANSLATE_NOOP("InitEditor", "test picture"),
    "mandelbrot": QT_TRANSLATE_NOOP("InitEditor", "mandelbrot"),
}
_DEFAULTS = {"fill": {"value": 0}, "random": {"low": 0, "high": 1}, "normal": {"mean": 0, "std": 1}}
_FIELDS: dict[InitKind, tuple[str, ...]] = {
    "fill": ("value",),
    "random": ("low", "high"),
    "normal": ("mean", "std"),
}


def parse_values(text: str) -> list[Any] | None:
    """`1, 2, 3` or a nested JSON list `[[1, 2], [3, 4]]`; None unless rectangular numbers."""
    text = text.strip()
    if not text:
        return None
    try:
        values = json.loads(text if text.startswith("[") else f"[{text}]")
        array = np.asarray(values, dtype=np.float64)
    except (ValueError, TypeError):
        return None
    if not isinstance(values, list) or not np.all(np.isfinite(array)):
        return None
    return values


class InitEditor(QWidget):
    """A kind combo and, below it, the fields of that kind.

    `initEdited(Init | None)` on every edit: None while the parameters are incomplete.
    """

    initEdited = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._needed = 0
        self._picture_problem: str | None = None
        self._base_dir: Path | None = None
        self.kind = QComboBox()
        for kind in INIT_KINDS:
            self.kind.addItem(QCoreApplication.translate("InitEditor", INIT_LABELS[kind]), kind)
        self.kind.setToolTip(self.tr("What the buffer holds before each launch"))
        self.kind.currentIndexChanged.connect(self._on_kind_changed)

        self.fields: dict[str, NumberField] = {}
        self._pages: dict[str, QWidget] = {}
        self._stack = QStackedWidget()
        self._stack.addWidget(QWidget())  # zeros, ones and arange have no parameters
        for kind, names in _FIELDS.items():
            page = QWidget()
            row = QHBoxLayout(page)
            row.setContentsMargins(0, 0, 0, 0)
            for name in names:
                label = self._field_label(name)
                field = NumberField()
                field.setObjectName(f"{kind}_{name}")
                field.setPlaceholderText(label)
                field.valueEdited.connect(self._on_field_edited)
                self.fields[f"{kind}.{name}"] = field
                row.addWidget(QLabel(label))
                row.addWidget(field, 1)
            self._add_page(kind, page)
        self.fields["normal.std"].set_lower_bound(0.0)

        self.values = QLineEdit()
        self.values.setPlaceholderText(self.tr("1, 2, 3, … or [[1, 2], [3, 4]]"))
        self.values.textEdited.connect(self._on_field_edited)
        self._add_page("values", self.values)

        file_page = QWidget()
        file_row = QHBoxLayout(file_page)
        file_row.setContentsMargins(0, 0, 0, 0)
        self.path = QLineEdit()
        self.path.setPlaceholderText(self.tr("data.npy, beside the session file"))
        self.path.textEdited.connect(self._on_field_edited)
        self.browse = QPushButton(self.tr("Browse…"))
        self.browse.clicked.connect(self._on_browse_clicked)
        file_row.addWidget(self.path, 1)
        file_row.addWidget(self.browse)
        self._add_page("file", file_page)

        self.picture = QComboBox()
        for name in SAMPLE_IMAGES:
            english = PICTURE_LABELS.get(name)
            shown = QCoreApplication.translate("InitEditor", english) if english else name
            self.picture.addItem(shown.replace("_", " "), name)
        self.picture.currentIndexChanged.connect(self._on_field_edited)
        self._add_page("image", self.picture)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.kind)
        layout.addWidget(self._stack)
        self._show_page()

    @staticmethod
    def _field_label(name: str) -> str:
        return QCoreApplication.translate("InitEditor", FIELD_LABELS[name])

    def _add_page(self, kind: str, page: QWidget) -> None:
        self._pages[kind] = page
        self._stack.addWidget(page)

    def set_init(self, init: Init, dtype: ElementType) -> None:
        """Show `init` for a buffer of `dtype`; never emits."""
        blockers = [QSignalBlocker(self.kind), *(QSignalBlocker(f) for f in self.fields.values())]
        self.kind.setCurrentIndex(max(0, self.kind.findData(init.kind)))
        self.set_dtype(dtype)
        for kind, names in _FIELDS.items():
            params = init.params if init.kind == kind else _DEFAULTS[kind]
            for name in names:
                value = params.get(name, _DEFAULTS[kind][name])
                self.fields[f"{kind}.{name}"].set_value(value)
        values = init.params.get("values") if init.kind == "values" else None
        self.values.setText("" if values is None else json.dumps(values))
        self.path.setText(str(init.params.get("path", "")) if init.kind == "file" else "")
        with QSignalBlocker(self.picture):
            picture = init.params.get("name") if init.kind == "image" else DEFAULT_PICTURE
            self.picture.setCurrentIndex(max(0, self.picture.findData(picture)))
        del blockers
        self._show_page()
        self._mark_fields()

    def set_dtype(self, dtype: ElementType) -> None:
        """Check a fill value against `dtype`; integer buffers get whole random bounds."""
        # high may be one past the type's largest value (random uint8 is [0, 256)).
        bounds = np.dtype("int64" if dtype.scalar.kind in "iu" else "float64")
        self.fields["fill.value"].set_dtype(dtype.scalar)
        self.fields["random.low"].set_dtype(bounds)
        self.fields["random.high"].set_dtype(bounds)

    def set_needed(self, count: int) -> None:
        """How many numbers a values list must hold: every scalar of the buffer."""
        self._needed = count
        self._mark_fields()

    def set_picture_problem(self, problem: str | None) -> None:
        """Why a sample picture cannot fill the buffer (session.args.picture_problem), or None.

        While there is a reason, the choice is greyed out with the reason as its tooltip.
        """
        self._picture_problem = problem
        model = self.kind.model()
        assert isinstance(model, QStandardItemModel)
        index = self.kind.findData("image")
        item = model.item(index)
        item.setEnabled(problem is None)
        item.setToolTip(problem or "")
        self._mark_fields()

    def set_base_dir(self, base_dir: Path | None) -> None:
        """Where relative .npy paths resolve: the session file's folder."""
        self._base_dir = base_dir

    def init(self) -> Init | None:
        """The contents as set, or None while a parameter is missing or wrong."""
        kind = self.kind.currentData()
        if self.problem() is not None:
            return None
        if kind in _FIELDS:
            params = {name: self.fields[f"{kind}.{name}"].value() for name in _FIELDS[kind]}
            return Init(kind, params)
        if kind == "values":
            return Init("values", {"values": parse_values(self.values.text())})
        if kind == "file":
            return Init("file", {"path": self.path.text().strip()})
        if kind == "image":
            return Init("image", {"name": self.picture.currentData()})
        return Init(kind)

    def problem(self) -> str | None:
        """What is wrong with the parameters, in words; None when they make contents."""
        kind = self.kind.currentData()
        if kind in _FIELDS:
            for name in _FIELDS[kind]:
                problem = self.fields[f"{kind}.{name}"].problem()
                if problem is not None:
                    return self.tr("{field}: {problem}").format(
                        field=self._field_label(name), problem=problem
                    )
            if kind == "random":
                low, high = self.fields["random.low"].value(), self.fields["random.high"].value()
                assert low is not None and high is not None
                if not low < high:
                    return self.tr("random: low ({low}) must be less than high ({high})").format(
                        low=low, high=high
                    )
        if kind == "values":
            values = parse_values(self.values.text())
            if values is None:
                return self.tr("values: type numbers separated by commas, or a nested list")
            count = math.prod(np.shape(values))
            if count != self._needed:
                return self.tr("values: {count} given, but the buffer holds {needed}").format(
                    count=count, needed=self._needed
                )
        if kind == "file":
            return self._file_problem(self.path.text().strip())
        if kind == "image" and self._picture_problem is not None:
            return self.tr("picture: {problem}").format(problem=self._picture_problem)
        return None

    def _file_problem(self, text: str) -> str | None:
        if not text.endswith(".npy"):
            return self.tr("file: give the path of a .npy file")
        path = Path(text)
        if not path.is_absolute() and self._base_dir is not None:
            path = self._base_dir / path
        return None if path.is_file() else self.tr("file: {path} not found").format(path=text)

    def _show_page(self) -> None:
        kind = self.kind.currentData()
        page = self._pages.get(kind)
        if page is None:
            self._stack.setCurrentIndex(0)
        else:
            self._stack.setCurrentWidget(page)
        self._stack.setVisible(page is not None)

    def _on_kind_changed(self, _index: int) -> None:
        self._show_page()
        self._on_field_edited()

    def _mark_fields(self) -> None:
        """Outline the values or path field in red while it is what is wrong."""
        kind, wrong = self.kind.currentData(), self.problem() is not None
        mark_invalid(self.values, wrong and kind == "values")
        mark_invalid(self.path, wrong and kind == "file")

    def _on_field_edited(self, *_args: object) -> None:
        self._mark_fields()
        self.initEdited.emit(self.init())  # None tells the buffer its contents are incomplete

    def _on_browse_clicked(self) -> None:
        start = str(self._base_dir) if self._base_dir is not None else ""
        chosen, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Initial contents from a .npy file"),
            start,
            self.tr("NumPy arrays (*.npy)"),
        )
        if not chosen:
            return
        path = Path(chosen)
        if self._base_dir is not None and path.is_relative_to(self._base_dir):
            path = path.relative_to(self._base_dir)
        self.path.setText(str(path))
        self._on_field_edited()
