"""`clstudio run` of a kernel its device cannot build prints, after the build log, what the
kernel asks for that the device lacks (PoCL: OpenCL C 1.2 without collectives)."""

from __future__ import annotations

from pathlib import Path

import pytest

from clstudio.cli import main
from session.session_data import kernel_data, saved_session

pytestmark = pytest.mark.opencl

REDUCE = """
kernel void sum(global const float *x, global float *out) {
    float total = work_group_reduce_add(x[get_global_id(0)]);
    if (get_local_id(0) == 0) out[get_group_id(0)] = total;
}
"""


def test_a_failed_build_says_what_the_device_lacks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = {
        "x": {"kind": "buffer", "dtype": "float32", "shape": [64], "init": "ones"},
        "out": {"kind": "buffer", "dtype": "float32", "shape": [1], "access": "out"},
    }
    session = kernel_data(REDUCE, "sum", [64], args, local_size=[64])
    path = saved_session(tmp_path / "reduce.json", session)
    status = main(["run", str(path), "--device", "Portable Computing Language:"])
    out = capsys.readouterr().out
    assert status == 1
    assert "build: FAILED" in out
    assert "may not build this kernel" in out
    assert "work_group_reduce_add (line 3)" in out
