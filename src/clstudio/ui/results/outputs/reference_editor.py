"""The reference of one output, written in the window: an expression, rtol and atol.

Each keystroke is checked with the safe evaluator's rules, the same ones a session
file is read with, so what the field accepts is what Save writes and Open reads back.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from clstudio.expressions import NO_FIELDS, ExpressionError, Fields, check_expression
from clstudio.session import Reference
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

EXPRESSION_HINT = QT_TRANSLATE_NOOP(
    "ReferenceEditor", "numpy over the arguments, e.g. a + b (a buffer means its initial contents)"
)


def read_tolerance(text: str, name: str) -> float | str:
    """The tolerance typed, or what is wrong with it in words."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        return QCoreApplication.translate(
            "ReferenceEditor", "{name} must be a number of 0 or more, like 1e-5; got '{text}'"
        ).format(name=name, text=text)
    return value


def read_reference(
    expr: str, rtol_text: str, atol_text: str, names: tuple[str, ...], fields: Fields = NO_FIELDS
) -> Reference | str:
    """The reference the fields describe, or the first thing wrong with them in words."""
    expr = expr.strip()
    if not expr:
        return QCoreApplication.translate("ReferenceEditor", "Type an expression: {hint}").format(
            hint=QCoreApplication.translate("ReferenceEditor", EXPRESSION_HINT)
        )
    try:
        check_expression(expr, names, fields)
    except ExpressionError as exc:  # its words come translated by the core
        return QCoreApplication.translate(
            "ReferenceEditor", "The expression fails: {error}"
        ).format(error=exc)
    rtol = read_tolerance(rtol_text, "rtol")
    atol = read_tolerance(atol_text, "atol")
    for value in (rtol, atol):
        if isinstance(value, str):
            return value
    assert isinstance(rtol, float) and isinstance(atol, float)
    return Reference(expr, rtol, atol)


class ReferenceEditor(QWidget):
    """set_output(name, reference, names) shows one output's reference; edits are intents."""

    referenceEdited = Signal(str, object)  # the output's name, its Reference or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._name = ""
        self._names: tuple[str, ...] = ()
        self._fields: Fields = NO_FIELDS
        self.expression = QLineEdit()
        self.expression.setObjectName("referenceExpression")
        self.expression.setPlaceholderText(self.tr(EXPRESSION_HINT))
        self.rtol = QLineEdit()
        self.atol = QLineEdit()
        for field, name in ((self.rtol, "rtol"), (self.atol, "atol")):
            field.setObjectName(f"reference{name.capitalize()}")
            field.setMaximumWidth(80)
            field.setToolTip(
                self.tr(
                    "{name}: an element passes when |got - expected| <= atol + rtol × |expected|"
                ).format(name=name)
            )
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Check this output against nothing"))
        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        self.message = QLabel()
        self.message.setObjectName("referenceMessage")
        self.message.setWordWrap(True)
        for field in (self.expression, self.rtol, self.atol):
            field.textEdited.connect(self._on_field_edited)

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("Reference")))
        row.addWidget(self.expression, 1)
        row.addWidget(QLabel("rtol"))
        row.addWidget(self.rtol)
        row.addWidget(QLabel("atol"))
        row.addWidget(self.atol)
        row.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.message)

    def set_output(
        self,
        name: str,
        reference: Reference | None,
        names: tuple[str, ...],
        fields: Fields = NO_FIELDS,
    ) -> None:
        """Show output `name`'s reference; `names` are those an expression may use, and
        `fields` the fields of its struct arguments."""
        self._name, self._names, self._fields = name, names, fields
        shown = reference or Reference("0")
        with QSignalBlocker(self.expression), QSignalBlocker(self.rtol), QSignalBlocker(self.atol):
            self.expression.setText("" if reference is None else reference.expr)
            self.rtol.setText(f"{shown.rtol:g}")
            self.atol.setText(f"{shown.atol:g}")
        if reference is not None and reference.file is not None:
            self.message.setText(
                self.tr(
                    "Checked against the golden file {file}; "
                    "an expression typed here takes its place."
                ).format(file=reference.file)
            )
        else:
            self.message.setText("")
        self.remove_button.setEnabled(reference is not None)

    def _on_field_edited(self, _text: str) -> None:
        reference = read_reference(
            self.expression.text(), self.rtol.text(), self.atol.text(), self._names, self._fields
        )
        if isinstance(reference, str):
            self.message.setText(reference)
            return
        self.message.setText("")
        self.remove_button.setEnabled(True)
        self.referenceEdited.emit(self._name, reference)

    def _on_remove_button_clicked(self) -> None:
        self.set_output(self._name, None, self._names, self._fields)
        self.referenceEdited.emit(self._name, None)
