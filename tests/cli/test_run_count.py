"""`clstudio run --count`: the measured counts beside the run, in text and in JSON."""

import json
from pathlib import Path

import pytest

from clstudio.cli import main

pytestmark = pytest.mark.opencl

VADD4 = """__kernel void vadd4(__global const float4 *a, __global const float4 *b,
                    __global float4 *c) {
    int i = get_global_id(0);
    c[i] = a[i] * b[i] + a[i];
}
"""
ITEMS = 256


def write_session(folder: Path, source: str = VADD4) -> Path:
    data = {
        "format": "clstudio-session",
        "version": 1,
        "source": source,
        "kernel": "vadd4",
        "global_size": [ITEMS],
        "args": {
            "a": {"kind": "buffer", "dtype": "float4", "shape": [ITEMS], "init": "arange"},
            "b": {"kind": "buffer", "dtype": "float4", "shape": [ITEMS], "init": "ones"},
            "c": {"kind": "buffer", "dtype": "float4", "shape": [ITEMS], "access": "out"},
        },
        "references": {"c": {"expr": "a * b + a"}},
    }
    path = folder / "s.json"
    path.write_text(json.dumps(data))
    return path


def test_count_json_counts_every_vector_lane(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["run", str(write_session(tmp_path)), "--count", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0, report
    counts = report["counts"]
    assert counts["format"] == "clstudio-counts" and counts["version"] == 1
    assert counts["ok"] and counts["sampling"] is None and counts["references_passed"]
    assert counts["operations"]["fma"] == 4 * ITEMS  # one <4 x float> multiply-add each
    assert counts["flops"] == 8 * ITEMS
    assert counts["loaded_bytes"]["global"] == 2 * 16 * ITEMS
    assert counts["stored_bytes"]["global"] == 16 * ITEMS
    assert counts["global_bytes"] == 48 * ITEMS


def test_count_text_and_a_refused_kernel_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = VADD4.replace(
        "c[i] = a[i] * b[i] + a[i];", "c[i] = a[i]; atomic_inc((__global int *)c);"
    )
    status = main(["run", str(write_session(tmp_path, source)), "--count"])
    out = capsys.readouterr().out
    assert status == 1
    assert "Measured counts: none (cannot count this kernel: the kernel calls atomic_inc" in out


def test_without_count_the_report_has_no_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", str(write_session(tmp_path)), "--json"]) == 0
    assert "counts" not in json.loads(capsys.readouterr().out)
