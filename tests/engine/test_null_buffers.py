"""NULL buffer arguments (`"kind": "null"`): read, validated, run, checked and exported."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from clstudio.engine.run import run_session
from clstudio.hostcode import host_program
from clstudio.session.args import NullArg
from clstudio.session.format import SessionError, dumps_session, parse_session
from clstudio.worker.check_client import CheckClient
from hostcode.exported_programs import export_both, signature_of
from session.session_data import kernel_data

SOURCE = """\
__kernel void k(__global const float *bias, __global float *out, const int use)
{
    int i = get_global_id(0);
    out[i] = (float)i + (use ? bias[i] : 0.0f);
}
"""


def session_data(use: int = 0) -> dict[str, Any]:
    args = {
        "bias": {"kind": "null"},
        "out": {"kind": "buffer", "dtype": "float", "shape": [4], "access": "out"},
        "use": {"kind": "scalar", "value": use},
    }
    references = {"out": {"expr": "np.arange(4)", "rtol": 0, "atol": 0}}
    return kernel_data(SOURCE, "k", [4], args, references=references)


def test_a_null_argument_is_read_and_written_back() -> None:
    session = parse_session(session_data())
    assert session.args["bias"] == NullArg()
    written = json.loads(dumps_session(session))
    assert written["args"]["bias"] == {"kind": "null"}
    assert parse_session(written) == session


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["args"]["bias"].update(dtype="float"), "args.bias.dtype: unknown key"),
        (
            lambda d: d["references"].update({"bias": {"expr": "out"}}),
            "references.bias: 'bias' is a null argument",
        ),
        (
            lambda d: d["references"]["out"].update(expr="bias"),
            "references.out.expr: name 'bias' is not an argument",
        ),
    ],
)
def test_what_a_null_argument_cannot_be_is_refused(change: Any, words: str) -> None:
    data = session_data()
    change(data)
    with pytest.raises(SessionError) as caught:
        parse_session(data)
    assert str(caught.value).startswith(words), caught.value


@pytest.mark.opencl
def test_a_kernel_that_allows_null_runs_with_it() -> None:
    result = run_session(parse_session(session_data()))
    assert result.ok, result.error
    assert result.references["out"].ok
    assert any(step.detail == "bias = NULL" for step in result.steps)


@pytest.mark.opencl
def test_null_is_refused_where_the_kernel_takes_no_pointer() -> None:
    data = session_data()
    data["args"]["use"] = {"kind": "null"}
    result = run_session(parse_session(data))
    assert result.error is not None and result.error.stage == "validate"
    assert result.error.message == (
        "argument 'use' is declared int, so it needs kind 'scalar', but the session gives "
        "kind 'null'"
    )


@pytest.mark.opencl
def test_check_mode_reports_a_read_through_the_null_pointer(check_client: CheckClient) -> None:
    session = parse_session(session_data(use=1))
    result = check_client.check(session)
    assert result.error is None, result.error
    assert {(p.kind, p.line) for p in result.problems} >= {("out-of-bounds-read", 4)}


@pytest.mark.opencl
def test_exports_pass_null_and_run(tmp_path: Path) -> None:
    session = parse_session(session_data())
    result = run_session(session)
    signature = signature_of(result, "k")
    assert (
        "kernel.set_arg(0, None)  # bias: NULL" in host_program(session, signature, "python").text
    )
    c = host_program(session, signature, "c").text
    assert "clSetKernelArg(kernel, 0, sizeof(cl_mem), NULL); /* bias: NULL */" in c
    for command in export_both(session, signature, tmp_path).values():
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "out: ok" in done.stdout
