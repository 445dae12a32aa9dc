"""The session's named sizes at the top of the form: one field each, driving every place
that names it; and the offer to name a size a new kernel repeats."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QPushButton, QWidget

from clstudio.session import MAX_ITEMS
from clstudio.ui.args.number_fields import NumberField
from clstudio.ui.layouts import vbox
from clstudio.validation import SizeSuggestion


def link_label() -> QLabel:
    """The "= N" beside a field that a named size drives."""
    label = QLabel()
    label.setObjectName("sizeLink")
    label.setVisible(False)
    return label


def mark_linked(field: QLineEdit, label: QLabel | None, size_text: str | None) -> None:
    """Show that a field follows a named size, "= N" beside it; typing over it unlinks it."""
    linked = size_text is not None
    if field.property("linked") != linked:
        field.setProperty("linked", linked)
        field.style().unpolish(field)
        field.style().polish(field)
    if label is not None:
        show_link_text(label, size_text)
    if linked:
        field.setToolTip(
            QCoreApplication.translate(
                "SizesEditor",
                "Follows the size {size} (Sizes, at the top); typing a number here unlinks it",
            ).format(size=size_text)
        )


def show_link_text(label: QLabel, size_text: str | None) -> None:
    label.setText(f"= {size_text}" if size_text is not None else "")
    label.setVisible(size_text is not None)
    label.setToolTip(
        QCoreApplication.translate(
            "SizesEditor", "Follows the size {size}: change it under Sizes, at the top"
        ).format(size=size_text)
    )


class SizesEditor(QWidget):
    """`sizesEdited({name: value})` when the user types a complete set of sizes;
    `sizeSuggestionAccepted()` when the user takes the offered size."""

    sizesEdited = Signal(object)
    sizeSuggestionAccepted = Signal()

    def __init__(self, title: QLabel, parent: QWidget | None = None) -> None:
        """`title`: the form's section heading, "Sizes"."""
        super().__init__(parent)
        self.fields: dict[str, NumberField] = {}
        self._form = QFormLayout()
        self._form.setContentsMargins(0, 0, 0, 0)
        self._form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.title = title
        self.suggest = QPushButton()
        self.suggest.setObjectName("sizeSuggestion")
        self.suggest.clicked.connect(self.sizeSuggestionAccepted)
        self.problem = QLabel()
        self.problem.setObjectName("argMessage")
        self.problem.setWordWrap(True)
        self.problem.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = vbox(self.title, self._form, self.problem, self.suggest, parent=self)
        layout.setContentsMargins(0, 0, 0, 6)
        self.set_sizes({}, None)

    def set_sizes(self, sizes: Mapping[str, int], suggestion: SizeSuggestion | None) -> None:
        """Show the sizes and the offer; the fields being typed in stay as they are. Never emits."""
        if list(sizes) != list(self.fields):
            while self._form.rowCount():
                self._form.removeRow(0)
            self.fields = {}
            for name in sizes:
                field = NumberField()
                field.setObjectName(f"size_{name}")
                field.set_int_range(1, MAX_ITEMS, self.tr("the size {name}").format(name=name))
                field.valueEdited.connect(self._on_field_edited)
                self._form.addRow(name, field)
                self.fields[name] = field
        for name, value in sizes.items():
            field = self.fields[name]
            if field.value() != value:
                with QSignalBlocker(field):
                    field.set_value(value)
        self.title.setVisible(bool(sizes) or suggestion is not None)
        self.suggest.setVisible(suggestion is not None)
        if suggestion is not None:
            self.suggest.setText(self.tr("Make {name} a named size").format(name=suggestion.name))
            self.suggest.setToolTip(
                self.tr(
                    "One size, {name} = {value}, for {described}: "
                    "changing {name} then changes them all"
                ).format(
                    name=suggestion.name, value=suggestion.value, described=suggestion.described
                )
            )
        self.show_problem(None)

    def show_problem(self, text: str | None) -> None:
        """Why the sizes typed cannot be taken (a size that no longer divides, say)."""
        self.problem.setText(text or "")
        self.problem.setVisible(text is not None)

    def _on_field_edited(self, _value: object) -> None:
        values = {name: field.value() for name, field in self.fields.items()}
        if all(isinstance(value, int) for value in values.values()):
            self.sizesEdited.emit(values)
        else:
            self.show_problem(next(f.problem() for f in self.fields.values() if f.problem()))
