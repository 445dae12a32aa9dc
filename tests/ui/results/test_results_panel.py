"""The results dock's tabs: each finished run reaches them all, another session empties
those of the last run, and the Outputs tab, made once the dock has painted, shows its panel."""

from __future__ import annotations

from collections.abc import Callable

from pytestqt.qtbot import QtBot

from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import RunResult
from clstudio.reporting import FinishedRun
from clstudio.session import Launch
from clstudio.session.args import ArgSpec, BufferArg
from clstudio.session.format import Session
from clstudio.ui.editor.build_log import BuildLogView
from clstudio.ui.editor.problems_view import ProblemsView
from clstudio.ui.results.outputs.outputs_panel import OutputsPanel
from clstudio.ui.results.results_panel import ResultsPanel


def test_the_outputs_made_behind_another_tab_show_when_their_tab_is_chosen(qtbot: QtBot) -> None:
    panel = ResultsPanel(ProblemsView(), BuildLogView())
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitUntil(lambda: panel.findChild(OutputsPanel) is not None)
    assert panel.currentWidget() is panel.timings
    panel.setCurrentIndex(panel.tab_names().index("Outputs"))
    assert panel.outputs.isVisible()
    assert panel.outputs.empty.isVisible()  # "No outputs yet", not a blank page


def test_the_outputs_made_on_their_own_tab_show_at_once(qtbot: QtBot) -> None:
    panel = ResultsPanel(ProblemsView(), BuildLogView())
    qtbot.addWidget(panel)
    panel.setCurrentIndex(panel.tab_names().index("Outputs"))
    panel.show()
    qtbot.waitUntil(lambda: panel.findChild(OutputsPanel) is not None)
    assert panel.outputs.isVisible()


def session_with_buffers() -> Session:
    float32 = parse_element_type("float32")
    args: dict[str, ArgSpec] = {
        "a": BufferArg(float32, (8,), access="in"),
        "c": BufferArg(float32, (8,), access="out"),
    }
    return Session(source="", launches=(Launch("k", (8,)),), repeats=3, args=args)


def test_a_run_reaches_every_tab_and_another_session_empties_those_of_the_last_run(
    qtbot: QtBot, synthetic: Callable[..., RunResult], finished: Callable[..., FinishedRun]
) -> None:
    panel = ResultsPanel(ProblemsView(), BuildLogView())
    qtbot.addWidget(panel)
    panel.show_run(finished(synthetic(printf="gid 0: 1.5\n"), session_with_buffers()))
    assert not panel.timings.stack.is_empty()
    assert panel.timings.stats_value("Repeats") == 3
    assert len(panel.roofline.plot.points()) == 1
    assert [entry.key for entry in panel.outputs.entries()] == ["result:c", "input:a"]
    assert panel.console.plain_text().endswith("gid 0: 1.5")
    assert panel.steps.row_state(1) == "done"

    panel.show_session_changed()
    assert panel.timings.stack.is_empty() and panel.outputs.stack.is_empty()
    assert panel.outputs.entries() == []
    assert panel.steps.row_state(1) == "current"  # the plan again, step 1 next
    assert panel.steps.row_texts(1)[4] == ""  # with no time of the last run
    assert panel.roofline.stack.is_empty() and panel.roofline.latest_point() is None
    assert panel.console.plain_text() == "" and panel.console.stack.is_empty()
