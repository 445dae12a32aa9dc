"""One launch of a program in the Arguments form: its kernel, its NDRange, what it passes.

Each parameter of the launch's kernel takes one of the session's arguments of its kind;
a scalar may take a value of the launch's own or the iteration number instead, and a
struct passed by value a struct of the launch's own. The card
shows a launch and emits the launch the user made of it; it never edits the session.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import (
    KernelArgInfo,
    KernelSignature,
    StructType,
    TypeNameError,
    declared_struct_name,
    kernel_type,
)
from clstudio.session import (
    ArgSpec,
    BufferArg,
    ImageArg,
    IterationArg,
    Launch,
    LaunchBinding,
    LocalArg,
    SamplerArg,
    ScalarArg,
)
from clstudio.ui.args.ndrange_editor import NDRangeEditor, Range
from clstudio.ui.args.number_fields import NumberField
from clstudio.ui.args.struct_editor import StructValueEditor
from clstudio.validation import FillChoice, expected_kind

OWN_VALUE = "\x00own"  # the binding combo's data for a scalar of the launch's own
ITERATION = "\x00iteration"
NEW_BUFFER = "\x00new"  # a buffer the program does not have yet, named in the field beside
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_KINDS: dict[str, type] = {
    "buffer": BufferArg,
    "local": LocalArg,
    "scalar": ScalarArg,
    "image": ImageArg,
    "sampler": SamplerArg,
}


class BindingField(QWidget):
    """What one parameter of a launch gets: `bindingEdited()` on every complete edit."""

    bindingEdited = Signal()

    def __init__(
        self, info: KernelArgInfo, binding: LaunchBinding, args: Mapping[str, ArgSpec]
    ) -> None:
        super().__init__()
        self.info = info
        self.choice = QComboBox()
        self.choice.setObjectName(f"binding_{info.name}")
        kind = expected_kind(info)
        names = [n for n, spec in args.items() if isinstance(spec, _KINDS[kind])]
        if info.name not in names and info.name not in args:
            names.append(info.name)  # a new argument of the program, by its own name
        for name in names:
            self.choice.addItem(name, name)
        self.value = NumberField()
        self.value.setObjectName(f"value_{info.name}")
        self._scalar = kind == "scalar" and _is_plain_scalar(info.type_name)
        # A struct passed by value takes a struct of the launch's own, edited field by field.
        struct = binding.struct if isinstance(binding, ScalarArg) else None
        if kind == "scalar" and struct is None:
            struct = _session_struct(info, args)
        self.struct_value = None if struct is None else StructValueEditor(struct)
        if self._scalar:
            self.value.set_dtype(kernel_type(info.type_name).scalar)
            self.choice.addItem(self.tr("a value of its own"), OWN_VALUE)
            self.choice.addItem(self.tr("the iteration number"), ITERATION)
        elif self.struct_value is not None:
            self.choice.addItem(self.tr("a value of its own"), OWN_VALUE)
            own = binding if isinstance(binding, ScalarArg) else None
            self.struct_value.set_spec(own or ScalarArg({}, struct))
            self.struct_value.setObjectName(f"struct_{info.name}")
            self.struct_value.specEdited.connect(self._on_value_edited)
        # A chain (c = a + b, then d = c + e) passes buffers the first launch lacks: the
        # program makes one of the parameter's type, sized as fit_program sizes a new one.
        self.new_name = QLineEdit()
        self.new_name.setObjectName(f"newBuffer_{info.name}")
        self.new_name.setPlaceholderText(self.tr("its name"))
        self.new_name.setToolTip(
            self.tr("The new buffer's name: a row for it appears in the form, {type}").format(
                type=info.shown_type
            )
        )
        self.new_name.hide()
        if kind == "buffer":
            self.choice.addItem(self.tr("a new buffer…"), NEW_BUFFER)
            self.new_name.setText(_free_name(args))
        if isinstance(binding, ScalarArg) and (self._scalar or self.struct_value is not None):
            self.choice.setCurrentIndex(self.choice.findData(OWN_VALUE))
            if isinstance(binding.value, int | float):
                self.value.set_value(binding.value)
        elif isinstance(binding, IterationArg) and self._scalar:
            self.choice.setCurrentIndex(self.choice.findData(ITERATION))
        else:
            self.choice.setCurrentIndex(max(0, self.choice.findData(binding)))
        self.value.setVisible(self._scalar and self.choice.currentData() == OWN_VALUE)
        self.choice.currentIndexChanged.connect(self._on_choice_changed)
        self.value.valueEdited.connect(self._on_value_edited)
        self.new_name.editingFinished.connect(self._on_new_name_edited)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.choice, 1)
        row.addWidget(self.value, 1)
        row.addWidget(self.new_name, 1)
        if self.struct_value is not None:
            self.struct_value.setVisible(self.choice.currentData() == OWN_VALUE)
            row.addWidget(self.struct_value, 2)

    def binding(self) -> LaunchBinding | None:
        """The parameter's binding, or None while its own value is incomplete."""
        data = self.choice.currentData()
        if data == ITERATION:
            return IterationArg()
        if data == OWN_VALUE and self.struct_value is not None:
            spec: ScalarArg | None = self.struct_value.spec()
            return spec
        if data == OWN_VALUE:
            value = self.value.value()
            return None if value is None else ScalarArg(value)
        if data == NEW_BUFFER:
            name = self.new_name.text().strip()
            return name if _IDENTIFIER.fullmatch(name) else None
        return str(data)

    def problem(self) -> str | None:
        """What to fix in the field beside the choice, in words."""
        if self.choice.currentData() == NEW_BUFFER and self.binding() is None:
            return self.tr("name the new buffer for {parameter}: letters, digits and _").format(
                parameter=self.info.name
            )
        if self.choice.currentData() == OWN_VALUE:
            if self.struct_value is not None:
                return self.struct_value.problem()
            return self.value.problem()
        return None

    def _on_choice_changed(self, _index: int) -> None:
        new = self.choice.currentData() == NEW_BUFFER
        self.new_name.setVisible(new)
        if new:  # the binding waits for the name: Enter takes the one offered
            self.new_name.setFocus()
            self.new_name.selectAll()
            self.value.hide()
            return
        own = self.choice.currentData() == OWN_VALUE
        if self.struct_value is not None:
            self.struct_value.setVisible(own)
        else:
            self.value.setVisible(own)
            if own and self.value.value() is None:
                self.value.set_value(0)
        self.bindingEdited.emit()

    def _on_value_edited(self, value: object) -> None:
        if value is not None:
            self.bindingEdited.emit()

    def _on_new_name_edited(self) -> None:
        if self.choice.currentData() == NEW_BUFFER and self.binding() is not None:
            self.bindingEdited.emit()


