"""The arguments form: everything in it is the session, checked as the user types.

One row per kernel argument, the NDRange, and a picture of the index space. Problems
that validation would report at Run are shown here first, in the row they concern.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QStackedWidget, QVBoxLayout, QWidget

from clstudio.checks import (
    IndexSpace,
    fill_choices,
    range_warning,
    reconcile,
    usable_references,
    validate,
)
from clstudio.common import KernelSignature, RunError
from clstudio.devices import DeviceLimits
from clstudio.session import ArgSpec, Session
from clstudio.ui.args.arg_row import ArgRow
from clstudio.ui.args.index_space_view import IndexSpaceView
from clstudio.ui.args.ndrange_editor import NDRangeEditor, Range
from clstudio.ui.empty_state import EmptyState

_HUGE = 2**63 - 1
# Without a device, the checks that need none still run: kinds, types, values, divisibility.
NO_DEVICE = DeviceLimits(
    name="no device",
    opencl_version=(1, 2),
    max_alloc=_HUGE,
    global_mem=_HUGE,
    local_mem=_HUGE,
    max_constant_buffer=_HUGE,
    max_constant_args=_HUGE,
    max_work_group_size=_HUGE,
    max_work_item_sizes=(_HUGE,) * 3,
    image_support=True,
    image2d_max_width=_HUGE,
    image2d_max_height=_HUGE,
)
ERROR_RED = "#d83c3c"
WARNING_AMBER = "#c07a10"
_STYLE = f"""
QFrame#argRow {{ border: 1px solid rgba(128, 128, 128, 110); border-radius: 4px; }}
QFrame#argRow[error="true"] {{ border: 2px solid {ERROR_RED}; }}
QLineEdit[invalid="true"] {{ border: 1px solid {ERROR_RED}; border-radius: 2px; padding: 1px; }}
QLabel#argType {{ color: palette(placeholder-text); font-family: monospace; }}
QLabel#argBadge {{ color: white; background: #3071c4; border-radius: 3px; padding: 0 4px; }}
QLabel#argBadge[status="changed"] {{ background: {WARNING_AMBER}; }}
QLabel#argNote, QLabel#removedArgs {{ color: palette(placeholder-text); font-style: italic; }}
QLabel#argMessage, QLabel#rangeProblems {{ color: {ERROR_RED}; }}
QLabel#rangeWarning {{ color: {WARNING_AMBER}; }}
"""


def _section(title: str) -> QLabel:
    label = QLabel(title)
    label.setObjectName("argsSection")
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


class ArgsPanel(QWidget):
    """`sessionEdited(Session)` on every complete edit; `set_*` only display, never emit."""

    sessionEdited = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(_STYLE)
        self._signature: KernelSignature | None = None
        self._base: Session | None = None
        self._args: dict[str, ArgSpec] = {}
        self._range: Range = ((1,), None)
        self._limits: DeviceLimits | None = None
        self._error: str | None = None
        self._rows: dict[str, ArgRow] = {}

        self.empty = EmptyState(
            "No kernel yet",
            "Build a program: the arguments of its kernel appear here, with the NDRange.",
        )
        self.title = _section("Arguments")
        self._rows_layout = QVBoxLayout()
        self._rows_layout.setSpacing(6)
        self.removed = QLabel()
        self.removed.setObjectName("removedArgs")
        self.removed.setWordWrap(True)
        self.ndrange = NDRangeEditor()
        self.ndrange.rangeEdited.connect(self._on_ndrange_edited)
        self.index_space = IndexSpaceView()
        self.range_problems = QLabel()
        self.range_problems.setObjectName("rangeProblems")
        self.range_warning = QLabel()
        self.range_warning.setObjectName("rangeWarning")
        for label in (self.range_problems, self.range_warning):
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        content = QWidget()
        column = QVBoxLayout(content)
        column.setContentsMargins(8, 8, 8, 8)
        column.addWidget(self.title)
        column.addLayout(self._rows_layout)
        column.addWidget(self.removed)
        column.addSpacing(6)
        column.addWidget(_section("NDRange"))
        column.addWidget(self.ndrange)
        column.addWidget(self.index_space)
        column.addWidget(self.range_problems)
        column.addWidget(self.range_warning)
        column.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setWidget(content)
        self._stack = QStackedWidget()
        self._stack.addWidget(self.empty)
        self._stack.addWidget(self.scroll_area)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._stack)

    def set_kernel(
        self, signature: KernelSignature, session: Session, limits: DeviceLimits | None
    ) -> None:
        """Show the form for `signature`, with the values of `session` that still fit.

        New arguments get defaults and are marked; removed ones are listed and dropped.
        session() then returns the fitted session, which may differ from the one given.
        """
        same_kernel = self._signature is not None and self._signature.name == signature.name
        fitted = reconcile(
            signature,
            session.args,
            session.global_size,
            session.local_size,
            self._signature if same_kernel else None,
        )
        self._signature, self._base, self._args = signature, session, fitted.args
        self._range = (session.global_size, session.local_size)
        self._error = None
        for row in self._rows.values():
            row.deleteLater()
        self._rows = {}
        for info in signature.args:
            row = ArgRow(
                info, fitted.args.get(info.name), fitted.changes[info.name], session.base_dir
            )
            row.specEdited.connect(self._on_row_spec_edited)
            self._rows_layout.addWidget(row)
            self._rows[info.name] = row
        self.title.setText(
            f"Arguments of {signature.name}" if signature.args else f"{signature.name} takes none"
        )
        self.removed.setText("\n".join(str(removed) for removed in fitted.removed))
        self.removed.setVisible(bool(fitted.removed))
        self.ndrange.set_range(session.global_size, session.local_size)
        self._stack.setCurrentWidget(self.scroll_area)
        self.set_limits(limits)

    def set_limits(self, limits: DeviceLimits | None) -> None:
        """Check against another device's limits (None: only the checks that need no device)."""
        self._limits = limits
        self.ndrange.set_max_group(limits.max_work_group_size if limits else 256)
        for row in self._rows.values():
            row.set_local_mem(limits.local_mem if limits else None)
        self._refresh()

    def clear(self) -> None:
        """Back to the empty state, as before the first kernel."""
        for row in self._rows.values():
            row.deleteLater()
        self._rows = {}
        self._signature = self._base = None
        self._args = {}
        self._stack.setCurrentWidget(self.empty)

    def session(self) -> Session | None:
        """The session as the form shows it; None before the first set_kernel."""
        if self._base is None:
            return None
        args = dict(self._args)
        global_size, local_size = self._range
        return replace(
            self._base,
            args=args,
            global_size=global_size,
            local_size=local_size,
            references=usable_references(self._base.references, args, self._base.base_dir),
        )

    def row(self, name: str) -> ArgRow | None:
        return self._rows.get(name)

    def rows(self) -> list[ArgRow]:
        return list(self._rows.values())

    def problems(self) -> list[RunError]:
        """Everything the form flags now, as validation errors; empty when it may run."""
        problems = [
            RunError("validate", f"argument '{row.name}': {row.problem()}", argument=row.name)
            for row in self._rows.values()
            if row.problem() is not None
        ]
        if self.ndrange.problem() is not None:
            problems.append(RunError("validate", str(self.ndrange.problem())))
        return problems + self._checks()

    def show_error(self, error: RunError) -> None:
        """Show a run's error where it belongs, highlighted until the next edit."""
        row = self._rows.get(error.argument or "")
        if row is not None:
            row.show_error(error.message)
            self.scroll_area.ensureWidgetVisible(row)
        else:
            self._error = error.message
            self._refresh()
            self.scroll_area.ensureWidgetVisible(self.range_problems)

    def clear_error(self) -> None:
        self._error = None
        for row in self._rows.values():
            row.clear_error()
        self._refresh()

    def _checks(self) -> list[RunError]:
        session = self.session()
        if session is None or self._signature is None:
            return []
        return validate(session, self._signature, self._limits or NO_DEVICE)

    def _refresh(self) -> None:
        session = self.session()
        if session is None:
            return
        by_argument: dict[str, list[str]] = {name: [] for name in self._rows}
        general = [self._error] if self._error else []
        if self.ndrange.problem() is not None:
            general.append(str(self.ndrange.problem()))
        for problem in self._checks():
            row = self._rows.get(problem.argument or "")
            if row is None:
                general.append(problem.message)
            elif row.editor is not None:  # an unsupported row already says why
                by_argument[row.name].append(problem.message)
        for name, row in self._rows.items():
            row.set_checks(by_argument[name])
        self.range_problems.setText("\n".join(general))
        self.range_problems.setVisible(bool(general))
        warning = range_warning(session.args, session.global_size, session.source)
        self.range_warning.setText(warning or "")
        self.range_warning.setVisible(warning is not None)
        self.index_space.set_space(IndexSpace(session.global_size, session.local_size))
        self.ndrange.set_buffers(fill_choices(session.args))

    def _forget_errors(self) -> None:
        """A run's error describes the form as it was: any edit clears every one of them."""
        self._error = None
        for row in self._rows.values():
            row.clear_error()

    def _edited(self) -> None:
        self._forget_errors()
        self._refresh()
        session = self.session()
        if session is not None:
            self.sessionEdited.emit(session)

    def _on_row_spec_edited(self, name: str, spec: ArgSpec | None) -> None:
        if spec is None or spec == self._args.get(name):
            self._forget_errors()
            self._refresh()  # an incomplete field: its row says what to type
            return
        self._args[name] = spec
        self._edited()

    def _on_ndrange_edited(self, current: Range | None) -> None:
        if current is None or current == self._range:
            self._forget_errors()
            self._refresh()
            return
        self._range = current
        self._edited()
