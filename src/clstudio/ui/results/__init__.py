"""The results of a run: timings, outputs, console and the host program's steps."""

from clstudio.ui.results.console_panel import ConsolePanel
from clstudio.ui.results.error_banner import ErrorBanner, error_text
from clstudio.ui.results.outputs_panel import OutputsPanel
from clstudio.ui.results.steps_panel import StepsPanel
from clstudio.ui.results.timings_panel import TimingsPanel

__all__ = [
    "ConsolePanel",
    "ErrorBanner",
    "OutputsPanel",
    "StepsPanel",
    "TimingsPanel",
    "error_text",
]
