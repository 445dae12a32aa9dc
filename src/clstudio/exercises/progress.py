"""A learner's progress and own kernels, kept in one folder of their own.

The app gives the folder (the user's data folder); nothing here writes into exercises/.
Each exercise gets `<folder>/<name>/<name>.json`, a session, and its `<name>.cl`, a copy
of the starter made the first time it is opened, which the learner then edits and saves;
a second starter (variant `cl2`) gets its own pair, `<name>_cl2.json` and `<name>_cl2.cl`.
`progress.json` holds the status of every exercise checked so far.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

from clstudio.common import write_text_atomically
from clstudio.exercises.exercise_format import Exercise
from clstudio.exercises.grading import NOT_STARTED, STATUSES, CheckReport
from clstudio.exercises.variants import Variant
from clstudio.session import save_session

PROGRESS_FILE = "progress.json"
PROGRESS_FORMAT = "clstudio-exercise-progress"


class ProgressStore:
    """Statuses by exercise name, and the learner's session for each exercise."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._statuses = self._read()

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads((self.folder / PROGRESS_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}  # nothing checked yet, or a file cut short: start afresh
        entries = data.get("exercises") if isinstance(data, dict) else None
        if not isinstance(entries, dict):
            return {}
        return {
            name: entry["status"]
            for name, entry in entries.items()
            if isinstance(entry, dict) and entry.get("status") in STATUSES
        }

    def status(self, name: str) -> str:
        return self._statuses.get(name, NOT_STARTED)

    def record(self, report: CheckReport) -> None:
        """Keep the status of a finished check; written at once, atomically."""
        self._statuses[report.exercise] = report.status
        data = {
            "format": PROGRESS_FORMAT,
            "version": 1,
            "saved_at": time.time(),
            "exercises": {name: {"status": s} for name, s in sorted(self._statuses.items())},
        }
        self.folder.mkdir(parents=True, exist_ok=True)
        write_text_atomically(self.folder / PROGRESS_FILE, json.dumps(data, indent=2) + "\n")

    def session_path(self, name: str, variant: str | None = None) -> Path:
        stem = name if variant is None else f"{name}_{variant}"
        return self.folder / name / f"{stem}.json"

    def workspace(self, exercise: Exercise, variant: Variant | None = None) -> Path:
        """The learner's session for `exercise` (or its `variant`), made from that starter
        on first use."""
        path = self.session_path(exercise.name, None if variant is None else variant.name)
        if not path.is_file():
            starter = exercise.session if variant is None else variant.session
            save_session(replace(starter, source_file=f"{path.stem}.cl"), path)
        return path
