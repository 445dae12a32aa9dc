"""The arguments form: it shows a session's arguments, checked as the user types.

One row per kernel argument, the NDRange, and a picture of the index space. Problems
that validation would report at Run are shown here first, in the row they concern.
The form shows states computed by the core (validation.fit_program and form_state)
and emits each edit; the Workbench, which owns the session, decides what follows.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from clstudio.common import KernelSignature, RunError
from clstudio.session import ArgSpec, LaunchEdit, Session
from clstudio.ui.args.arg_row import ArgRow
from clstudio.ui.args.index_space_view import IndexSpaceView
from clstudio.ui.args.launches_editor import LaunchesEditor
from clstudio.ui.args.ndrange_editor import NDRangeEditor, Range
from clstudio.ui.args.sizes_editor import SizesEditor
from clstudio.ui.empty_state import EmptyStatePages
from clstudio.ui.wheel_guard import guard_wheel
from clstudio.validation import FormState, ProgramFit

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
QLabel#sizeLink {{ color: #3071c4; font-weight: bold; }}
QFrame#launchGroup {{ border: 1px dashed rgba(128, 128, 128, 140); border-radius: 4px; }}
QFrame#launchCard {{ border: 1px solid rgba(128, 128, 128, 110); border-radius: 4px; }}
QFrame#launchCard[error="true"] {{ border: 2px solid {ERROR_RED}; }}
QLabel#launchHeading {{ font-weight: bold; }}
QLabel#launchesSummary {{ color: palette(placeholder-text); }}
QLineEdit[linked="true"] {{ background: palette(window); }}
"""


def _section(title: str) -> QLabel:
    label = QLabel(title)
    label.setObjectName("argsSection")
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


