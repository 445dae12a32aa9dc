"""Closing the window: the layout and the last session saved, then every task lane shut
down at once, so that no thread or worker process outlives the window."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from clstudio.ui.backends import Backends
from clstudio.ui.document import Document
from clstudio.ui.editor.recovery import RecoveryStore
from clstudio.ui.settings import AppSettings
from clstudio.ui.tasks import TaskLanes
from clstudio.ui.window_layout import WindowLayout


class OpenDocument(Protocol):
    @property
    def document(self) -> Document: ...


class DebugRun(Protocol):
    def close(self) -> None:
        """End the debug run there may be and close its process."""


class Connections(Protocol):
    def close(self) -> None:
        """End the connections to remote machines that no backend holds."""


@dataclass(frozen=True)
class ShutdownController:
    """What closing the window saves and ends."""

    layout: WindowLayout
    settings: AppSettings
    files: OpenDocument
    tasks: TaskLanes
    backends: Backends
    recovery: RecoveryStore
    debug_run: DebugRun
    remote_connections: Connections

    def shut_down(self) -> None:
        """Save what the next start restores; stop every task and wait for it; close the
        worker processes and the debug process; drop the recovery copy (the user saved or
        discarded)."""
        self.layout.save()
        self.settings.set_last_session(self.files.document.path)
        self.settings.sync()
        self.tasks.shutdown()  # a debug command under way ends: its runner kills the run
        self.debug_run.close()
        self.backends.close()
        self.remote_connections.close()
        self.recovery.discard()
