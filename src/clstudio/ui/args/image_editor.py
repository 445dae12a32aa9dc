"""An `image2d_t` argument (size, pixel layout, contents) and a `sampler_t` argument."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Signal
from PySide6.QtWidgets import QCheckBox, QFormLayout, QLabel, QWidget

from clstudio.common import KernelArgInfo, format_bytes
from clstudio.session import (
    ADDRESSING_MODES,
    CHANNEL_ORDERS,
    CHANNEL_TYPES,
    FILTER_MODES,
    IMAGE_ACCESS_MODES,
    MAX_ITEMS,
    ImageArg,
    SamplerArg,
    SizePath,
    format_problem,
)
from clstudio.ui.args.buffer_editor import access_combo, choice_combo
from clstudio.ui.args.init_editor import InitEditor
from clstudio.ui.args.number_fields import NumberField
from clstudio.ui.args.sizes_editor import link_label, mark_linked
from clstudio.ui.layouts import hbox
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

_ORDER_HELP = {
    "R": QT_TRANSLATE_NOOP("ImageEditor", "one channel"),
    "A": QT_TRANSLATE_NOOP("ImageEditor", "one channel, alpha"),
    "RG": QT_TRANSLATE_NOOP("ImageEditor", "two channels, red and green"),
    "RA": QT_TRANSLATE_NOOP("ImageEditor", "two channels, red and alpha"),
    "RGBA": QT_TRANSLATE_NOOP("ImageEditor", "red, green, blue and alpha"),
    "BGRA": QT_TRANSLATE_NOOP(
        "ImageEditor", "stored blue, green, red, alpha; the kernel still sees RGBA"
    ),
    "ARGB": QT_TRANSLATE_NOOP(
        "ImageEditor", "stored alpha, red, green, blue; the kernel still sees RGBA"
    ),
    "INTENSITY": QT_TRANSLATE_NOOP("ImageEditor", "one value, read into all four channels"),
    "LUMINANCE": QT_TRANSLATE_NOOP(
        "ImageEditor", "one value, read into red, green and blue (alpha 1)"
    ),
}
_TYPE_HELP = {
    "UNORM_INT8": QT_TRANSLATE_NOOP("ImageEditor", "0 to 255, read as 0.0 to 1.0 by read_imagef"),
    "UNORM_INT16": QT_TRANSLATE_NOOP(
        "ImageEditor", "0 to 65535, read as 0.0 to 1.0 by read_imagef"
    ),
    "SNORM_INT8": QT_TRANSLATE_NOOP(
        "ImageEditor", "-128 to 127, read as -1.0 to 1.0 by read_imagef"
    ),
    "SNORM_INT16": QT_TRANSLATE_NOOP(
        "ImageEditor", "-32768 to 32767, read as -1.0 to 1.0 by read_imagef"
    ),
    "SIGNED_INT8": QT_TRANSLATE_NOOP("ImageEditor", "integers, read unchanged by read_imagei"),
    "SIGNED_INT16": QT_TRANSLATE_NOOP("ImageEditor", "integers, read unchanged by read_imagei"),
    "SIGNED_INT32": QT_TRANSLATE_NOOP("ImageEditor", "integers, read unchanged by read_imagei"),
    "UNSIGNED_INT8": QT_TRANSLATE_NOOP("ImageEditor", "integers, read unchanged by read_imageui"),
    "UNSIGNED_INT16": QT_TRANSLATE_NOOP("ImageEditor", "integers, read unchanged by read_imageui"),
    "UNSIGNED_INT32": QT_TRANSLATE_NOOP("ImageEditor", "integers, read unchanged by read_imageui"),
    "HALF_FLOAT": QT_TRANSLATE_NOOP("ImageEditor", "half floats, read as float by read_imagef"),
    "FLOAT": QT_TRANSLATE_NOOP("ImageEditor", "floats, read unchanged by read_imagef"),
}


def _tips(texts: Mapping[str, str]) -> dict[str, str]:
    return {
        choice: QCoreApplication.translate("ImageEditor", text) for choice, text in texts.items()
    }


class ImageEditor(QWidget):
    """`specEdited(ImageArg | None)` on every edit: None while a field is incomplete."""

    specEdited = Signal(object)

    def __init__(self, info: KernelArgInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.width_field, self.height_field = NumberField(), NumberField()
        for field, what, placeholder in (
            (self.width_field, self.tr("the width"), self.tr("width")),
            (self.height_field, self.tr("the height"), self.tr("height")),
        ):
            field.set_int_range(1, MAX_ITEMS, what)
            field.setPlaceholderText(placeholder)
            field.valueEdited.connect(self._on_edited)
        self.bytes = QLabel()
        self.bytes.setObjectName("imageBytes")
        self.order = choice_combo(CHANNEL_ORDERS, _tips(_ORDER_HELP))
        self.channel_type = choice_combo(CHANNEL_TYPES, _tips(_TYPE_HELP))
        self.access = access_combo(
            self.tr("auto: {mode}").format(mode=info.access), IMAGE_ACCESS_MODES
        )
        for combo in (self.order, self.channel_type, self.access):
            combo.currentIndexChanged.connect(self._on_edited)
        self.contents = InitEditor()
        self.contents.initEdited.connect(self._on_edited)

        self.width_link, self.height_link = link_label(), link_label()
        size_row = hbox(
            (self.width_field, 1),
            self.width_link,
            QLabel("x"),
            (self.height_field, 1),
            self.height_link,
            self.bytes,
        )
        access = QLabel(self.tr("Access"))
        pixel_row = hbox((self.order, 1), (self.channel_type, 1), access, (self.access, 1))
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.tr("Size"), size_row)
        form.addRow(self.tr("Pixels"), pixel_row)
        form.addRow(self.tr("Contents"), self.contents)

    def set_links(self, links: Mapping[SizePath, str]) -> None:
        """Show the width and height named sizes drive (the shape is height, width)."""
        mark_linked(self.height_field, self.height_link, links.get(("shape", 0)))
        mark_linked(self.width_field, self.width_link, links.get(("shape", 1)))

    def set_spec(self, spec: ImageArg, base_dir: Path | None) -> None:
        """Show `spec`; relative .npy paths resolve against base_dir. Never emits."""
        widgets = (self.width_field, self.height_field, self.order, self.channel_type, self.access)
        blockers = [QSignalBlocker(widget) for widget in widgets]
        self.width_field.set_value(spec.width)
        self.height_field.set_value(spec.height)
        self.order.setCurrentIndex(max(0, self.order.findData(spec.order)))
        self.channel_type.setCurrentIndex(max(0, self.channel_type.findData(spec.channel_type)))
        self.access.setCurrentIndex(max(0, self.access.findData(spec.access)))
        del blockers
        self.contents.set_base_dir(base_dir)
        self.contents.set_init(spec.init, spec.dtype)
        self._show_size()

    def spec(self) -> ImageArg | None:
        layout = self._layout()
        init = self.contents.init()
        if layout is None or init is None or self._format_problem() is not None:
            return None
        return ImageArg(layout.shape, layout.order, layout.channel_type, init, layout.access)

    def problem(self) -> str | None:
        fields = self.width_field.problem() or self.height_field.problem()
        return fields or self._format_problem() or self.contents.problem()

    def _format_problem(self) -> str | None:
        """A channel order and type OpenCL does not pair (INTENSITY of integers)."""
        return format_problem(self.order.currentData(), self.channel_type.currentData())

    def _layout(self) -> ImageArg | None:
        """Size, order, channel type and access, with no contents yet."""
        width, height = self.width_field.value(), self.height_field.value()
        if width is None or height is None:
            return None
        order, channel_type = self.order.currentData(), self.channel_type.currentData()
        return ImageArg(
            (int(height), int(width)), order, channel_type, access=self.access.currentData()
        )

    def _show_size(self) -> None:
        layout = self._layout()
        self.bytes.setText("" if layout is None else f"= {format_bytes(layout.nbytes)}")
        if layout is not None:
            self.contents.set_dtype(layout.dtype)
            self.contents.set_needed(layout.height * layout.width * layout.dtype.lanes)

    def _on_edited(self, *_args: object) -> None:
        self._show_size()
        self.specEdited.emit(self.spec())


class SamplerEditor(QWidget):
    """`specEdited(SamplerArg | None)`: None for a mode OpenCL refuses (repeat in pixels)."""

    specEdited = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.normalized = QCheckBox(self.tr("normalized coordinates (0 to 1 across the image)"))
        self.addressing = choice_combo(ADDRESSING_MODES)
        self.addressing.setToolTip(self.tr("What a coordinate outside the image reads"))
        self.filter = choice_combo(FILTER_MODES)
        self.filter.setToolTip(self.tr("nearest: one pixel; linear: a mix of the four nearest"))
        self.normalized.toggled.connect(self._on_edited)
        self.addressing.currentIndexChanged.connect(self._on_edited)
        self.filter.currentIndexChanged.connect(self._on_edited)
        modes = hbox((self.addressing, 1), QLabel(self.tr("Filter")), (self.filter, 1))
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.normalized)
        form.addRow(self.tr("Addressing"), modes)

    def set_spec(self, spec: SamplerArg) -> None:
        blockers = [QSignalBlocker(w) for w in (self.normalized, self.addressing, self.filter)]
        self.normalized.setChecked(spec.normalized_coords)
        self.addressing.setCurrentIndex(max(0, self.addressing.findData(spec.addressing)))
        self.filter.setCurrentIndex(max(0, self.filter.findData(spec.filter)))
        del blockers

    def spec(self) -> SamplerArg | None:
        if self.problem() is not None:
            return None
        return SamplerArg(
            self.normalized.isChecked(), self.addressing.currentData(), self.filter.currentData()
        )

    def problem(self) -> str | None:
        mode = self.addressing.currentData()
        if mode in ("repeat", "mirrored_repeat") and not self.normalized.isChecked():
            return self.tr(
                "{mode} works only with normalized coordinates: tick them, or use clamp_to_edge"
            ).format(mode=mode)
        return None

    def _on_edited(self, *_args: object) -> None:
        self.specEdited.emit(self.spec())