class ArgsPanel(QWidget):
    """`argEdited(name, spec)`, `rangeEdited((global, local))` and `sizesEdited({name: n})`
    on every complete edit by the user, `sizeSuggestionAccepted()` when the user names the
    offered size, `launchEditRequested(LaunchEdit)` for the launches; show_rows,
    show_values and show_state only display, never emit."""

    argEdited = Signal(str, object)
    launchEditRequested = Signal(LaunchEdit)
    rangeEdited = Signal(object)
    sizesEdited = Signal(object)
    sizeSuggestionAccepted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(_STYLE)
        self._general: tuple[str, ...] = ()  # the checks' problems naming no argument
        self._carded: frozenset[str] = frozenset()  # those the launches' cards show
        self._error: str | None = None
        self._rows: dict[str, ArgRow] = {}
        self._kernel_title = ""  # "Arguments of vadd", while the session is one launch

        self.title = _section(self.tr("Arguments"))
        self.sizes = SizesEditor(_section(self.tr("Sizes")))
        self.sizes.sizesEdited.connect(self._on_sizes_edited)
        self.sizes.sizeSuggestionAccepted.connect(self.sizeSuggestionAccepted)
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
        self.launches = LaunchesEditor()
        self.launches.editRequested.connect(self._on_launches_edit_requested)
        for label in (self.range_problems, self.range_warning):
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        content = QWidget()
        column = QVBoxLayout(content)
        column.setContentsMargins(8, 8, 8, 8)
        column.addWidget(self.sizes)
        column.addWidget(self.title)
        column.addLayout(self._rows_layout)
        column.addWidget(self.removed)
        column.addSpacing(6)
        self.ndrange_title = _section("NDRange")
        column.addWidget(self.ndrange_title)
        column.addWidget(self.ndrange)
        column.addWidget(self.index_space)
        column.addWidget(self.range_problems)
        column.addWidget(self.range_warning)
        column.addSpacing(6)
        column.addWidget(_section(self.tr("Launches")))
        column.addWidget(self.launches)
        column.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        # A pane narrower than the form scrolls it sideways rather than clipping it.
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.scroll_area.setWidget(content)
        guard_wheel(self.scroll_area)
        self._stack = EmptyStatePages(
            self,
            self.scroll_area,
            self.tr("No kernel yet"),
            self.tr("Build a program: the arguments of its kernel appear here, with the NDRange."),
        )
        self.empty = self._stack.empty

    def show_rows(self, fit: ProgramFit) -> None:
        """Show a row per argument of the fitted session; new arguments are marked, removed
        ones listed. show_state follows, with the checks."""
        signature, session = fit.signature, fit.session
        self._error = None
        self._drop_rows()
        for info in signature.args:
            row = ArgRow(
                info, session.args.get(info.name), fit.changes[info.name], session.base_dir
            )
            row.specEdited.connect(self._on_row_spec_edited)
            self._rows_layout.addWidget(row)
            self._rows[info.name] = row
        if signature.args:
            title = self.tr("Arguments of {kernel}")
        else:
            title = self.tr("{kernel} takes none")
        self._kernel_title = title.format(kernel=signature.name)
        self.title.setText(self._kernel_title)
        self.removed.setText("\n".join(str(removed) for removed in fit.removed))
        self.removed.setVisible(bool(fit.removed))
        self.show_values(session)
        self._stack.show_content()

    def show_values(self, session: Session) -> None:
        """Show the values `session` holds now (after a size changed) and the named sizes that
        drive each field."""
        for name, row in self._rows.items():
            row.show_spec(session.args.get(name), session.base_dir)
        self.ndrange.set_range(session.global_size, session.local_size)
        self.show_links(session)

    def show_links(self, session: Session) -> None:
        """Mark the fields named sizes drive ("= N"); a field typed over is no longer one."""
        for name, row in self._rows.items():
            row.show_links(
                {
                    path[2:]: text
                    for path, text in session.size_links.items()
                    if path[:2] == ("args", name)
                }
            )
        self.ndrange.set_links(
            {path: text for path, text in session.size_links.items() if path[0] != "args"}
        )

    def show_size_problem(self, text: str) -> None:
        """Why the sizes typed cannot be taken; the session keeps the last sizes that fit."""
        self.sizes.show_problem(text)

    def show_state(
        self, session: Session, kernels: Sequence[KernelSignature], state: FormState
    ) -> None:
        """Show the session's launches and what the checks found: under the range, what
        no launch's card shows (the short form has no cards: the NDRange stands for its
        launch)."""
        limits = state.limits
        max_group = limits.max_work_group_size if limits else 256
        self.launches.show_launches(session, kernels, state.fill_choices, max_group)
        self._carded = self.launches.show_problems(state)
        short = not self.launches.is_program()
        for widget in (self.ndrange_title, self.ndrange, self.index_space):
            widget.setVisible(short)
        self.ndrange.set_max_group(max_group)
        for name, row in self._rows.items():
            row.set_local_mem(limits.local_mem if limits else None)
            if row.editor is not None:  # an unsupported row already says why
                row.set_checks(list(state.problems.get(name, ())))
                row.set_use(name in state.unread, name in state.null_reads)
        self._general = state.general
        self._show_general()
        warning = state.range_warning if short else None
        self.range_warning.setText(warning or "")
        self.range_warning.setVisible(warning is not None)
        self.index_space.set_space(state.index_space)
        self.ndrange.set_buffers(state.fill_choices)
        self.sizes.set_sizes(state.sizes, state.size_suggestion)
        # A program's rows are its arguments, whichever kernels the launches name.
        self.title.setText(self._kernel_title if short else self.tr("Arguments of the program"))
        guard_wheel(self.scroll_area)  # the new rows' and cards' fields

    def clear(self) -> None:
        """Back to the empty state, as before the first kernel."""
        self._drop_rows()
        self._general, self._carded = (), frozenset()
        self.ndrange.forget_local()
        self.launches.clear()
        self._stack.show_empty()

    def _drop_rows(self) -> None:
        """Take the rows off the form now: deleteLater alone left them shown (float* above
        the new half*) until the event loop deleted them, which a nested loop delays."""
        for row in self._rows.values():
            self._rows_layout.removeWidget(row)
            row.hide()
            row.deleteLater()
        self._rows = {}

    def is_empty(self) -> bool:
        """True until a kernel's form is shown."""
        return self._stack.is_empty()

    def row(self, name: str) -> ArgRow | None:
        return self._rows.get(name)

    def rows(self) -> list[ArgRow]:
        return list(self._rows.values())

    def input_problems(self) -> list[RunError]:
        """Fields left incomplete, as validation errors: the session has their last value."""
        problems = [
            RunError(
                "validate",
                self.tr("argument '{name}': {problem}").format(
                    name=row.name, problem=row.problem()
                ),
                argument=row.name,
            )
            for row in self._rows.values()
            if row.problem() is not None
        ]
        if self.launches.is_program():
            problems += [RunError("validate", p) for p in self.launches.input_problems()]
        elif self.ndrange.problem() is not None:
            problems.append(RunError("validate", str(self.ndrange.problem())))
        return problems

    def show_error(self, error: RunError) -> None:
        """Show a run's error where it belongs, highlighted until the next edit."""
        row = self._rows.get(error.argument or "")
        if row is not None:
            row.show_error(error.message)
            self.scroll_area.ensureWidgetVisible(row)
        else:
            self._error = error.message
            self._show_general()
            self.scroll_area.ensureWidgetVisible(self.range_problems)

    def clear_error(self) -> None:
        self._forget_errors()
        self._show_general()

    def _show_general(self) -> None:
        general = [self._error] if self._error else []
        if self.ndrange.problem() is not None and not self.launches.is_program():
            general.append(str(self.ndrange.problem()))
        general += [problem for problem in self._general if problem not in self._carded]
        # A refused Run names a problem the checks may show already: say each one once.
        general = list(dict.fromkeys(general))
        self.range_problems.setText("\n".join(general))
        self.range_problems.setVisible(bool(general))

    def _forget_errors(self) -> None:
        """A run's error describes the form as it was: any edit clears every one of them."""
        self._error = None
        for row in self._rows.values():
            row.clear_error()

    def _on_row_spec_edited(self, name: str, spec: ArgSpec | None) -> None:
        self._forget_errors()
        self._show_general()
        if spec is not None:  # else an incomplete field: its row says what to type
            self.argEdited.emit(name, spec)

    def _on_sizes_edited(self, sizes: dict[str, int]) -> None:
        self._forget_errors()
        self._show_general()
        self.sizesEdited.emit(sizes)

    def _on_launches_edit_requested(self, edit: LaunchEdit) -> None:
        self._forget_errors()
        self._show_general()
        self.launchEditRequested.emit(edit)

    def _on_ndrange_edited(self, current: Range | None) -> None:
        self._forget_errors()
        self._show_general()
        if current is not None:
            self.rangeEdited.emit(current)
