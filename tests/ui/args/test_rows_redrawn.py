"""The Arguments dock drawn for a kernel whose types changed (the host-file bar's element
type, f32 to f16): the old rows leave the form when the new ones come, not when Qt gets
round to deleting them (until then the dock showed `__global float*` above the new
`__global half*`; test_infinicore_window switches it in the window)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clstudio.common import KernelSignature
from clstudio.session import load_session
from clstudio.ui.args import ArgsPanel
from clstudio.ui.args.arg_row import ArgRow
from clstudio.validation import fit_program
from kernel_args import kernel_arg
from ui.window_steps import KERNELS


def shown_types(panel: ArgsPanel, name: str) -> list[str]:
    """The types the user reads beside the argument `name` in the Arguments dock."""
    rows = panel.findChildren(ArgRow)
    return [r.type_label.text() for r in rows if r.name == name and r.isVisible()]


def vadd(element: str) -> KernelSignature:
    args = [kernel_arg(n, f"{element}*", n != "c") for n in "abc"]
    return KernelSignature("vector_add", (*args, kernel_arg("n", "int")))


def test_rows_drawn_again_replace_the_old_ones_at_once(qtbot: QtBot) -> None:
    """Events are processed between the forms as a frame is drawn, but not the deferred
    deletions of an event loop's turn (a nested loop or a busy one delays them)."""
    panel = ArgsPanel()
    qtbot.addWidget(panel)
    panel.show()
    session = load_session(KERNELS / "vector_add.json")
    for element in ("float", "half", "float"):
        panel.show_rows(fit_program({"vector_add": vadd(element)}, session))
        QApplication.processEvents()
        assert shown_types(panel, "a") == [f"__global const {element}*"]
        assert shown_types(panel, "c") == [f"__global {element}*"]
    panel.clear()
    assert shown_types(panel, "a") == []
