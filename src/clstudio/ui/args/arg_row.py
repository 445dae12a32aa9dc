"""One kernel argument in the form: its declaration, its editor, and what is wrong with it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QVBoxLayout, QWidget

from clstudio.common import KernelArgInfo, kernel_type
from clstudio.session import (
    ArgSpec,
    BufferArg,
    ImageArg,
    LocalArg,
    NullArg,
    SamplerArg,
    ScalarArg,
    SizePath,
)
from clstudio.ui.args.buffer_editor import BufferEditor
from clstudio.ui.args.image_editor import ImageEditor, SamplerEditor
from clstudio.ui.args.local_editor import LocalEditor
from clstudio.ui.args.scalar_editor import ScalarEditor
from clstudio.ui.args.struct_editor import StructBufferEditor, StructValueEditor
from clstudio.ui.named_widgets import text_label
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP
from clstudio.validation import ArgChange, describe, expected_kind, unsupported_reason

Editor = (
    BufferEditor
    | LocalEditor
    | ScalarEditor
    | ImageEditor
    | SamplerEditor
    | StructBufferEditor
    | StructValueEditor
)
_BADGES = {
    "new": QT_TRANSLATE_NOOP("ArgRow", "new"),
    "changed": QT_TRANSLATE_NOOP("ArgRow", "type changed"),
}
# By the session kind an argument takes (checks.expected_kind).
_KIND_TOOLTIPS = {
    "buffer": QT_TRANSLATE_NOOP("ArgRow", "buffer argument, as the kernel declares it"),
    "local": QT_TRANSLATE_NOOP("ArgRow", "local argument, as the kernel declares it"),
    "scalar": QT_TRANSLATE_NOOP("ArgRow", "scalar argument, as the kernel declares it"),
    "image": QT_TRANSLATE_NOOP("ArgRow", "image argument, as the kernel declares it"),
    "sampler": QT_TRANSLATE_NOOP("ArgRow", "sampler argument, as the kernel declares it"),
}


class ArgRow(QFrame):
    """`specEdited(name, spec | None)` on every edit by the user; None while incomplete."""

    specEdited = Signal(str, object)

    def __init__(
        self,
        info: KernelArgInfo,
        spec: ArgSpec | None,
        change: ArgChange,
        base_dir: Path | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("argRow")
        self.setProperty("error", False)
        self.info = info
        self._error: str | None = None
        self._checks: list[str] = []

        self.name_label = text_label("argName", info.name)
        font = self.name_label.font()
        font.setBold(True)
        self.name_label.setFont(font)
        declared = f"{info.access} {info.type_name}" if info.is_image else describe(info)
        self.type_label = text_label("argType", declared)
        kind_tooltip = _KIND_TOOLTIPS[expected_kind(info)]
        self.type_label.setToolTip(QCoreApplication.translate("ArgRow", kind_tooltip))
        badge = _BADGES.get(change.status)
        self.badge = text_label(
            "argBadge", QCoreApplication.translate("ArgRow", badge) if badge else ""
        )
        self.badge.setProperty("status", change.status)
        self.badge.setToolTip(change.note)
        self.badge.setVisible(change.status in _BADGES)
        self.note = text_label("argNote", change.note)
        self.note.setWordWrap(True)
        self.use_note = text_label("argNote")
        self.use_note.setWordWrap(True)
        self.use_note.setVisible(False)
        self.message = text_label("argMessage")
        self.message.setWordWrap(True)

        header = QHBoxLayout()
        header.setSpacing(6)
        header.addWidget(self.name_label)
        header.addWidget(self.type_label)
        header.addWidget(self.badge)
        header.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(4)
        layout.addLayout(header)
        layout.addWidget(self.note)

        self.editor = self._make_editor(info, spec, base_dir)
        if self.editor is not None:
            self.editor.specEdited.connect(self._on_editor_spec_edited)
            inline = isinstance(self.editor, ScalarEditor) and len(self.editor.lanes) == 1
            if inline:
                header.addWidget(self.editor, 2)
            else:
                layout.addWidget(self.editor)
        reason = unsupported_reason(info)
        if self.editor is None and reason is not None:
            self.note.setText(reason)
        self.note.setVisible(bool(self.note.text()))
        layout.addWidget(self.use_note)
        layout.addWidget(self.message)
        self._show_message()

    @staticmethod
    def _make_editor(
        info: KernelArgInfo, spec: ArgSpec | None, base_dir: Path | None
    ) -> Editor | None:
        # A struct the session describes can be set, though the kernel's type alone cannot.
        if isinstance(spec, BufferArg) and spec.dtype.struct is not None:
            structs = StructBufferEditor(spec.dtype, "in" if info.is_const else "inout")
            structs.set_spec(spec, base_dir)
            return structs
        if isinstance(spec, ScalarArg) and spec.struct is not None:
            value = StructValueEditor(spec.struct)
            value.set_spec(spec)
            return value
        if unsupported_reason(info) is not None:
            return None
        if isinstance(spec, BufferArg | NullArg):
            buffer = BufferEditor(info)
            if isinstance(spec, NullArg):
                buffer.set_null()
            else:
                buffer.set_spec(spec, base_dir)
            return buffer
        if isinstance(spec, LocalArg):
            local = LocalEditor(spec.dtype)
            local.set_spec(spec)
            return local
        if isinstance(spec, ImageArg):
            image = ImageEditor(info)
            image.set_spec(spec, base_dir)
            return image
        if isinstance(spec, SamplerArg):
            sampler = SamplerEditor()
            sampler.set_spec(spec)
            return sampler
        if isinstance(spec, ScalarArg):
            scalar = ScalarEditor(kernel_type(info.type_name))
            scalar.set_spec(spec)
            return scalar
        return None

    @property
    def name(self) -> str:
        return self.info.name

    def spec(self) -> ArgSpec | None:
        """The value as the fields show it; None while a field is incomplete or unsupported."""
        return None if self.editor is None else self.editor.spec()

    def show_spec(self, spec: ArgSpec | None, base_dir: Path | None) -> None:
        """Show the value the session holds now (a size changed it). Never emits."""
        editor = self.editor
        match editor, spec:
            case StructBufferEditor(), BufferArg():
                editor.set_spec(spec, base_dir)
            case StructValueEditor(), ScalarArg():
                editor.set_spec(spec)
            case BufferEditor(), BufferArg():
                editor.set_spec(spec, base_dir)
            case BufferEditor(), NullArg():
                editor.set_null()
            case ImageEditor(), ImageArg():
                editor.set_spec(spec, base_dir)
            case LocalEditor(), LocalArg():
                editor.set_spec(spec)
            case ScalarEditor(), ScalarArg():
                editor.set_spec(spec)
        self._show_message()

    def show_links(self, links: Mapping[SizePath, str]) -> None:
        """Mark the fields named sizes drive, as ("shape", 0) -> "N"."""
        if self.editor is not None and not isinstance(
            self.editor, SamplerEditor | StructValueEditor
        ):
            self.editor.set_links(links)

    def set_checks(self, problems: list[str]) -> None:
        """Problems found by checking the session, shown until the next check."""
        self._checks = problems
        self._show_message()

    def set_use(self, unread: bool, null_read: bool) -> None:
        """Say when the kernel never reads this buffer, and what that means for its access;
        or when it reads through this NULL without testing it first."""
        spec = self.spec()
        text = ""
        if null_read and isinstance(spec, NullArg):
            text = self.tr(
                "NULL, but the kernel reads through {name} without testing it first: the "
                "run will crash. Untick NULL, or test it in the kernel: if ({name}) …"
            ).format(name=self.name)
        elif unread and isinstance(spec, BufferArg):
            zeros = spec.init.kind == "zeros"
            if spec.access == "out" and zeros:
                text = self.tr(
                    "out: the kernel never reads it, so it is not uploaded: it is filled "
                    "with zeros on the device before each launch, then read back"
                )
            elif spec.access == "out":
                text = self.tr(
                    "out: the kernel never reads it, yet its contents are copied before each "
                    "launch; start it from zeros to fill it on the device instead"
                )
            elif (spec.access is None or spec.access == "inout") and zeros:
                text = self.tr("The kernel never reads it: choose out")
            elif spec.access is None or spec.access == "inout":
                text = self.tr("The kernel never reads it: choose out and zeros to skip the upload")
        self.use_note.setText(text)
        self.use_note.setVisible(bool(text))

    def set_local_mem(self, size: int | None) -> None:
        if isinstance(self.editor, LocalEditor):
            self.editor.set_local_mem(size)

    def show_error(self, message: str) -> None:
        """Highlight the row with a run's error, until the next edit."""
        self._error = message
        self._show_message()

    def clear_error(self) -> None:
        self._error = None
        self._show_message()

    def is_highlighted(self) -> bool:
        return self._error is not None

    def problem(self) -> str | None:
        """What the user must still fix in the fields, in words."""
        return None if self.editor is None else self.editor.problem()

    def message_text(self) -> str:
        """The message under the row, as shown (empty when all is well)."""
        return self.message.text() if self.message.isVisibleTo(self) else ""

    def _show_message(self) -> None:
        text = self._error or self.problem() or "\n".join(self._checks)
        self.message.setText(text)
        self.message.setVisible(bool(text))
        highlighted = self._error is not None
        if self.property("error") != highlighted:
            self.setProperty("error", highlighted)
            self.style().unpolish(self)
            self.style().polish(self)

    def _on_editor_spec_edited(self, spec: ArgSpec | None) -> None:
        self._error = None
        self._show_message()
        self.specEdited.emit(self.name, spec)
