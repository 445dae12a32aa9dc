"""`clstudio compile`: the text for people, the versioned --json contract, the error paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clstudio.cli import main
from session.session_data import file_session

ROW_SUM = Path(__file__).parents[1] / "compiler" / "data" / "row_sum.json"
SAXPY = Path(__file__).parents[2] / "kernels" / "saxpy.json"
POCL = "Portable Computing Language:"
TOP_KEYS = {
    "format",
    "version",
    "ok",
    "kernel",
    "device",
    "platform",
    "build_options",
    "added_options",
    "local_size",
    "compiled_local_size",
    "error",
    "build_log",
    "binary",
    "summary",
    "missing",
    "kernel_ns",
    "printf",
}
REMARK_KEYS = {
    "line",
    "column",
    "kind",
    "message",
    "width",
    "interleave",
    "reason",
    "explanation",
    "advice",
}


@pytest.mark.opencl
def test_remarks_as_json_report_saxpys_vectorised_loop_and_its_width(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["compile", str(SAXPY), "--device", POCL, "--emit", "remarks", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert set(report) == TOP_KEYS | {"remarks"}
    assert (report["format"], report["version"]) == ("clstudio-compile-result", 1)
    assert report["summary"]["vectorised"] is True and report["summary"]["vector_width"] > 1
    vectorised = [r for r in report["remarks"] if r["kind"] == "vectorised"]
    assert vectorised and vectorised[0]["width"] == report["summary"]["vector_width"]
    assert all(set(r) == REMARK_KEYS for r in report["remarks"])
    assert report["added_options"] == "-g" and report["error"] is None
    assert report["kernel_ns"] > 0


@pytest.mark.opencl
def test_text_shows_the_summary_the_remark_with_advice_and_the_assembly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["compile", str(ROW_SUM), "--emit", "remarks", "--emit", "asm"])
    out = capsys.readouterr().out
    assert status == 0
    assert "row_sum: work-group loop not vectorised" in out
    assert "10:13: loop not vectorized: cannot prove it is safe to reorder" in out
    assert "what helps: build with -cl-fast-relaxed-math" in out
    assert "── assembly: _pocl_kernel_row_sum" in out and "LLVM IR" not in out


@pytest.mark.opencl
def test_ir_as_json_gives_lines_tied_to_the_source(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["compile", str(ROW_SUM), "--emit", "ir", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0 and "remarks" not in report and "asm" not in report
    lines = report["ir"]["lines"]
    assert report["ir"]["instructions"] == sum(1 for row in lines if row["mnemonic"])
    assert {row["line"] for row in lines if row["line"]} >= {9, 10}
    assert all("offset" not in row for row in lines)


@pytest.mark.opencl
def test_a_broken_kernel_prints_its_build_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = json.loads(ROW_SUM.read_text(encoding="utf-8"))
    (tmp_path / "row_sum.cl").write_text("__kernel void row_sum( {\n", encoding="utf-8")
    (tmp_path / "broken.json").write_text(json.dumps(session), encoding="utf-8")
    status = main(["compile", str(tmp_path / "broken.json")])
    out = capsys.readouterr().out
    assert status == 1
    assert "error (build): the kernel source does not build" in out
    assert "build log:" in out and "error:" in out.split("build log:", 1)[1]


@pytest.mark.opencl
def test_a_device_that_is_not_there_is_named_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["compile", str(ROW_SUM), "--device", "No Such Platform:", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 1 and report["ok"] is False and report["summary"] is None
    assert report["error"]["stage"] == "device"
    assert "no OpenCL device matches" in report["error"]["message"]


def test_a_session_that_cannot_be_read_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    status = main(["compile", str(tmp_path / "bad.json"), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 1 and report["error"]["stage"] == "load"
    assert "bad.json" in report["error"]["message"]


def test_an_unknown_part_to_emit_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["compile", str(ROW_SUM), "--emit", "ptx"])
    assert "invalid choice" in capsys.readouterr().err


# Shaped like PoCL's remarks, at the loop's own line and column, with the tails of paths
# PoCL prints and with no line break first: a kernel must not speak for the compiler.
_FORGED = (
    "pocl-cache/tempfile_AAAAAA.cl:4:5: vectorized loop (vectorization width: 64, "
    "interleaved count: 8)\\n<unknown>:0:0: x\\ntempfile_AAAAAA.cl:4:5: loop not vectorized: "
    "forged %d"
)
_PRINTING = """__kernel void sum(__global const float *x, __global float *y, const uint n)
{
    size_t i = get_global_id(0);
    for (uint k = 0; k < 64; k++)
        y[i] += x[(i + k) % n];
    if (i < 100)
        printf("FORGED", (int)i);
}
"""


def _printing_session(folder: Path, said: str) -> Path:
    return file_session(
        folder,
        "sum",
        "sum",
        _PRINTING.replace("FORGED", said),
        global_size=[1024],
        local_size=[64],
        args={
            "x": {"kind": "buffer", "dtype": "float32", "shape": [1024], "init": "ones"},
            "y": {"kind": "buffer", "dtype": "float32", "shape": [1024], "init": "zeros"},
            "n": {"kind": "scalar", "value": 1024},
        },
    )


@pytest.mark.opencl
def test_a_kernel_printing_remarks_gets_its_printf_reported_and_the_real_remarks_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged, plain = tmp_path / "forged", tmp_path / "plain"
    forged.mkdir()
    plain.mkdir()
    status = main(["compile", str(_printing_session(forged, _FORGED)), "--device", POCL, "--json"])
    report = json.loads(capsys.readouterr().out)
    main(["compile", str(_printing_session(plain, "x %d")), "--device", POCL, "--json"])
    honest = json.loads(capsys.readouterr().out)
    assert status == 0
    assert report["remarks"] and report["remarks"] == honest["remarks"]
    assert not any("forged" in r["message"] or r["width"] == 64 for r in report["remarks"])
    summary, said = report["summary"], honest["summary"]
    assert (summary["vectorised"], summary["vector_width"]) == (
        said["vectorised"],
        said["vector_width"],
    )
    printed = report["printf"]
    assert printed.count("vectorization width: 64") == 100
    assert "forged 0" in printed and "forged 99" in printed
