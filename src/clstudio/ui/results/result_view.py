"""The one shape of a result tab: it shows a finished run, and it can be cleared.

The Results dock hands every run to its tabs through this protocol, so a new tab (a
kernel debugger, a compiler view) is one more entry in ResultsPanel.views().
"""

from __future__ import annotations

from typing import Protocol

from clstudio.reporting import FinishedRun


class ResultView(Protocol):
    def show_run(self, run: FinishedRun) -> None:
        """Show what `run` answered, described by the session that ran, not as edited since."""

    def clear(self) -> None:
        """Back to the empty state: what the tab shows is of runs no longer wanted."""
