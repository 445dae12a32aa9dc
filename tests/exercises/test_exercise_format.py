"""Reading exercise folders: every refusal names its file and key, and nothing runs."""

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from clstudio.exercises import ExerciseError, exercises_dir, load_catalogue, load_exercise
from clstudio.session import ScalarArg
from clstudio.session.args import BufferArg
from exercises.catalogue_testing import exercise_named
from session.session_testing import arg_of

SOURCE = exercises_dir() / "vector_add"


def copy_exercise(tmp_path: Path, **changes: Any) -> Path:
    """vector_add copied to tmp_path, with top-level keys of exercise.json changed."""
    folder = tmp_path / "vector_add"
    shutil.copytree(SOURCE, folder)
    data = json.loads((folder / "exercise.json").read_text())
    data.update(changes)
    (folder / "exercise.json").write_text(json.dumps(data))
    return folder


def refusal(folder: Path) -> str:
    with pytest.raises(ExerciseError) as caught:
        load_exercise(folder)
    return str(caught.value)


def test_an_exercise_reads_its_statement_session_solution_and_cases() -> None:
    exercise = load_exercise(SOURCE)
    assert exercise.name == "vector_add"
    assert exercise.statement.startswith("# Vector add with its guard")
    assert exercise.session.source_file == "starter.cl"
    assert "if (i < n)" in exercise.solution and "if (i < n)" not in exercise.starter
    assert [c.sizes["n"] for c in exercise.cases] == [1, 255, 1023, 1024, 1025]
    assert len({c.seed for c in exercise.cases}) == len(exercise.cases)
    assert exercise.hints


def test_an_exercise_reads_in_the_learners_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("CLSTUDIO_LANGUAGE")
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    exercise = load_exercise(SOURCE)
    assert exercise.title == "带边界检查的向量加法"
    assert exercise.summary == "长度不是工作组大小的倍数时的 c = a + b"
    assert exercise.statement.startswith("# 带边界检查的向量加法")
    assert exercise.hints[1].startswith("访问内存之前，先把全局 ID 与 n 比较")
    assert "版本 2 比此 CL Studio 能理解的版本（1）更新" in refusal(
        copy_exercise(tmp_path, version=2)
    )
    untranslated = copy_exercise(tmp_path / "no_statement")
    (untranslated / "statement.zh_CN.md").unlink()
    assert load_exercise(untranslated).statement.startswith("# Vector add with its guard")
    monkeypatch.setenv("LANG", "C")
    exercise = load_exercise(SOURCE)
    assert exercise.title == "Vector add with its guard"
    assert exercise.statement.startswith("# Vector add with its guard")
    assert exercise.hints[1].startswith("Compare the global id with n before touching memory")


def test_a_case_session_follows_the_sizes_and_takes_the_seed_and_tolerance() -> None:
    exercise = load_exercise(SOURCE)
    session = exercise.case_session({"n": 1025}, 7, "// mine")
    assert session.global_size == (1280,)
    assert arg_of(session, "c", BufferArg).shape == (1025,)
    assert session.args["n"] == ScalarArg(1025)
    assert (session.seed, session.source) == (7, "// mine")
    assert (session.references["c"].rtol, session.references["c"].atol) == (1e-6, 1e-6)


def test_a_case_may_start_a_buffer_otherwise_and_only_that_case_does(tmp_path: Path) -> None:
    cases = [
        {"sizes": {"n": 1}, "seed": 1},
        {"sizes": {"n": 300}, "seed": 2, "init": {"a": {"normal": {"mean": 0, "std": 1000}}}},
    ]
    exercise = load_exercise(copy_exercise(tmp_path, cases=cases))
    plain, spread = exercise.cases
    assert plain.inits == {} and spread.inits["a"].kind == "normal"
    session = exercise.case_session(spread.sizes, spread.seed, "// mine", inits=spread.inits)
    assert arg_of(session, "a", BufferArg).init.params == {"mean": 0, "std": 1000}
    assert arg_of(session, "a", BufferArg).shape == (300,)
    assert arg_of(session, "b", BufferArg).init == arg_of(exercise.session, "b", BufferArg).init


