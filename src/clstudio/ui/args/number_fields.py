"""Text fields for numbers of an exact OpenCL type, and for lists of sizes.

QSpinBox holds 32-bit ints only, and QDoubleValidator follows the locale (a comma in
some countries, while the session file writes a dot). These validators use Python's
own exact integers and float syntax, so a ulong takes all of 0 to 2^64 - 1.
"""

from __future__ import annotations

import math
import re

import numpy as np
from PySide6.QtCore import Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QLineEdit, QWidget

from clstudio.common import NUMPY_TO_OPENCL, value_range
from clstudio.session import MAX_DIMS, MAX_ITEMS

State = QValidator.State
_INT = re.compile(r"[+-]?\d+")
_FLOAT_PREFIX = re.compile(r"[+-]?(\d*\.?\d*)([eE][+-]?\d*)?")
_SIZES = re.compile(r"\d+(\s*(,|x|×|\s)\s*\d+)*")
_SIZES_PREFIX = re.compile(r"(\d+\s*(,|x|×|\s)\s*)*\d*\s*(,|x|×)?\s*")
_SIZE_SPLIT = re.compile(r"\s*(?:,|x|×|\s)\s*")


class IntValidator(QValidator):
    """Whole numbers from low to high; a keystroke that can only leave the range is refused."""

    def __init__(self, low: int, high: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.low, self.high = low, high

    def validate(self, text: str, pos: int) -> State:
        text = text.strip()
        if text in ("", "+") or (text == "-" and self.low < 0):
            return State.Intermediate
        if not _INT.fullmatch(text):
            return State.Invalid
        value = int(text)
        if self.low <= value <= self.high:
            return State.Acceptable
        # More digits only move a number further from zero: past the end there is no way back.
        if value > self.high >= 0 or value < self.low <= 0:
            return State.Invalid
        return State.Intermediate

    def hint(self) -> str:
        return self.tr("a whole number from {low} to {high}").format(low=self.low, high=self.high)


class FloatValidator(QValidator):
    """Finite numbers in Python's syntax (a dot, optional exponent) of at most `largest` size."""

    def __init__(self, largest: float, low: float = -math.inf, parent: QWidget | None = None):
        super().__init__(parent)
        self.largest, self.low = largest, low

    def validate(self, text: str, pos: int) -> State:
        text = text.strip()
        if not _FLOAT_PREFIX.fullmatch(text):
            return State.Invalid
        try:
            value = float(text)
        except ValueError:
            return State.Intermediate
        if not math.isfinite(value) or abs(value) > self.largest:
            return State.Invalid
        return State.Acceptable if value >= self.low else State.Intermediate

    def hint(self) -> str:
        if self.low > -math.inf:
            return self.tr("a number of at least {low}").format(low=f"{self.low:g}")
        return self.tr("a number (at most {largest} in size)").format(largest=f"{self.largest:.4g}")


def mark_invalid(widget: QWidget, invalid: bool) -> None:
    """Set the `invalid` property the panel's style sheet draws a red border for."""
    if widget.property("invalid") != invalid:
        widget.setProperty("invalid", invalid)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


def number_text(value: int | float) -> str:
    """How the fields show a value: whole numbers without a trailing `.0` when they are ints."""
    if isinstance(value, bool):
        return str(int(value))
    return str(value) if isinstance(value, int) else repr(float(value))


class NumberField(QLineEdit):
    """A line edit for one value of a numpy scalar type.

    `valueEdited(value | None)` on every edit by the user: None while the text is incomplete.
    """

    valueEdited = Signal(object)

    def __init__(self, dtype: np.dtype | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._validator: IntValidator | FloatValidator = FloatValidator(float("inf"))
        self.set_dtype(np.dtype("float64") if dtype is None else dtype)
        self.textChanged.connect(self._on_text_changed)
        self.textEdited.connect(self._on_text_edited)

    def set_dtype(self, dtype: np.dtype) -> None:
        """Accept values of `dtype`: exact integer ranges, or the float type's largest value."""
        low, high = value_range(dtype)
        if dtype.kind in "iub":
            self._validator = IntValidator(int(low), int(high), self)
        else:
            self._validator = FloatValidator(float(high), parent=self)
        self._what = self.tr("a {type}").format(type=NUMPY_TO_OPENCL.get(dtype.name, dtype.name))
        self.setValidator(self._validator)
        self._on_text_changed(self.text())

    def set_int_range(self, low: int, high: int, what: str) -> None:
        """Whole numbers from low to high, whatever the type; `what` names them ("the count")."""
        self._validator = IntValidator(low, high, self)
        self._what = what
        self.setValidator(self._validator)
        self._on_text_changed(self.text())

    def set_lower_bound(self, low: float) -> None:
        """Floats only: refuse values under `low` (a standard deviation, say)."""
        if isinstance(self._validator, FloatValidator):
            self._validator.low = low
            self._on_text_changed(self.text())

    def set_value(self, value: int | float) -> None:
        """Show a value; shown but flagged when it does not fit the type (from a file, say)."""
        self.setText(number_text(value))
        self._on_text_changed(self.text())  # callers often block signals, this one included

    def clear_value(self) -> None:
        self.clear()
        self._on_text_changed("")

    def value(self) -> int | float | None:
        """The value typed, or None while the text is incomplete or out of range."""
        if not self.hasAcceptableInput():
            return None
        text = self.text().strip()
        return int(text) if isinstance(self._validator, IntValidator) else float(text)

    def problem(self) -> str | None:
        """What to type, in words, while the text is not a value of the type."""
        if self.hasAcceptableInput():
            return None
        return self.tr("{what} takes {hint}").format(what=self._what, hint=self._validator.hint())

    def _on_text_changed(self, _text: str) -> None:
        mark_invalid(self, not self.hasAcceptableInput())
        self.setToolTip(self.problem() or "")

    def _on_text_edited(self, _text: str) -> None:
        self.valueEdited.emit(self.value())


def parse_sizes(text: str) -> tuple[int, ...] | None:
    """`1024`, `64, 128`, `512 x 512`: positive sizes; None when the text is not that."""
    text = text.strip()
    if not _SIZES.fullmatch(text):
        return None
    sizes = tuple(int(part) for part in _SIZE_SPLIT.split(text))
    return sizes if all(size >= 1 for size in sizes) else None


def parse_buffer_shape(text: str) -> tuple[int, ...] | None:
    """A buffer's shape as typed, or None when it is not sizes or holds more dimensions
    or elements than a session may give a buffer."""
    shape = parse_sizes(text)
    if shape is None or len(shape) > MAX_DIMS or math.prod(shape) > MAX_ITEMS:
        return None
    return shape


class SizesValidator(QValidator):
    """Lists of positive sizes separated by commas, spaces or `x`."""

    def validate(self, text: str, pos: int) -> State:
        if parse_sizes(text) is not None:
            return State.Acceptable
        return State.Intermediate if _SIZES_PREFIX.fullmatch(text) else State.Invalid
