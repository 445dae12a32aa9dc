"""Golden-file references: a saved known-good output stands where no expression can."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.common.results import ReferenceReport
from clstudio.engine.run import run_session
from clstudio.references import check_reference
from clstudio.reporting.run_report import result_to_json
from clstudio.session.format import (
    Reference,
    SessionError,
    dumps_session,
    load_session,
    parse_session,
    session_to_dict,
)
from clstudio.session.saving import save_session

SQUARES = """__kernel void squares(__global uint *out) {
    uint i = get_global_id(0);
    uint sum = 0;
    for (uint k = 1; k <= i; ++k)
        sum += 2 * k - 1;  /* a loop no reference expression can state */
    out[i] = sum;
}
"""


def squares(golden: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "clstudio-session",
        "version": 1,
        "source": SQUARES,
        "kernel": "squares",
        "global_size": [16],
        "args": {"out": {"kind": "buffer", "dtype": "uint32", "shape": [4, 4], "access": "out"}},
        "references": {"out": golden},
    }


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    np.save(tmp_path / "expected.npy", (np.arange(16, dtype=np.uint32) ** 2).reshape(4, 4))
    return tmp_path


def test_a_golden_file_reference_loads_with_its_tolerances(folder: Path) -> None:
    session = parse_session(squares({"file": "expected.npy", "atol": 0}), folder)

    reference = session.references["out"]
    assert reference == Reference(rtol=1e-5, atol=0.0, file="expected.npy")
    assert (reference.expr, reference.label) == ("", "file: expected.npy")


def test_a_golden_file_reference_round_trips(folder: Path) -> None:
    session = parse_session(squares({"file": "expected.npy", "rtol": 0, "atol": 0}), folder)

    saved = session_to_dict(session)["references"]["out"]
    assert saved == {"file": "expected.npy", "rtol": 0.0, "atol": 0.0}
    assert parse_session(json.loads(dumps_session(session)), folder) == session
    save_session(session, folder / "copy.json")
    assert load_session(folder / "copy.json") == session


def test_a_reference_holds_exactly_one_of_expr_and_file() -> None:
    with pytest.raises(ValueError, match="exactly one of expr and file"):
        Reference("a + b", file="expected.npy")
    with pytest.raises(ValueError, match="exactly one of expr and file"):
        Reference()


@pytest.mark.parametrize(
    ("golden", "message"),
    [
        (
            {"expr": "out", "file": "expected.npy"},
            "references.out: give exactly one of expr (a numpy expression) and file (a .npy "
            "of the expected output, relative to the session file), not both",
        ),
        ({"rtol": 0}, "references.out: give exactly one of expr"),
        ({"file": "expected.txt"}, "references.out.file: expected the path of a .npy file"),
        ({"file": 3}, "references.out.file: expected a string, got 3"),
        ({"file": "gone.npy"}, "references.out.file: cannot read gone.npy"),
        ({"file": "wrong.npy"}, "references.out.file: wrong.npy has shape [16], but the output"),
        ({"file": "objects.npy"}, "references.out.file: objects.npy holds object values"),
        ({"files": "expected.npy"}, "references.out.files: unknown key"),
    ],
)
def test_a_bad_golden_reference_is_refused_where_it_breaks(
    folder: Path, golden: dict[str, Any], message: str
) -> None:
    np.save(folder / "wrong.npy", np.arange(16, dtype=np.uint32))
    np.save(folder / "objects.npy", np.array([1, None], dtype=object), allow_pickle=True)

    with pytest.raises(SessionError) as caught:
        parse_session(squares(golden), folder)

    assert str(caught.value).startswith(message)


def _check(
    folder: Path, actual: np.ndarray, rtol: float = 1e-5, atol: float = 1e-6
) -> ReferenceReport:
    reference = Reference(file="expected.npy", rtol=rtol, atol=atol)
    return check_reference("out", reference, actual, {}, folder)


def test_an_output_equal_to_its_golden_file_passes(folder: Path) -> None:
    report = _check(folder, np.load(folder / "expected.npy"), rtol=0, atol=0)

    assert report.ok and report.max_abs_err == 0
    assert report.expr == "file: expected.npy"


def test_a_difference_is_reported_at_its_worst_place(folder: Path) -> None:
    actual = np.load(folder / "expected.npy").copy()
    actual[2, 3] += 5

    report = _check(folder, actual, rtol=0, atol=0)

    assert not report.ok
    assert report.worst_index == (2, 3)
    assert report.message.startswith("1 of 16 values differ beyond rtol=0, atol=0")


def test_the_golden_shape_must_match_exactly_even_with_the_same_count(folder: Path) -> None:
    report = _check(folder, np.zeros(16, np.uint32))

    assert not report.ok
    assert "expected.npy has shape (4, 4) but 'out' has shape (16,)" in report.message


def test_a_golden_file_that_changed_since_loading_fails_readably(folder: Path) -> None:
    actual = np.zeros((4, 4), np.uint32)
    (folder / "expected.npy").unlink()
    gone = _check(folder, actual)
    np.save(folder / "expected.npy", np.array([None] * 16, dtype=object), allow_pickle=True)
    pickled = _check(folder, actual)

    assert not gone.ok and gone.message.startswith("the reference fails: file not found")
    assert not pickled.ok and "cannot read" in pickled.message
    assert "allow_pickle=False" in pickled.message


@pytest.mark.opencl
def test_a_kernel_with_a_loop_passes_against_its_golden_file(folder: Path) -> None:
    session = parse_session(squares({"file": "expected.npy", "rtol": 0, "atol": 0}), folder)

    result = run_session(session)

    assert result.ok, result.error
    report = result_to_json(result)["references"]["out"]
    assert (report["ok"], report["expr"], report["max_abs_err"]) == (
        True,
        "file: expected.npy",
        0.0,
    )
