"""The Compiler tab shown an NVIDIA build, recorded (tests/compiler/data/nvidia): the PTX
as the assembly with its source lines, registers and spills in the summary, explained."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clstudio.compiler import ProgramBuild, compile_view
from clstudio.ui.compiler.compiler_panel import CompilerPanel
from ui.shown_widgets import shown

NVIDIA = Path(__file__).parents[2] / "compiler" / "data" / "nvidia"


def test_an_nvidia_build_shows_its_ptx_and_its_registers(qtbot: QtBot) -> None:
    panel = shown(qtbot, CompilerPanel(), 900, 700, exposed=True)
    build = ProgramBuild(
        kernel="saxpy",
        symbol="saxpy",
        device="NVIDIA H100 80GB HBM3",
        platform="NVIDIA CUDA",
        options="",
        added_options="-cl-nv-verbose",
        local_size=None,
        dimensions=1,
        source=(NVIDIA / "saxpy.cl").read_text(),
        build_log=(NVIDIA / "saxpy.verbose.log").read_text(),
        binary=(NVIDIA / "saxpy.ptx").read_bytes(),
    )
    panel.set_result(compile_view(build, "", None))
    summary = panel.summary_text()
    assert "10 registers" in summary and "no spills" in summary
    assert "occupancy" in summary
    assert "PTX" in panel.missing_text()
    view = panel.asm_view
    text = view.toPlainText()
    assert ".entry saxpy(" in text.splitlines()[0] and "fma.rn.f32" in text
    listing = view.listing
    assert listing is not None
    row = next(i for i, r in enumerate(listing.lines) if r.mnemonic == "fma.rn.f32")
    panel.show_source_line(4)  # y[i] = a * x[i] + y[i]
    assert row in view.marked_rows
    cursor = view.textCursor()
    cursor.setPosition(view.document().findBlockByNumber(row).position() + 8)
    with qtbot.waitSignal(panel.sourceLineRequested, timeout=2000) as clicked:
        qtbot.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, pos=view.cursorRect(cursor).center()
        )
    assert clicked.args == [4]
