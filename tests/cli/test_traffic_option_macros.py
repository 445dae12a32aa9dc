"""`clstudio traffic` of a kernel that reaches its buffer through a macro its build
options define (`-D AT(i)=a[i]`, as a host program passes it): every access counted,
or the macro named."""

import json
from pathlib import Path

import pytest

from clstudio.cli import main
from session.session_data import file_session

pytestmark = pytest.mark.opencl

SOURCE = """\
__kernel void shift(__global const float *a, __global float *b)
{
    int i = get_global_id(0);
    b[i] = AT(i) + AT(i + 1);
}
"""


def write(folder: Path, options: str) -> Path:
    return file_session(
        folder,
        "shift",
        "shift",
        SOURCE,
        build_options=options,
        global_size=[32],
        local_size=[16],
        args={
            "a": {"kind": "buffer", "dtype": "float32", "shape": [33], "init": "arange"},
            "b": {"kind": "buffer", "dtype": "float32", "shape": [32], "init": "zeros"},
        },
        references={"b": {"expr": "a[:-1] + a[1:]"}},
    )


def test_each_access_through_the_option_macro_is_counted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["traffic", str(write(tmp_path, "-D AT(i)=a[i]")), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["references_passed"] is True
    a, b = report["buffers"]
    assert (a["name"], a["reads"], a["most_reads"], a["untouched"]) == ("a", 64, 2, 0)
    assert (b["name"], b["writes"]) == ("b", 32)
    loads = [x["text"] for x in report["accesses"] if x["kind"] == "load"]
    assert loads == ["AT(i)", "AT(i + 1)"]


def test_an_option_macro_it_cannot_follow_is_named_not_skipped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "-D AT(i)=a[i] -D AT(i)=a[i]")
    assert main(["traffic", str(path)]) == 1
    said = capsys.readouterr().out
    assert "line 4: the macro 'AT' (a -D build option) names a buffer" in said
