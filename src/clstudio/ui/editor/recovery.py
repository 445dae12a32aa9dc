"""Unsaved edits autosaved to a recovery file, so that a crash or a kill loses none of them.

Each running editor writes its own file, `<id>.json`, and holds a lock file beside it
(QLockFile: the lock dies with its process). At start, a recovery file whose lock nobody
holds was left by an editor that ended without a clean save or exit: it is offered back.
Writes are atomic (write a temporary file, then rename over the old one), so a crash in
the middle of a write leaves the previous copy whole. A recovery file that is not whole
(a FIFO, `saved_at: 1e300`) is set aside (common.user_data), never offered or deleted.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLockFile, QObject, QStandardPaths, QTimer, Signal

from clstudio.common import (
    Notify,
    UserDataError,
    load_user_data,
    read_time,
    write_text_atomically,
)
from clstudio.session import Session, session_to_dict

AUTOSAVE_MS = 3000
FORMAT = "clstudio-recovery"


@dataclass(frozen=True)
class Recovery:
    """Edits found after a crash: the source, the session file it belonged to, and when.

    `session` holds the whole session as saved (arguments, sizes, references too)
    when the editor recorded one.
    """

    path: Path
    source: str
    session_path: Path | None
    saved_at: float  # seconds since the epoch
    session: dict[str, Any] | None = None
    # Each source part's text, for a program in parts: the session names file parts only.
    parts: tuple[str, ...] = ()


def default_folder() -> Path:
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) / "recovery"


def read_recovery(path: Path, notify: Notify | None = None) -> Recovery | None:
    """The recovery in `path`, or None when there is none; a file that is not one (or
    not whole) is set aside, and `notify` (else stderr) gets the line saying so."""

    def parse(data: object) -> Recovery:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise UserDataError(
                QCoreApplication.translate("RecoveryStore", "not a {format} file").format(
                    format=FORMAT
                )
            )
        source, session = data.get("source"), data.get("session_path")
        whole = data.get("session")
        if not isinstance(source, str):
            raise UserDataError(
                QCoreApplication.translate("RecoveryStore", "its source is not text")
            )
        if not isinstance(session, str | None) or not isinstance(whole, dict | None):
            raise UserDataError(
                QCoreApplication.translate(
                    "RecoveryStore", "its session is neither a path nor null"
                )
            )
        saved = read_time(data.get("saved_at"), "saved_at")
        parts = data.get("parts", [])
        if not isinstance(parts, list) or not all(isinstance(p, str) for p in parts):
            raise UserDataError(
                QCoreApplication.translate("RecoveryStore", "its source parts are not text")
            )
        where = None if session is None else Path(session)
        return Recovery(path, source, where, saved, whole, tuple(parts))

    return load_user_data(path, parse, notify)


class RecoveryStore(QObject):
    """Autosaves the newest edits every few seconds, only when they changed."""

    failed = Signal(str)  # an autosave could not be written: why, in words
    fileSetAside = Signal(str)  # a damaged recovery file was renamed: the line saying so

    def __init__(
        self,
        folder: Path | None = None,
        interval_ms: int = AUTOSAVE_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.folder = folder if folder is not None else default_folder()
        self.path = self.folder / f"{os.urandom(16).hex()}.json"  # this window's own
        self._lock = QLockFile(str(self.path.with_suffix(".lock")))
        self._lock.setStaleLockTime(0)  # only a dead owner makes a lock stale, never age
        self._claimed: dict[Path, QLockFile] = {}
        self._pending: tuple[str, Path | None, Session | None] | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.flush)
        self._timer.start()

    def record(
        self, source: str, session_path: Path | None = None, session: Session | None = None
    ) -> None:
        """Note the newest edits; the next autosave writes them (the whole session if given)."""
        self._pending = (source, session_path, session)

    def has_unsaved(self) -> bool:
        return self._pending is not None

    def flush(self) -> bool:
        """Write the noted edits now, if any changed since the last write.

        False when the write failed; `failed` then says why, and the edits stay noted
        for the next try.
        """
        if self._pending is None:
            return True
        source, session_path, session = self._pending
        data: dict[str, object] = {
            "format": FORMAT,
            "source": source,
            "session_path": str(session_path) if session_path is not None else None,
            "saved_at": time.time(),
            "session": session_to_dict(session) if session is not None else None,
        }
        if session is not None and session.source_parts:
            data["parts"] = [part.text for part in session.source_parts]
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self._lock.isLocked() and not self._lock.tryLock(0):
                raise OSError(
                    self.tr("cannot lock {path}").format(path=self.path.with_suffix(".lock"))
                )
            write_text_atomically(self.path, json.dumps(data, indent=1) + "\n")
        except OSError as exc:
            self.failed.emit(
                self.tr("Autosave to {path} failed: {error}").format(path=self.path, error=exc)
            )
            return False
        self._pending = None
        return True

    def discard(self) -> None:
        """The edits are safe (saved, or the user closed cleanly): forget the recovery copy."""
        self._pending = None
        self.path.unlink(missing_ok=True)
        if self._lock.isLocked():
            self._lock.unlock()

    def pending_recovery(self) -> Recovery | None:
        """The newest recovery left by an editor that did not end cleanly, if any.

        It stays claimed by this store (no other editor will offer it) until `forget`.
        """
        found = []
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else ():
            if path == self.path:
                continue
            lock = self._claimed.get(path) or QLockFile(str(path.with_suffix(".lock")))
            if not lock.isLocked():
                lock.setStaleLockTime(0)
                if not lock.tryLock(0):
                    continue  # its editor is still running
            recovery = read_recovery(path, self.fileSetAside.emit)
            if recovery is None:
                lock.unlock()
                continue
            self._claimed[path] = lock
            found.append(recovery)
        return max(found, key=lambda r: r.saved_at, default=None)

    def forget(self, recovery: Recovery) -> None:
        """Delete a recovery once it was restored or declined."""
        recovery.path.unlink(missing_ok=True)
        lock = self._claimed.pop(recovery.path, None)
        if lock is not None:
            lock.unlock()
