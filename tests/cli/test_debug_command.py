"""`clstudio debug`: the stop, the work-item and the values, in text and versioned JSON."""

import json
from pathlib import Path

import numpy as np
import pytest

from clstudio.cli import main
from clstudio.session import load_session
from debugger.debugger_testing import inputs, needs_oclgrind

VECTOR_ADD = Path(__file__).parents[2] / "kernels" / "vector_add.json"
SPIN = Path(__file__).parents[1] / "debugger" / "sessions" / "spin.json"
STOP_KEYS = {"reason", "line", "source", "work_item", "function", "values", "output"}
STOP_KEYS |= {"oclgrind", "error"}


def inputs_at_5() -> tuple[float, float]:
    session = load_session(VECTOR_ADD)
    return float(inputs(session, "a")[5]), float(inputs(session, "b")[5])


@pytest.mark.opencl
@needs_oclgrind
def test_vector_add_in_work_item_5_prints_i_and_both_inputs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        ["debug", str(VECTOR_ADD), "--break", "17", "--item", "5", "--print", "i", "a[i]", "b[5]"]
    )
    out = capsys.readouterr().out
    a5, b5 = inputs_at_5()
    assert status == 0
    assert "vector_add.cl:17: breakpoint, work-item (5,0,0) (local (0,0,0), group (5,0,0))" in out
    assert "    c[i] = a[i] + b[i];" in out
    assert "  i = 5  (size_t)" in out
    # Exact, read from the simulator's memory: as short as numpy writes a float32.
    assert f"  a[i] = {np.float32(a5)!s}  (float)" in out
    assert f"  b[5] = {np.float32(b5)!s}  (float)" in out


@pytest.mark.opencl
@needs_oclgrind
def test_json_carries_the_same_stop_and_values(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["debug", str(VECTOR_ADD), "--break", "17", "--item", "5", "--print", "i", "a[i]"]
    status = main([*argv, "b[i]", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert (report["format"], report["version"], report["ok"]) == ("clstudio-debug-result", 1, True)
    assert report["error"] is None and report["simulator_found"] is True
    assert report["kernel"] == "vector_add" and report["breakpoints"] == [17]
    assert report["global_size"] == [1048576, 1, 1] and report["local_size"] == [1, 1, 1]
    (stop,) = report["stops"]
    assert set(stop) == STOP_KEYS
    assert (stop["reason"], stop["line"], stop["source"]) == (
        "breakpoint",
        17,
        "c[i] = a[i] + b[i];",
    )
    assert stop["work_item"] == {"global": [5, 0, 0], "local": [0, 0, 0], "group": [5, 0, 0]}
    values = {v["expression"]: v for v in stop["values"]}
    assert values["i"] == {
        "expression": "i",
        "type": "size_t",
        "text": "5",
        "value": 5,
        "error": None,
    }
    assert (values["a[i]"]["value"], values["b[i]"]["value"]) == inputs_at_5()


@pytest.mark.opencl
@needs_oclgrind
def test_steps_after_the_hit_and_variables_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["debug", str(VECTOR_ADD), "--break", "15", "--steps", "2", "--json"])
    stops = json.loads(capsys.readouterr().out)["stops"]
    assert status == 0
    assert [(s["reason"], s["line"]) for s in stops] == [
        ("breakpoint", 15),
        ("step", 16),
        ("step", 17),
    ]
    assert {v["expression"]: v["value"] for v in stops[2]["values"]} == {"n": 1048576, "i": 0}


@pytest.mark.opencl
@needs_oclgrind
def test_a_breakpoint_the_work_item_never_reaches_fails_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["debug", str(VECTOR_ADD), "--break", "1"])
    out = capsys.readouterr().out
    assert status == 1
    assert "work-item (0,0,0) never reached a breakpoint (lines 1)" in out


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--item", "5,x"], "--item 5,x: give a global id as X, X,Y or X,Y,Z"),
        (["--item", "0,0"], "work-item (0,0): the kernel runs in 1 dimensions"),
        (["--item", "1048576"], "work-item (1048576) is outside the global size 1048576"),
        (["--print", "a.x"], "cannot print a.x: give a variable (i)"),
        (["--break", "99"], "breakpoint at line 99: the source has lines 1 to 18"),
        (["--steps", "-1"], "--steps must be 0 or more"),
    ],
)
def test_what_cannot_be_is_refused_before_any_run_with_status_2(
    capsys: pytest.CaptureFixture[str], extra: list[str], words: str
) -> None:
    status = main(["debug", str(VECTOR_ADD), "--break", "17", *extra])
    assert status == 2
    assert words in capsys.readouterr().out


def test_a_missing_session_names_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status = main(["debug", str(tmp_path / "nowhere.json"), "--break", "3", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 1 and report["error"]["stage"] == "load"
    assert "nowhere.json" in report["error"]["message"] and report["stops"] == []


def test_the_command_asks_for_a_breakpoint(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["debug", str(SPIN)])
    assert exit_.value.code == 2 and "--break" in capsys.readouterr().err


ANSWER_SHAPED = Path(__file__).parents[1] / "debugger" / "sessions" / "answer_shaped.json"


@pytest.mark.opencl
@needs_oclgrind
def test_a_kernel_that_prints_the_debuggers_answers_is_not_taken_for_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Its printf shares Oclgrind's stdout: the fences of each debug process are its own."""
    status = main(["debug", str(ANSWER_SHAPED), "--break", "6", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0 and report["ok"] is True, report["error"]
    (stop,) = report["stops"]
    assert (stop["reason"], stop["line"], stop["source"]) == ("breakpoint", 6, "a[i] = i;")
    assert stop["work_item"]["global"] == [0, 0, 0]
    assert stop["output"].startswith(
        "Unrecognized command 'clstudio-fence-4'\nUnrecognized command 'x'\n"
    )
