"""The centre of the window: build options, kernel picker, the source editor (a tab per
source part, for a program in parts), find and replace, and a status line; with the
Problems list and the build log for the bottom tabs.

Everything outside speaks in lines of the program as the compiler sees it (the parts
joined); the panel alone takes them to a part and its own line, and back."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtGui import QIcon, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QTabBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import BuildResult, Diagnostic
from clstudio.session import SourceMap, SourcePart, joined_source
from clstudio.ui.editor.build_controller import LIVE_DELAY_MS, BuildController
from clstudio.ui.editor.build_log import BuildLogView
from clstudio.ui.editor.build_options import BuildOptionsEdit
from clstudio.ui.editor.build_status import build_status_text, up_to_date_text
from clstudio.ui.editor.code_editor import CodeEditor
from clstudio.ui.editor.editor_bar import EditorBar
from clstudio.ui.editor.find_replace import FindReplaceBar
from clstudio.ui.editor.kernel_picker import KernelPicker
from clstudio.ui.editor.problems_view import ProblemsView
from clstudio.ui.editor.severity_marks import severity_icon

_RANK = {"note": 1, "warning": 2, "error": 3}

if TYPE_CHECKING:
    from clstudio.backend import Builder
    from clstudio.devices import DeviceSelector


class EditorPanel(QWidget):
    """Edits the source and keeps it built; tells the window what the user chose."""

    sourceEdited = Signal(str)
    optionsChanged = Signal(str)
    kernelChosen = Signal(str)
    buildStarted = Signal(int)
    buildFinished = Signal(BuildResult)  # of the current text
    buildCrashed = Signal(str)  # the backend raised: its traceback
    problemActivated = Signal(int, int)  # line, column

    def __init__(
        self, backend: Builder, delay_ms: int = LIVE_DELAY_MS, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("editorPanel")
        self.controller = BuildController(backend, delay_ms, self)
        self.editor = CodeEditor()
        self.find_bar = FindReplaceBar(self.editor)
        self.options_edit = BuildOptionsEdit()
        self.kernel_picker = KernelPicker()
        self.live_check = QCheckBox(self.tr("Live"))
        self.live_check.setChecked(True)
        self.live_check.setToolTip(
            self.tr("Build in the background half a second after typing stops")
        )
        self.build_button = QToolButton()
        self.build_button.setText(self.tr("Build"))
        self.build_button.setToolTip(self.tr("Build the source now (Ctrl+B)"))
        self.status_icon = QLabel()
        self.status_label = QLabel(self.tr("Not built yet"))
        self.status_label.setObjectName("buildStatus")
        self.position_label = QLabel()
        # One tab per source part; hidden for a program of one text.
        self.part_tabs = QTabBar()
        self.part_tabs.setObjectName("sourcePartTabs")
        self.part_tabs.setDocumentMode(True)
        self.part_tabs.setExpanding(False)
        self.part_tabs.hide()
        self._source_map = SourceMap(())
        self._source_name = "kernel.cl"  # what the build log calls the text
        self._part_breakpoints: list[tuple[int, ...]] = []  # each part's own lines
        self._paused_line: int | None = None  # the program's line
        self._shown_part = 0  # the part the editor holds
        # For the window's bottom tabs; parented here (and hidden) until it places them.
        self.problems = ProblemsView(self)
        self.problems.hide()
        self.build_log = BuildLogView(self)
        self.build_log.hide()
        self._kernel: str | None = None
        self._build_diagnostics: tuple[Diagnostic, ...] = ()
        self._check_diagnostics: tuple[Diagnostic, ...] = ()  # until the source changes
        self._remark_diagnostics: tuple[Diagnostic, ...] = ()  # likewise
        self._traffic_diagnostics: tuple[Diagnostic, ...] = ()  # the Memory tab's, likewise
        self._built_generation = -1  # the controller's generation the status line describes
        self._built_at = 0.0  # time.monotonic() of that build
        self._layout()
        self._connect()
        self._on_editor_cursor_moved()

    def _layout(self) -> None:
        self.bar = EditorBar(
            (QLabel(self.tr("Kernel:")), self.kernel_picker),
            (QLabel(self.tr("Options:")), self.options_edit),
            (self.live_check, self.build_button),
        )
        status = QHBoxLayout()
        status.setContentsMargins(6, 2, 6, 2)
        status.setSpacing(6)
        status.addWidget(self.status_icon)
        status.addWidget(self.status_label, 1)
        status.addWidget(self.position_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.bar)
        layout.addWidget(self.part_tabs)
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.find_bar)
        layout.addLayout(status)

    def _connect(self) -> None:
        self.editor.sourceEdited.connect(self._on_editor_source_edited)
        self.editor.cursorPositionChanged.connect(self._on_editor_cursor_moved)
        self.options_edit.optionsChanged.connect(self._on_options_changed)
        self.kernel_picker.kernelChosen.connect(self._on_picker_kernel_chosen)
        self.live_check.toggled.connect(self._on_live_toggled)
        self.build_button.clicked.connect(self.request_build)
        self.problems.problemActivated.connect(self._on_problem_activated)
        self.part_tabs.currentChanged.connect(self._on_part_tabs_changed)
        self.controller.buildStarted.connect(self._on_controller_build_started)
        self.controller.buildFinished.connect(self._on_controller_build_finished)
        self.controller.buildCrashed.connect(self._on_controller_build_crashed)

    # Showing the session ---------------------------------------------------------------

    def set_source(
        self, source: str, parts: tuple[SourcePart, ...] = (), name: str = "kernel.cl"
    ) -> None:
        """Show a session's source (not an edit) and build it at once; a program in
        `parts` (whose join `source` is) shows a tab per part, the first chosen. `name` is
        what the build log calls the text: the session's .cl file, else the session."""
        self._check_diagnostics = self._remark_diagnostics = self._traffic_diagnostics = ()
        self._source_name = name
        self._source_map = SourceMap(parts)
        self._part_breakpoints = [() for _ in parts]
        self._paused_line = None
        self._shown_part = 0
        with QSignalBlocker(self.part_tabs):
            while self.part_tabs.count():
                self.part_tabs.removeTab(0)
            for index, part in enumerate(parts):
                self.part_tabs.addTab(part.label(index))
                self.part_tabs.setTabToolTip(index, part.file or "")
            self.part_tabs.setCurrentIndex(0)
        self.part_tabs.setVisible(bool(parts))
        self.editor.set_source(parts[0].text if parts else source)
        self._on_editor_cursor_moved()  # set_source is silent: the position is the new text's
        self.controller.set_source(source)
        self.controller.request_build()

    def part_texts(self) -> tuple[str, ...]:
        """Each source part's text as edited, in order; () for a program of one text."""
        return tuple(part.text for part in self._source_map.parts)

    def current_part(self) -> int:
        """The index of the source part the editor shows (0 for a program of one text)."""
        return self._shown_part

    def show_part(self, index: int) -> None:
        """Show source part `index` in the editor (as a click on its tab does)."""
        self.part_tabs.setCurrentIndex(index)

    def go_to(self, line: int, column: int = 0) -> None:
        """Put the cursor at a line of the program and a byte column, in its part."""
        index, own = self._source_map.locate(line)
        if self._source_map.parts and index != self.current_part():
            self.show_part(index)
        self.editor.go_to(own, column)

    def current_line(self) -> int:
        """The program's line the cursor is on."""
        return self._source_map.joined_line(self.current_part(), self.editor.current_line())

    def breakpoints(self) -> tuple[int, ...]:
        """The lines of the program with a breakpoint, in order."""
        if not self._source_map.parts:
            return self.editor.breakpoints()
        self._part_breakpoints[self.current_part()] = self.editor.breakpoints()
        joined = self._source_map.joined_line
        return tuple(
            joined(index, line)
            for index, lines in enumerate(self._part_breakpoints)
            for line in lines
        )

    def set_breakpoints(self, lines: tuple[int, ...]) -> None:
        """Show breakpoints on lines of the program, each in its part."""
        if not self._source_map.parts:
            self.editor.set_breakpoints(lines)
            return
        own: list[list[int]] = [[] for _ in self._source_map.parts]
        for line in lines:
            index, line_in_part = self._source_map.locate(line)
            own[index].append(line_in_part)
        self._part_breakpoints = [tuple(found) for found in own]
        self.editor.set_breakpoints(self._part_breakpoints[self.current_part()])

    def set_paused_line(self, line: int | None) -> None:
        """Mark the program's line where the debugger paused (None: not paused), showing
        its part."""
        self._paused_line = line
        if line is None:
            self.editor.set_paused_line(None)
            return
        index, own = self._source_map.locate(line)
        if self._source_map.parts and index != self.current_part():
            self.show_part(index)
        self.editor.set_paused_line(own)

    def replace_source(self, source: str) -> None:
        """Put `source` in place of the text as one edit, undoable like typing."""
        cursor = self.editor.textCursor()
        cursor.beginEditBlock()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(source)
        cursor.endEditBlock()

    def source(self) -> str:
        """The text the editor shows: the program's, or the shown source part's."""
        return self.editor.source()

    def add_bar(self, bar: QWidget) -> None:
        """A bar of the window's above the kernel's (the host-file bar)."""
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(0, bar)

    def set_options(self, options: str) -> None:
        """Show a session's build options; set them before the source to build only once."""
        self.options_edit.set_options(options)
        self.controller.set_options(options)

    def options(self) -> str:
        return self.options_edit.options()

    def set_kernel(self, name: str) -> None:
        """Show the session's kernel as chosen."""
        self._kernel = name
        self.kernel_picker.set_current(name)

    def set_device(self, selector: DeviceSelector | None) -> None:
        """Build for another device from now on (a rebuild follows when live)."""
        self.controller.set_selector(selector)

    def set_live(self, live: bool) -> None:
        with QSignalBlocker(self.live_check):
            self.live_check.setChecked(live)
        self.controller.set_live(live)

    def is_live(self) -> bool:
        return self.controller.is_live()

    # Actions the window connects -------------------------------------------------------

    def request_build(self) -> None:
        """Build now (Build, Ctrl+B); text already built says so instead of building again."""
        controller = self.controller
        if (
            self._built_generation == controller.generation
            and controller.last_result is not None
            and not (controller.is_building() or controller.is_pending())
        ):
            self._show_status(up_to_date_text(time.monotonic() - self._built_at))
            return
        controller.request_build()

    def show_check_diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        """A check's problems, shown as build messages are, until the source is edited."""
        self._check_diagnostics = tuple(diagnostics)
        self._show_diagnostics()

    def show_remark_diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        """The vectoriser's remarks as notes beside the build's messages, until an edit."""
        self._remark_diagnostics = tuple(diagnostics)
        self._show_diagnostics()

    def show_traffic_diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        """The Memory tab's lines per 16 work-items as notes on their accesses, until an edit."""
        self._traffic_diagnostics = tuple(diagnostics)
        self._show_diagnostics()

    def open_find(self) -> None:
        self.find_bar.open_find()

    def open_replace(self) -> None:
        self.find_bar.open_replace()

    def wait_for_build(self, msecs: int = 30_000) -> bool:
        """Let a running build finish: for tests, never while the user types."""
        return self.controller.wait(msecs)

    # Slots -----------------------------------------------------------------------------

    def _on_editor_source_edited(self, text: str) -> None:
        if self._check_diagnostics or self._remark_diagnostics or self._traffic_diagnostics:
            # About a text now gone.
            self._check_diagnostics = self._remark_diagnostics = self._traffic_diagnostics = ()
            self._show_diagnostics()
        source = text
        if self._source_map.parts:  # the edited part in place; its lines may have moved
            index = self.current_part()
            parts = list(self._source_map.parts)
            parts[index] = SourcePart(text, parts[index].file)
            self._part_breakpoints[index] = self.editor.breakpoints()
            self._source_map = SourceMap(parts)
            source = joined_source(parts)
        self.controller.set_source(source)
        if not self.controller.is_live():
            self._show_status(self.tr("Edited; live build is off: Build (Ctrl+B) to check it"))
        self.sourceEdited.emit(source)

    def _on_live_toggled(self, live: bool) -> None:
        self.controller.set_live(live)

    def _on_options_changed(self, options: str) -> None:
        self.controller.set_options(options)
        self.optionsChanged.emit(options)

    def _on_picker_kernel_chosen(self, name: str) -> None:
        self._kernel = name
        self.kernelChosen.emit(name)

    def _on_problem_activated(self, line: int, column: int) -> None:
        self.go_to(line, column)
        self.problemActivated.emit(line, column)

    def _on_part_tabs_changed(self, index: int) -> None:
        if index < 0 or not self._source_map.parts:
            return
        # The part the editor showed until now keeps its breakpoints, moved by its edits.
        self._part_breakpoints[self._shown_part] = self.editor.breakpoints()
        self._shown_part = index
        self.editor.set_source(self._source_map.parts[index].text)
        self.editor.set_breakpoints(self._part_breakpoints[index])
        self._show_diagnostics()
        if self._paused_line is not None:
            paused_part, own = self._source_map.locate(self._paused_line)
            self.editor.set_paused_line(own if paused_part == index else None)
        self._on_editor_cursor_moved()

    def _on_editor_cursor_moved(self) -> None:
        cursor = self.editor.textCursor()
        self.position_label.setText(
            self.tr("Ln {line}, Col {column}").format(
                line=cursor.blockNumber() + 1, column=cursor.positionInBlock() + 1
            )
        )

    def _on_controller_build_started(self, generation: int) -> None:
        self._show_status(self.tr("Building…"))
        self.buildStarted.emit(generation)

    def _on_controller_build_finished(self, result: BuildResult) -> None:
        # The controller reports a result only for its current text.
        self._built_generation = self.controller.generation
        self._built_at = time.monotonic()
        self._build_diagnostics = result.diagnostics
        self._show_diagnostics()
        self.build_log.set_result(result, self._source_name, self._source_map)
        if result.ok:
            self._show_kernels(result)
        else:
            self.kernel_picker.set_stale(self.controller.is_stale())
        severities = {d.severity for d in result.diagnostics}
        worst = "error" if not result.ok else "warning" if "warning" in severities else None
        note = (
            self.tr("; the kernel list is from the last good build")
            if self.controller.is_stale()
            else ""
        )
        self._show_status(build_status_text(result) + note, worst)
        self.buildFinished.emit(result)

    def _show_diagnostics(self) -> None:
        shown = (
            self._build_diagnostics
            + self._check_diagnostics
            + self._remark_diagnostics
            + self._traffic_diagnostics
        )
        self.problems.set_diagnostics(shown, self._source_map)
        if not self._source_map.parts:
            self.editor.set_diagnostics(shown)
            return
        # The editor shows one part: its diagnostics, at the part's own lines; each
        # tab is marked with the worst of its part's.
        current = self.current_part()
        in_part: list[Diagnostic] = []
        worst: dict[int, str] = {}
        for d in shown:
            index, own = self._source_map.locate(d.line) if d.line > 0 else (-1, d.line)
            if index == current:
                in_part.append(replace(d, line=own))
            if index >= 0 and _RANK.get(d.severity, 0) > _RANK.get(worst.get(index, ""), -1):
                worst[index] = d.severity
        self.editor.set_diagnostics(in_part)
        size = self.part_tabs.fontMetrics().height()
        for index in range(self.part_tabs.count()):
            severity = worst.get(index)
            icon = severity_icon(severity, self.editor.colors, size) if severity else QIcon()
            self.part_tabs.setTabIcon(index, icon)

    def _show_kernels(self, result: BuildResult) -> None:
        """List the new kernels; when the chosen one is gone (renamed), choose another."""
        self.kernel_picker.set_kernels(result.kernels)
        names = [k.name for k in result.kernels]
        if self._kernel in names:
            self.kernel_picker.set_current(self._kernel)
        elif names:
            self._kernel = self.kernel_picker.current_kernel()
            self.kernelChosen.emit(self._kernel)

    def _on_controller_build_crashed(self, traceback_text: str) -> None:
        self.build_log.set_crash(traceback_text)
        self._show_status(self.tr("The build did not finish: see the Build log"), "error")
        self.buildCrashed.emit(traceback_text)

    def _show_status(self, text: str, severity: str | None = None) -> None:
        self.status_label.setText(text)
        if severity is None:
            self.status_icon.clear()
            self.status_icon.hide()
            return
        size = self.status_label.fontMetrics().height()
        icon = severity_icon(severity, self.editor.colors, size)
        self.status_icon.setPixmap(icon.pixmap(size, size))
        self.status_icon.show()