@pytest.mark.parametrize(
    ("init", "says"),
    [
        ({"n": "zeros"}, "'n' is not a buffer argument of the session"),
        ({"a": {"normal": {"std": -1}}}, "cases[0].init.a"),
    ],
)
def test_a_case_init_names_a_buffer_and_a_valid_contents(
    tmp_path: Path, init: dict[str, dict[str, dict[str, int]]] | dict[str, str], says: str
) -> None:
    cases = [{"sizes": {"n": 1}, "seed": 1, "init": init}]
    assert says in refusal(copy_exercise(tmp_path, cases=cases))


def test_an_unknown_key_is_refused_with_the_file_and_key(tmp_path: Path) -> None:
    message = refusal(copy_exercise(tmp_path, hint=["typo"]))
    assert "exercise.json: hint: unknown key" in message


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"version": 2}, "version 2 is newer than this CL Studio understands (1)"),
        (
            {"layout": {"global_size": ["n"], "args": {"c": {"shape": ["n + 1"]}}}},
            "layout: with the default sizes {'n': 1024} it does not give session.json",
        ),
        ({"cases": [{"sizes": {"m": 3}}]}, "cases[0].sizes: give exactly the sizes n"),
        (
            {
                "layout": {
                    "global_size": ["(n + 255) // 256 * 256"],
                    "args": {"n": {"value": "n / 2"}},
                }
            },
            "layout.args.n.value: 'n / 2' must give one integer",
        ),
        ({"cases": [{"sizes": {"n": 0}}]}, "cases[0].sizes.n: expected an integer from 1"),
    ],
    ids=[
        "a_newer_version",
        "a_layout_that_does_not_give_the_session_as_written",
        "a_case_that_does_not_name_every_size",
        "a_size_expression_that_does_not_give_an_integer",
        "a_case_whose_sizes_give_no_work",
    ],
)
def test_an_exercise_json_that_breaks_is_refused_naming_the_field(
    tmp_path: Path, changes: dict[str, Any], says: str
) -> None:
    assert says in refusal(copy_exercise(tmp_path, **changes))


def test_a_size_expression_is_checked_by_the_safe_evaluator_and_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    hostile = f"__import__('os').system('touch {marker}')"
    layout = {"global_size": [hostile]}
    message = refusal(copy_exercise(tmp_path, layout=layout))
    assert "layout.global_size[0]" in message
    assert not marker.exists()


def test_the_starter_must_be_a_file(tmp_path: Path) -> None:
    folder = copy_exercise(tmp_path)
    session = json.loads((folder / "session.json").read_text())
    del session["source_file"]
    session["source"] = "__kernel void vector_add() {}"
    (folder / "session.json").write_text(json.dumps(session))
    assert "must name its starter kernel with source_file" in refusal(folder)


def test_a_broken_session_is_refused_with_its_own_message(tmp_path: Path) -> None:
    folder = copy_exercise(tmp_path)
    (folder / "session.json").write_text("{")
    assert "session.json:1:2: not valid JSON" in refusal(folder)


def test_a_golden_file_reference_cannot_follow_other_sizes(tmp_path: Path) -> None:
    import numpy as np

    folder = copy_exercise(tmp_path)
    np.save(folder / "c.npy", np.zeros(1024, np.float32))
    session = json.loads((folder / "session.json").read_text())
    session["references"] = {"c": {"file": "c.npy"}}
    (folder / "session.json").write_text(json.dumps(session))
    assert "a golden-file reference holds one size" in refusal(folder)


