"""What Run > Check and Run > Debug share: both run the session as the form shows it on
Oclgrind, and both refuse, saying why, when discovery found no Oclgrind or the form has a
problem."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from clstudio.common import gettext
from clstudio.ui.workbench import Workbench


class OclgrindMode(QObject):
    """The refusals of a mode on Oclgrind; a mode names its dialog and its help text."""

    messageRaised = Signal(str)  # for the status bar

    def __init__(
        self,
        workbench: Workbench,
        simulator_listed: Callable[[], bool | None],
        parent: QWidget,
    ) -> None:
        """`simulator_listed`: whether discovery found Oclgrind (None: not known yet)."""
        super().__init__(parent)
        self._workbench = workbench
        self._simulator_listed = simulator_listed
        self._window = parent

    def _refused(self, refuse: Callable[[str], None]) -> bool:
        """Whether the request cannot go: Oclgrind is missing (a dialog says how to get
        it), or the form has a problem (shown in the form, and its words to `refuse`)."""
        if self._simulator_listed() is False:
            self._say_oclgrind_is_missing()
            return True
        problems = self._workbench.problems()
        if problems:
            self._workbench.args.show_error(problems[0])
            refuse(problems[0].message)
            return True
        return False

    def _missing(self) -> tuple[str, str]:
        """The dialog's title, translated, and the core's help text, marked only."""
        raise NotImplementedError

    def _say_oclgrind_is_missing(self) -> None:
        title, help_text = self._missing()
        # The help is a text of the core's table: translated where it is shown.
        QMessageBox.information(self._window, title, gettext(help_text))
