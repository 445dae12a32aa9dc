"""Outputs of several devices compared: largest absolute and relative difference, and where."""

import numpy as np
import pytest

from clstudio.common import RunError, RunResult, lay_out
from clstudio.reporting import compare_outputs, device_runs_to_json, format_comparison


def result(device: str, **outputs: np.ndarray) -> RunResult:
    return RunResult(ok=True, kernel="k", device=device, outputs=outputs)


def test_the_worst_element_is_found_with_its_absolute_and_relative_difference() -> None:
    a = result("cpu", c=np.array([[1.0, 2.0], [4.0, 8.0]], np.float32))
    b = result("gpu", c=np.array([[1.0, 2.0], [4.5, 8.0]], np.float32))
    (difference,) = compare_outputs([a, b])
    assert (difference.device, difference.against) == ("gpu", "cpu")
    assert difference.max_abs == pytest.approx(0.5)
    assert difference.max_rel == pytest.approx(0.125)
    assert difference.worst_index == (1, 0)


def test_nan_on_both_sides_is_equal_and_on_one_side_is_the_worst() -> None:
    same = compare_outputs(
        [result("a", c=np.array([np.nan, 1.0])), result("b", c=np.array([np.nan, 1.0]))]
    )
    assert same[0].max_abs == 0.0
    one = compare_outputs(
        [result("a", c=np.array([0.0, 1.0])), result("b", c=np.array([0.0, np.nan]))]
    )
    assert one[0].max_abs == np.inf and one[0].worst_index == (1,)


def test_shapes_that_differ_are_reported_not_compared() -> None:
    (difference,) = compare_outputs(
        [result("a", c=np.zeros(4, np.float32)), result("b", c=np.zeros(5, np.float32))]
    )
    assert difference.max_abs is None and "not comparable" in difference.note


def test_a_failed_run_takes_no_part_and_the_json_keeps_every_result() -> None:
    failed = RunResult(ok=False, error=RunError("validate", "no OpenCL device matches"))
    good = [result("cpu", c=np.ones(3)), result("gpu", c=np.ones(3))]
    data = device_runs_to_json([failed, *good])
    assert data["format"] == "clstudio-device-runs" and data["version"] == 1
    assert data["ok"] is False
    assert [d["format"] for d in data["devices"]] == ["clstudio-run-result"] * 3
    assert data["comparison"] == [
        {
            "output": "c",
            "device": "gpu",
            "against": "cpu",
            "max_abs_diff": 0.0,
            "max_rel_diff": 0.0,
            "worst_index": [0],
            "note": None,
        }
    ]
    assert (
        format_comparison(good)
        == "Outputs compared with cpu:\n  c on gpu: max abs diff 0, max rel diff 0"
    )


def test_a_buffer_of_structs_is_compared_field_by_field() -> None:
    dtype = lay_out("P", [("x", "float"), ("v", "float4")]).numpy_dtype
    first = np.zeros(3, dtype)
    other = first.copy()
    other["x"][1] = 0.5
    results = [
        RunResult(ok=True, device="A", outputs={"p": first}),
        RunResult(ok=True, device="B", outputs={"p": other}),
    ]
    found = {d.name: (d.max_abs, d.worst_index) for d in compare_outputs(results)}
    assert found == {"p.x": (0.5, (1,)), "p.v": (0.0, (0, 0))}
