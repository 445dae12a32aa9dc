"""Arguments named with a Python keyword (`in`, as in pyopencl's reduce_sum example): an
expression names them with _ after them, `in_`, in the app and in the exported programs."""

from __future__ import annotations

import copy
import subprocess
from pathlib import Path
from typing import Any

import pytest

from clstudio.engine.run import run_session
from clstudio.expressions import evaluate, expression_name
from clstudio.references import reference_namespace
from clstudio.session.format import SessionError, parse_session
from hostcode.exported_programs import export_both, signature_of

DATA: dict[str, Any] = {
    "format": "clstudio-session",
    "version": 1,
    "kernel": "reduce_sum",
    "source": "__kernel void reduce_sum(__global const float *in, __global float *out,\n"
    "                         const float lambda)\n"
    "{ int i = get_global_id(0); out[i] = in[i] * lambda; }\n",
    "global_size": [8],
    "args": {
        "in": {"kind": "buffer", "dtype": "float", "shape": [8], "init": "arange"},
        "out": {"kind": "buffer", "dtype": "float", "shape": [8], "access": "out"},
        "lambda": {"kind": "scalar", "value": 2},
    },
    "references": {"out": {"expr": "in_ * lambda_", "rtol": 0, "atol": 0}},
}


def test_a_keyword_gets_an_underscore_and_other_names_stay() -> None:
    assert [expression_name(n) for n in ("in", "lambda", "None", "match", "x", "in_")] == [
        "in_",
        "lambda_",
        "None_",
        "match",  # a soft keyword is a name in an expression
        "x",
        "in_",
    ]


def refusal(change: Any) -> str:
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(SessionError) as caught:
        parse_session(data)
    return str(caught.value)


def test_writing_the_keyword_itself_says_how_to_name_it() -> None:
    message = refusal(lambda d: d["references"]["out"].update(expr="in * 2"))
    assert message.startswith("references.out.expr: syntax error: invalid syntax")
    assert "written with _ after it in expressions: in_, lambda_" in message


def test_an_argument_that_would_take_the_same_name_is_refused() -> None:
    message = refusal(lambda d: d["args"].update(in_={"kind": "scalar", "value": 1}))
    assert message == (
        "args.in: expressions call argument in in_ (it is a Python keyword), but an "
        "argument in_ exists too: rename one of them"
    )


@pytest.mark.opencl
def test_the_reference_passes_in_the_app_and_sees_in_(tmp_path: Path) -> None:
    session = parse_session(DATA)
    result = run_session(session)
    assert result.ok and result.references["out"].ok, result.error
    signature = signature_of(result, "reduce_sum")
    namespace = reference_namespace(session, signature, result.inputs)
    assert {"in_", "lambda_"} <= set(namespace) and "in" not in namespace
    assert evaluate("in_[3] * lambda_", namespace) == 6
    for command in export_both(session, signature, tmp_path).values():
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "out: ok" in done.stdout, done.stdout + done.stderr
