"""A learner's progress and kernels: kept in their own folder, never in exercises/."""

import json
from pathlib import Path

from clstudio.exercises import (
    FAILING,
    NOT_STARTED,
    PASSING,
    CaseResult,
    CheckReport,
    ProgressStore,
    exercises_dir,
    load_exercise,
)
from clstudio.session import load_session


def report(name: str, passed: bool) -> CheckReport:
    case = CaseResult("n = 1", {"n": 1}, 1, passed, "" if passed else "check", "")
    return CheckReport(name, (case,), None)


def test_statuses_survive_a_new_store_on_the_same_folder(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    assert store.status("saxpy") == NOT_STARTED
    store.record(report("saxpy", False))
    store.record(report("vector_add", True))
    again = ProgressStore(tmp_path)
    assert again.status("saxpy") == FAILING
    assert again.status("vector_add") == PASSING
    saved = json.loads((tmp_path / "progress.json").read_text())
    assert saved["format"] == "clstudio-exercise-progress" and saved["version"] == 1


def test_an_unreadable_progress_file_means_nothing_checked_yet(tmp_path: Path) -> None:
    (tmp_path / "progress.json").write_text("{ cut short")
    assert ProgressStore(tmp_path).status("saxpy") == NOT_STARTED


def test_the_workspace_starts_from_the_starter_and_leaves_the_exercise_alone(
    tmp_path: Path,
) -> None:
    exercise = load_exercise(exercises_dir() / "vector_add")
    starter_before = (exercise.folder / "starter.cl").read_bytes()
    store = ProgressStore(tmp_path)
    path = store.workspace(exercise)
    assert path == tmp_path / "vector_add" / "vector_add.json"
    session = load_session(path)
    assert session.source == exercise.starter and session.source_file == "vector_add.cl"
    (path.parent / "vector_add.cl").write_text("// my work")
    assert store.workspace(exercise) == path
    assert (path.parent / "vector_add.cl").read_text() == "// my work"  # never reset
    assert (exercise.folder / "starter.cl").read_bytes() == starter_before
