"""The NDRange: 1 to 3 dimensions, the global size, and a local size or 'auto'."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QMenu,
    QPushButton,
    QWidget,
)

from clstudio.session import MAX_ITEMS, SizePath
from clstudio.ui.args.number_fields import NumberField
from clstudio.ui.args.sizes_editor import link_label, mark_linked, show_link_text
from clstudio.validation import FillChoice, suggested_local_size

MAX_DIMS = 3
_AXES = "xyz"
Range = tuple[tuple[int, ...], tuple[int, ...] | None]


def _fields(what: str) -> list[NumberField]:
    """The fields of the global or the local size, one per dimension."""
    if what == "global":
        name = QCoreApplication.translate("NDRangeEditor", "the global size in dimension {d}")
    else:
        name = QCoreApplication.translate("NDRangeEditor", "the local size in dimension {d}")
    fields = []
    for d in range(MAX_DIMS):
        field = NumberField()
        field.set_int_range(1, MAX_ITEMS, name.format(d=d))
        field.setObjectName(f"{what}_{d}")
        field.setPlaceholderText(_AXES[d])
        fields.append(field)
    return fields


def _show(fields: list[NumberField], sizes: tuple[int, ...]) -> None:
    for d, field in enumerate(fields):
        if d < len(sizes):
            field.set_value(sizes[d])
        else:
            field.clear_value()


class NDRangeEditor(QWidget):
    """`rangeEdited((global, local | None) | None)` on every edit; None while incomplete."""

    rangeEdited = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._max_group = 256
        self._explicit_local: tuple[int, ...] | None = None
        self.dims = QComboBox()
        for d in range(1, MAX_DIMS + 1):
            self.dims.addItem(self.tr("{d}-D").format(d=d), d)
        self.dims.setToolTip(self.tr("How many dimensions the index space has"))
        self.dims.currentIndexChanged.connect(self._on_dims_changed)

        self.fill = QPushButton(self.tr("From an argument"))
        self.fill.setToolTip(
            self.tr(
                "Set the global size to one work-item per element of a buffer, "
                "or per pixel of an image"
            )
        )
        self.fill_menu = QMenu(self.fill)
        self.fill.setMenu(self.fill_menu)

        self.global_fields = _fields("global")
        self.local_fields = _fields("local")
        for field in (*self.global_fields, *self.local_fields):
            field.valueEdited.connect(self._on_field_edited)
        self.auto = QCheckBox(self.tr("auto"))
        self.auto.setToolTip(
            self.tr("Let the OpenCL implementation pick the work-group size (local_size null)")
        )
        self.auto.toggled.connect(self._on_auto_toggled)

        self._grid = grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(self.tr("Dimensions")), 0, 0)
        grid.addWidget(self.dims, 0, 1)
        grid.addWidget(self.fill, 0, 2, 1, 3)
        grid.addWidget(QLabel(self.tr("Global size")), 1, 0)
        grid.addWidget(QLabel(self.tr("Local size")), 2, 0)
        for d in range(MAX_DIMS):
            grid.addWidget(self.global_fields[d], 1, d + 1)
            grid.addWidget(self.local_fields[d], 2, d + 1)
        grid.addWidget(self.auto, 2, MAX_DIMS + 1)
        self.global_link = link_label()
        grid.addWidget(self.global_link, 1, MAX_DIMS + 1)
        self._links: Mapping[SizePath, str] = {}
        self.set_buffers(())
        self.set_range((1,), None)

    def set_range(self, global_size: tuple[int, ...], local_size: tuple[int, ...] | None) -> None:
        """Show a range; never emits."""
        widgets = [self.dims, self.auto, *self.global_fields, *self.local_fields]
        blockers = [QSignalBlocker(w) for w in widgets]
        self.dims.setCurrentIndex(len(global_size) - 1)
        _show(self.global_fields, global_size)
        if local_size is not None:
            self._explicit_local = local_size
        shown = local_size or self._explicit_local
        if shown is None or len(shown) != len(global_size):
            shown = suggested_local_size(
                global_size, self._max_group, divides=local_size is not None
            )
        _show(self.local_fields, shown)
        self.auto.setChecked(local_size is None)
        del blockers
        self._show_dims()

    def forget_local(self) -> None:
        """Another session: the explicit local size remembered for 'auto' is not its own."""
        self._explicit_local = None

    def set_links(self, links: Mapping[SizePath, str]) -> None:
        """Show the sizes that drive the range ({("global_size", 0): "N"}): those fields
        follow them, read-only."""
        self._links = links
        self._show_links()

    def _show_links(self) -> None:
        dims = self._dim_count()
        for what, fields in (
            ("global_size", self.global_fields),
            ("local_size", self.local_fields),
        ):
            for d, field in enumerate(fields):
                mark_linked(field, None, self._links.get((what, d)) if d < dims else None)
        linked = [self._links.get(("global_size", d)) for d in range(dims)]
        texts = [text or (self.global_fields[d].text()) for d, text in enumerate(linked)]
        show_link_text(self.global_link, ", ".join(texts) if any(linked) else None)
        self.fill.setEnabled(self.fill_menu.actions() != [] and not any(linked))

    def set_buffers(self, choices: Sequence[FillChoice]) -> None:
        """The buffers the global size can be taken from: `from c: 1024`."""
        self.fill_menu.clear()
        for choice in choices:
            action = self.fill_menu.addAction(choice.label)
            action.triggered.connect(lambda _=False, c=choice: self._on_fill_chosen(c))
        self._show_links()

    def set_max_group(self, size: int) -> None:
        """The device's work-group limit, for the local size suggested when 'auto' goes off."""
        self._max_group = max(1, size)

    def global_size(self) -> tuple[int, ...] | None:
        return self._sizes(self.global_fields)

    def local_size(self) -> tuple[int, ...] | None:
        """None for 'auto' (and while a field is incomplete: see problem())."""
        return None if self.auto.isChecked() else self._sizes(self.local_fields)

    def current(self) -> Range | None:
        """(global, local or None for auto), or None while a field is incomplete."""
        if self.problem() is not None:
            return None
        global_size = self.global_size()
        assert global_size is not None
        return global_size, self.local_size()

    def problem(self) -> str | None:
        """What to fix in the fields, in words."""
        fields = self.global_fields[: self._dim_count()]
        if not self.auto.isChecked():
            fields += self.local_fields[: self._dim_count()]
        return next((f.problem() for f in fields if f.problem() is not None), None)

    def _dim_count(self) -> int:
        return int(self.dims.currentData())

    def _sizes(self, fields: list[NumberField]) -> tuple[int, ...] | None:
        values = [field.value() for field in fields[: self._dim_count()]]
        if any(value is None for value in values):
            return None
        return tuple(int(value) for value in values)  # type: ignore[arg-type]

    def _show_dims(self) -> None:
        dims = self._dim_count()
        for d in range(MAX_DIMS):
            self.global_fields[d].setVisible(d < dims)
            self.local_fields[d].setVisible(d < dims)
            self.local_fields[d].setEnabled(not self.auto.isChecked())
            self._grid.setColumnStretch(d + 1, 1 if d < dims else 0)
        self._show_links()

    def _resized(self, fields: list[NumberField], dims: int) -> tuple[int, ...]:
        return tuple(int(field.value() or 1) for field in fields[:dims])

    def _on_dims_changed(self, _index: int) -> None:
        dims = self._dim_count()
        global_size = self._resized(self.global_fields, dims)
        local = None if self.auto.isChecked() else self._resized(self.local_fields, dims)
        self._explicit_local = None
        self.set_range(global_size, local)
        self.rangeEdited.emit(self.current())

    def _on_fill_chosen(self, choice: FillChoice) -> None:
        local = self.local_size()
        if local is not None and len(local) != len(choice.global_size):
            local = suggested_local_size(choice.global_size, self._max_group)
        self.set_range(choice.global_size, local)
        self.rangeEdited.emit(self.current())

    def _on_auto_toggled(self, checked: bool) -> None:
        global_size = self.global_size()
        if not checked and self._explicit_local is None and global_size is not None:
            # Auto showed a size that need not divide: start from one that does.
            with QSignalBlocker(self.auto):
                _show(self.local_fields, suggested_local_size(global_size, self._max_group))
        self._show_dims()
        self.rangeEdited.emit(self.current())

    def _on_field_edited(self, _value: object) -> None:
        if not self.auto.isChecked():
            self._explicit_local = self._sizes(self.local_fields) or self._explicit_local
        self.rangeEdited.emit(self.current())