def _free_name(args: Mapping[str, ArgSpec]) -> str:
    """The first letter no argument has, as a learner names buffers (a, b, c, then d)."""
    return next((c for c in "defghijklmnopqrstuvwxyz" if c not in args), "buffer")


def _session_struct(info: KernelArgInfo, args: Mapping[str, ArgSpec]) -> StructType | None:
    """The session's struct the parameter's type names, from an argument that uses it."""
    wanted = declared_struct_name(info.type_name)
    for spec in args.values():
        struct = spec.struct if isinstance(spec, ScalarArg) else None
        if isinstance(spec, BufferArg | LocalArg):
            struct = spec.dtype.struct
        for one in () if struct is None else struct.nested():
            if one.name == wanted:
                return one
    return None


def _is_plain_scalar(type_name: str) -> bool:
    try:
        return kernel_type(type_name).width == 1
    except TypeNameError:
        return False


class LaunchCard(QFrame):
    """`launchEdited(position, launch)` on every edit; `moveRequested(position, delta)`,
    `removeRequested(position)` for its buttons."""

    launchEdited = Signal(int, object)
    moveRequested = Signal(int, int)
    removeRequested = Signal(int)

    def __init__(
        self,
        position: int,
        count: int,
        launch: Launch,
        kernels: Sequence[KernelSignature],
        args: Mapping[str, ArgSpec],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("launchCard")
        self.position = position
        self.launch = launch
        self.built_kernel = launch.kernel  # the kernel whose parameters the card lists
        self.heading = QLabel(
            self.tr("Launch {position} of {count}").format(position=position, count=count)
        )
        self.heading.setObjectName("launchHeading")
        self.up = self._button("↑", self.tr("Run this launch earlier"), "launchUp")
        self.down = self._button("↓", self.tr("Run this launch later"), "launchDown")
        self.remove = self._button("✕", self.tr("Remove this launch"), "launchRemove")
        self.up.clicked.connect(lambda: self.moveRequested.emit(self.position, -1))
        self.down.clicked.connect(lambda: self.moveRequested.emit(self.position, 1))
        self.remove.clicked.connect(lambda: self.removeRequested.emit(self.position))
        self.remove.setEnabled(count > 1)
        self.kernel = QComboBox()
        self.kernel.setObjectName("launchKernel")
        for signature in kernels:
            self.kernel.addItem(signature.name, signature.name)
        if self.kernel.findData(launch.kernel) < 0:
            self.kernel.addItem(launch.kernel, launch.kernel)  # gone from the source
        self.kernel.setCurrentIndex(self.kernel.findData(launch.kernel))
        self.kernel.currentIndexChanged.connect(self._on_kernel_changed)
        self.ndrange = NDRangeEditor()
        self.ndrange.set_range(launch.global_size, launch.local_size)
        self.ndrange.rangeEdited.connect(self._on_ndrange_edited)
        self.problems = QLabel()
        self.problems.setObjectName("rangeProblems")
        self.problems.setWordWrap(True)
        self.problems.hide()

        header = QHBoxLayout()
        header.addWidget(self.heading)
        header.addWidget(self.kernel, 1)
        for button in (self.up, self.down, self.remove):
            header.addWidget(button)
        self.bindings: dict[str, BindingField] = {}
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        declared = next((k for k in kernels if k.name == launch.kernel), None)
        for row, info in enumerate(declared.args if declared else ()):
            field = BindingField(info, launch.args.get(info.name, info.name), args)
            field.bindingEdited.connect(self._on_binding_edited)
            self.bindings[info.name] = field
            label = QLabel(info.name)
            label.setToolTip(info.shown_type)
            grid.addWidget(label, row, 0)
            grid.addWidget(field, row, 1)
        grid.setColumnStretch(1, 1)
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 6, 6, 6)
        column.addLayout(header)
        column.addLayout(grid)
        column.addWidget(self.ndrange)
        column.addWidget(self.problems)

    def _button(self, text: str, tip: str, name: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setObjectName(name)
        return button

    def set_fill(self, choices: Sequence[FillChoice], max_group: int) -> None:
        self.ndrange.set_buffers(choices)
        self.ndrange.set_max_group(max_group)

    def show_problems(self, problems: Sequence[str]) -> None:
        self.problems.setText("\n".join(problems))
        self.problems.setVisible(bool(problems))
        self.setProperty("error", bool(problems))
        self.style().polish(self)

    def problem(self) -> str | None:
        """What to fix in the card's fields before a run, in words."""
        problem = self.ndrange.problem()
        if problem is None:
            problem = next(
                (f.problem() for f in self.bindings.values() if f.binding() is None), None
            )
        if problem is None:
            return None
        return self.tr("launch {position}: {problem}").format(
            position=self.position, problem=problem
        )

    def _emit(self, launch: Launch) -> None:
        self.launch = launch
        self.launchEdited.emit(self.position, launch)

    def _on_kernel_changed(self, _index: int) -> None:
        launch = self.launch
        self._emit(Launch(str(self.kernel.currentData()), launch.global_size, launch.local_size))

    def _on_ndrange_edited(self, current: Range | None) -> None:
        if current is not None:
            self._emit(Launch(self.launch.kernel, *current, args=dict(self.launch.args)))

    def _on_binding_edited(self) -> None:
        args: dict[str, LaunchBinding] = {}
        for name, field in self.bindings.items():
            binding = field.binding()
            if binding is None:
                return
            if binding != name or name in self.launch.args:
                args[name] = binding
        self._emit(
            Launch(self.launch.kernel, self.launch.global_size, self.launch.local_size, args)
        )
