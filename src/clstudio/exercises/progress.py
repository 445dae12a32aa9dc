"""A learner's progress and own kernels, kept in one folder of their own.

The app gives the folder (the user's data folder); nothing here writes into exercises/.
Each exercise gets `<folder>/<name>/<name>.json`, a session, and its `<name>.cl`, a copy
of the starter made the first time it is opened, which the learner then edits and saves;
a second starter (variant `cl2`) gets its own pair, `<name>_cl2.json` and `<name>_cl2.cl`.
`progress.json` holds the status of every exercise checked so far; a damaged one is set
aside (common.user_data) and progress starts afresh.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

from clstudio.common import (
    Notify,
    UserDataError,
    gettext,
    load_user_data,
    newer_version_problem,
    read_object_of,
    tell_stderr,
    translated_comments,
    write_text_atomically,
)
from clstudio.exercises.exercise_format import Exercise
from clstudio.exercises.grading import NOT_STARTED, STATUSES, CheckReport
from clstudio.exercises.variants import Variant
from clstudio.session import save_session

PROGRESS_FILE = "progress.json"
PROGRESS_FORMAT = "clstudio-exercise-progress"
PROGRESS_VERSION = 1


class ProgressStore:
    """Statuses by exercise name, and the learner's session for each exercise."""

    def __init__(self, folder: Path, notify: Notify | None = None) -> None:
        """`notify` gets the line that says a damaged progress.json was set aside."""
        self.folder = folder
        self._notify = notify or tell_stderr
        self._statuses = load_user_data(folder / PROGRESS_FILE, _parse, notify) or {}

    def status(self, name: str) -> str:
        return self._statuses.get(name, NOT_STARTED)

    def record(self, report: CheckReport) -> None:
        """Keep the status of a finished check; written at once, atomically, unless a
        newer CL Studio wrote the file (then it is kept for this run only, and said so)."""
        self._statuses[report.exercise] = report.status
        newer = newer_version_problem(
            self.folder / PROGRESS_FILE, PROGRESS_FORMAT, PROGRESS_VERSION
        )
        if newer is not None:
            self._notify(newer)
            return
        data = {
            "format": PROGRESS_FORMAT,
            "version": PROGRESS_VERSION,
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
        on first use, its comments in the learner's language."""
        path = self.session_path(exercise.name, None if variant is None else variant.name)
        if not path.is_file():
            starter = exercise.session if variant is None else variant.session
            source = translated_comments(starter.source)
            save_session(replace(starter, source=source, source_file=f"{path.stem}.cl"), path)
        return path


def _parse(data: object) -> dict[str, str]:
    """The statuses of progress.json; a status this version does not know is left out."""
    entries = read_object_of(data, PROGRESS_FORMAT, PROGRESS_VERSION).get("exercises")
    if not isinstance(entries, dict) or not all(
        isinstance(e, dict) and isinstance(e.get("status"), str) for e in entries.values()
    ):
        raise UserDataError(gettext("its exercises are not objects with a status"))
    return {name: e["status"] for name, e in entries.items() if e["status"] in STATUSES}
