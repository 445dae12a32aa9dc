"""The Compiler tab tied to the editor: lines both ways, remarks as notes, the stale notice."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import SignalInstance

from clstudio.compiler import CompileResult, remark_diagnostics
from clstudio.session import Session
from clstudio.ui.compiler.compiler_tab import CompilerTab
from clstudio.ui.editor.editor_panel import EditorPanel


def connect_compiler(
    tab: CompilerTab,
    editor_panel: EditorPanel,
    session: Callable[[], Session],
    session_changed: SignalInstance,
) -> None:
    """A click on an instruction moves the editor; the editor's line marks its instructions.

    `session` is the open session, read whenever `session_changed` fires, so the tab
    can say when the editor has moved on from the build it shows.
    """
    editor, panel = editor_panel.editor, tab.panel

    def on_source_line_requested(line: int) -> None:
        editor_panel.go_to(line)
        editor.setFocus()

    def on_cursor_moved() -> None:
        panel.show_source_line(editor_panel.current_line())

    def on_session_changed() -> None:
        current = session()
        panel.set_editor_state(current.source, current.build_options, current.local_size)

    def on_compile_finished(result: CompileResult) -> None:
        editor_panel.show_remark_diagnostics(remark_diagnostics(result.remarks))
        on_session_changed()
        on_cursor_moved()

    panel.sourceLineRequested.connect(on_source_line_requested)
    editor.cursorPositionChanged.connect(on_cursor_moved)
    session_changed.connect(on_session_changed)
    tab.compileFinished.connect(on_compile_finished)
