"""`clstudio run` on a program of several launches: per-launch figures, in text and JSON,
through the worker, on one device or several."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clstudio.cli import main
from session.session_data import float_buffer, program_data, saved_session

pytestmark = pytest.mark.opencl

SOURCE = (
    "__kernel void vadd(__global const float *a, __global const float *b, __global float *c)"
    " { int i = get_global_id(0); c[i] = a[i] + b[i]; }\n"
    "__kernel void twice(__global const float *src, __global float *dst)"
    " { int i = get_global_id(0); dst[i] = 2.0f * src[i]; }\n"
)


def write_program(folder: Path, second_local: list[int] | None = None) -> Path:
    data = program_data(
        SOURCE,
        256,
        [
            {"kernel": "vadd", "global_size": [256]},
            {
                "iterations": 5,
                "swap": [["u", "v"]],
                "launches": [
                    {
                        "kernel": "twice",
                        "local_size": second_local,
                        "args": {"src": "u", "dst": "v"},
                    }
                ],
            },
        ],
        {"c": {"expr": "a + b"}, "u": {"expr": "u * 32"}, "v": {"expr": "u * 16"}},
        u=float_buffer(256, init="ones"),
        v=float_buffer(256, access="out"),
    )
    return saved_session(folder / "program.json", data)


def test_the_text_gives_the_program_time_and_each_launch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["run", str(write_program(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "program time (6 enqueued) over 1 repeat" in out
    assert "launch 1 of 2, kernel vadd: 1 time" in out
    assert "launch 2 of 2, kernel twice: 5 times" in out
    assert "reference u = u * 32: pass" in out and "reference v = u * 16: pass" in out


def test_the_json_lists_each_launch_and_every_enqueue(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["run", str(write_program(tmp_path)), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["version"] == 2 and data["launch_count"] == 2
    assert [(f["launch"], f["kernel"], f["count"]) for f in data["launches"]] == [
        (1, "vadd", 1),
        (2, "twice", 5),
    ]
    enqueued = [(t["launch"], t["iteration"]) for t in data["timings"]["kernel"]]
    assert enqueued == [(1, 0), (2, 0), (2, 1), (2, 2), (2, 3), (2, 4)]


def test_a_bad_second_launch_is_refused_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["run", str(write_program(tmp_path, second_local=[7]))]) == 1
    out = capsys.readouterr().out
    assert "error (validate): launch 2 of 2, kernel `twice`: " in out


def test_two_devices_run_the_whole_program_and_compare_its_outputs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_program(tmp_path)
    assert main(["run", str(path), "--device", "cpu", "--device", "cpu", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [len(d["launches"]) for d in data["devices"]] == [2, 2]
    assert sorted(c["output"] for c in data["comparison"]) == ["c", "u", "v"]
    assert all(c["max_abs_diff"] == 0.0 for c in data["comparison"])
