"""A program whose launches each pass a struct of their own: the launch cards show and
edit it field by field, and a run takes what the user typed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from clstudio.session import ScalarArg, leaf_launches
from clstudio.ui.main_window import MainWindow
from nested_struct_kernels import by_value_program
from ui.window_steps import open_file, retype, run_with_f5

pytestmark = pytest.mark.opencl


def test_each_launch_card_edits_its_own_struct_and_the_run_uses_it(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    path = tmp_path / "struct_cl.json"
    path.write_text(json.dumps(by_value_program()))
    window = make_window()
    open_file(qtbot, window, path)
    launched = window.arguments_panel.launches
    qtbot.waitUntil(lambda: len(launched.cards) == 2, timeout=30_000)
    first, second = (card.bindings["s"] for card in launched.cards)
    assert first.choice.currentText() == second.choice.currentText() == "a value of its own"
    assert first.struct_value is not None and second.struct_value is not None
    assert first.struct_value.fields["a"].lanes[0].text() == "100"
    assert [second.struct_value.fields[f"b[{i}]"].lanes[0].text() for i in (0, 1)] == ["0", "0"]

    retype(qtbot, second.struct_value.fields["a"].lanes[0], "41")

    def second_s() -> object:
        launch = leaf_launches(window.workbench.document.session.launches)[1]
        return launch.args["s"]

    qtbot.waitUntil(lambda: isinstance(second_s(), ScalarArg) and second_s().value == {"a": 41})  # type: ignore[attr-defined]
    first_s = leaf_launches(window.workbench.document.session.launches)[0].args["s"]
    assert first_s == ScalarArg({"a": 100, "b": (1, 2)}, first.struct_value.struct)
    result = run_with_f5(qtbot, window)
    assert result.error is None
    assert result.outputs["mem"].tolist() == [49]  # 41 + 8: the second launch's struct
    assert not result.references["mem"].ok  # the session still expects 40 + 8
