"""A learner's progress and kernels: kept in their own folder, never in exercises/."""

import json
from pathlib import Path

import pytest

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


def test_an_unreadable_progress_file_means_nothing_checked_yet_and_is_set_aside(
    tmp_path: Path,
) -> None:
    (tmp_path / "progress.json").write_text("{ cut short")
    said: list[str] = []
    assert ProgressStore(tmp_path, said.append).status("saxpy") == NOT_STARTED
    (copy,) = tmp_path.glob("progress.json.damaged-*")
    assert copy.read_text() == "{ cut short"
    assert len(said) == 1 and copy.name in said[0]


@pytest.mark.parametrize(
    "exercises", [5, {"saxpy": "passing"}, {"saxpy": {"status": 1}}, [{"status": "passing"}]]
)
def test_a_progress_file_of_the_wrong_shape_is_set_aside(
    tmp_path: Path,
    exercises: dict[str, dict[str, int]] | dict[str, str] | int | list[dict[str, str]],
) -> None:
    data = {"format": "clstudio-exercise-progress", "version": 1, "exercises": exercises}
    (tmp_path / "progress.json").write_text(json.dumps(data))
    said: list[str] = []
    store = ProgressStore(tmp_path, said.append)
    assert store.status("saxpy") == NOT_STARTED
    assert len(said) == 1 and "set aside" in said[0]
    store.record(report("saxpy", True))
    assert ProgressStore(tmp_path).status("saxpy") == PASSING


def test_a_progress_file_of_a_newer_version_is_never_written_over(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    data = {"format": "clstudio-exercise-progress", "version": 2, "exercises": {"x": "new"}}
    path.write_text(json.dumps(data))
    said: list[str] = []
    store = ProgressStore(tmp_path, said.append)
    store.record(report("saxpy", True))
    assert store.status("saxpy") == PASSING  # for this run
    assert json.loads(path.read_text()) == data
    assert len(said) == 1 and "a newer CL Studio keeps it" in said[0]


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
