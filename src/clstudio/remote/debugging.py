"""The debugger on a remote machine: its debug process started over ssh by the debug agent
(clstudio.remote.debug_agent), the conversation the same as with a local one."""

from __future__ import annotations

import base64
import json
import subprocess

from clstudio import __version__
from clstudio.common import gettext
from clstudio.debugger.debug_plan import DebugPlan
from clstudio.debugger.pipe import DebuggerProcess
from clstudio.remote.address import RemoteAddress, python_command
from clstudio.remote.connection import BOOTSTRAP, LostConnection
from clstudio.session import session_to_dict

SSH_FAILED = 255  # ssh's exit status when it, not the remote command, failed


class RemoteDebuggerProcess(DebuggerProcess):
    """A debug run on `address` (set up there first: clstudio.remote.prepare)."""

    def __init__(
        self,
        plan: DebugPlan,
        address: RemoteAddress,
        batch: bool = True,
        on_lost: LostConnection | None = None,
    ) -> None:
        """`on_lost` hears of the connection lost during the run (the window's row)."""
        self._address = address
        self._batch = batch
        self._plan = plan
        self._on_lost = on_lost
        super().__init__(plan.environment)

    def status(self) -> dict[str, object] | None:
        """How the run ended, as the agent told it; when ssh ended without its word (the
        connection went), that the connection was lost, naming the machine."""
        status = super().status()
        if status is not None or self.killed or self.exit_code() != SSH_FAILED:
            return status
        doing = gettext("debugging kernel '{kernel}'").format(kernel=self._plan.session.kernel)
        message = gettext("the connection to {machine} was lost while {doing}").format(
            machine=self._address.name, doing=doing
        ) + gettext(". The next request connects again.")
        if self._on_lost is not None:
            self._on_lost(self._address, message)
        return {"error": {"stage": "crash", "message": message}}

    def _start(self) -> tuple[subprocess.Popen[bytes], int | None]:
        """Started with its plan: the agent there runs it at once (no plan pipe over ssh)."""
        plan = self._plan
        orders = {"session": session_to_dict(plan.session), "environment": plan.environment}
        # Base64 of JSON of CL Studio's own making: letters, digits, '+', '/' and '='.
        text = base64.b64encode(json.dumps(orders).encode()).decode()
        code = BOOTSTRAP.format(
            version=__version__, module="clstudio.remote.debug_agent", argv=["debug_agent", text]
        )
        process = subprocess.Popen(
            self._address.ssh_command(python_command(code), self._batch),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # Stop kills ssh's group; the agent then ends the run
        )
        return process, None