def test_the_catalogue_lists_what_loads_and_says_why_the_rest_does_not(tmp_path: Path) -> None:
    good = copy_exercise(tmp_path)
    broken = tmp_path / "broken"
    shutil.copytree(good, broken)
    (broken / "statement.md").unlink()
    catalogue = load_catalogue(tmp_path)
    assert [e.name for e in catalogue.exercises] == ["vector_add"]
    assert len(catalogue.problems) == 1 and "statement.md: cannot read" in catalogue.problems[0]


def with_operations(tmp_path: Path, operations: object) -> Path:
    performance = json.loads((SOURCE / "exercise.json").read_text())["performance"]
    return copy_exercise(tmp_path, performance={**performance, "operations": operations})


def test_every_shipped_exercise_declares_the_operations_of_its_timed_case() -> None:
    catalogue = load_catalogue()
    undeclared = [e.name for e in catalogue.exercises if e.performance.operations is None]
    assert undeclared == []
    gemm = exercise_named(catalogue, "gemm_register_blocked").performance
    assert (gemm.operations_expr, gemm.operations) == ("2 * M * N * K", 2 * 512**3)
    assert (
        exercise_named(catalogue, "transpose_tiled").performance.operations == 0
    )  # data movement only
    causal = exercise_named(catalogue, "causal_softmax").performance
    assert causal.operations == 5 * 2048 * 2049 // 2  # only the visible triangle


@pytest.mark.parametrize(
    ("operations", "says"),
    [
        ("2 * n * m", "performance.operations: "),
        ("n / 3", "performance.operations: 'n / 3' must give one integer"),
        ("0 - n", "performance.operations: '0 - n' gives -4194304 for {'n': 4194304}; below 0"),
        (["n"], "performance.operations: expected a string"),
        ("", "performance.operations: "),
    ],
)
def test_a_bad_operations_expression_is_refused_naming_the_field(
    tmp_path: Path, operations: list[str] | str, says: str
) -> None:
    message = refusal(with_operations(tmp_path, operations))
    assert message.startswith(str(tmp_path / "vector_add" / "exercise.json"))
    assert says in message


def test_an_operations_expression_is_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    message = refusal(with_operations(tmp_path, f"__import__('os').system('touch {marker}')"))
    assert "exercise.json: performance.operations:" in message
    assert not marker.exists()


def cl2_variant(**changes: Any) -> dict[str, Any]:
    variant = {
        "name": "cl2",
        "title": "OpenCL C 2.0",
        "starter": "starter.cl",
        "solution": "solution.cl",
        "opencl_c": "2.0",
        "build_options": "-cl-std=CL2.0",
    }
    return {**variant, **changes}


def test_a_variant_reads_its_starter_and_solution_and_keeps_the_session(tmp_path: Path) -> None:
    folder = copy_exercise(tmp_path, variants=[cl2_variant()])
    (variant,) = load_exercise(folder).variants
    assert (variant.name, variant.opencl_c, variant.features) == ("cl2", (2, 0), ())
    assert variant.session.build_options == "-cl-std=CL2.0"
    assert "if (i < n)" in variant.solution
    exercise = load_exercise(folder)
    session = exercise.case_session({"n": 1025}, 7, "// mine", variant)
    assert (session.build_options, arg_of(session, "c", BufferArg).shape) == (
        "-cl-std=CL2.0",
        (1025,),
    )


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"opencl_c": "two"}, 'variants[0].opencl_c: expected a version such as "2.0"'),
        ({"starter": "../../x.cl"}, "variants[0].starter: '../../x.cl' must be a file name in"),
        ({"solution": "none.cl"}, "none.cl: cannot read"),
        ({"name": "cl 2"}, "variants[0].name: a variant's name is one word"),
        ({"features": "__opencl_c_fp64"}, "variants[0].features: expected a list"),
        ({"flags": "-O3"}, "variants[0].flags: unknown key"),
    ],
)
def test_a_bad_variant_is_refused_naming_the_field(
    tmp_path: Path, changes: dict[str, str], says: str
) -> None:
    assert says in refusal(copy_exercise(tmp_path, variants=[cl2_variant(**changes)]))
