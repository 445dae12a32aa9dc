"""The results dock's tabs: the Outputs tab, made once the dock has painted, shows its panel."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

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
