"""Buffers with no host data (`"init": "uninitialised"`): never uploaded, said to be
undefined after a normal run, reported by check mode when read, exported without a copy."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from clstudio.engine.run import run_session
from clstudio.hostcode import host_program
from clstudio.reporting import FinishedRun
from clstudio.reporting.run_report import format_summary, result_to_json
from clstudio.session.format import SessionError, dumps_session, parse_session
from clstudio.ui.results.outputs.outputs_panel import OutputsPanel
from clstudio.worker.check_client import CheckClient
from hostcode.exported_programs import export_both, signature_of
from session.session_data import kernel_data

SOURCE = """\
__kernel void k(__global const float *input, __global float *output, __global float *partly)
{
    output[get_global_id(0)] = *input;
    if (get_global_id(0) % 2) partly[get_global_id(0)] = 1.0f;
}
"""


def session_data() -> dict[str, Any]:
    args = {
        "input": {"kind": "buffer", "dtype": "float", "shape": [1], "init": "uninitialised"},
        "output": {"kind": "buffer", "dtype": "float", "shape": [4], "access": "out"},
        "partly": {
            "kind": "buffer",
            "dtype": "float",
            "shape": [4],
            "init": "uninitialised",
            "access": "out",
        },
    }
    return kernel_data(SOURCE, "k", [4], args)


def test_uninitialised_is_read_and_written_back_as_it_was() -> None:
    session = parse_session(session_data())
    written = json.loads(dumps_session(session))
    assert written["args"]["input"]["init"] == "uninitialised"
    assert parse_session(written) == session


def test_a_reference_cannot_stand_on_the_contents_of_an_uninitialised_buffer() -> None:
    data = session_data()
    data["references"] = {"output": {"expr": "np.full(4, input[0])"}}
    with pytest.raises(SessionError) as caught:
        parse_session(data)
    assert str(caught.value) == (
        "references.output.expr: 'input' starts uninitialised, so it has no contents for the "
        "expression to stand for"
    )


@pytest.mark.opencl
def test_a_run_says_what_is_undefined_in_text_and_json() -> None:
    result = run_session(parse_session(session_data()))
    assert result.ok, result.error
    assert result.uninitialised == ("input", "partly")
    assert result.outputs["partly"][1::2].tolist() == [1.0, 1.0]  # what the kernel wrote
    text = format_summary(result)
    assert (
        "partly started uninitialised (no host data): the values the kernel did not write "
        "are undefined" in text
    )
    assert "output started" not in text
    report = result_to_json(result)
    assert report["outputs"]["partly"]["uninitialised"] is True
    assert "uninitialised" not in report["outputs"]["output"]


@pytest.mark.opencl
def test_the_outputs_tab_says_the_contents_are_undefined(qtbot: QtBot) -> None:
    session = parse_session(session_data())
    result = run_session(session)
    panel = OutputsPanel()
    qtbot.addWidget(panel)
    panel.show_run(FinishedRun(session, result))
    assert panel.select_buffer("partly", "result")
    assert "the values the kernel did not write are undefined" in panel.reference_label.text()
    assert not panel.select_buffer("input", "input")  # it had no contents to show


@pytest.mark.opencl
def test_check_mode_reports_the_read_of_an_uninitialised_buffer(check_client: CheckClient) -> None:
    result = check_client.check(parse_session(session_data()))
    assert result.error is None, result.error
    assert [(p.kind, p.line) for p in result.problems] == [("uninitialized", 3)]


@pytest.mark.opencl
def test_exports_create_the_buffer_without_a_copy_and_run(tmp_path: Path) -> None:
    session = parse_session(session_data())
    result = run_session(session)
    signature = signature_of(result, "k")
    python = host_program(session, signature, "python").text
    assert "cl.enqueue_copy(queue, input_buf" not in python
    assert "cl.enqueue_copy(queue, partly_buf" not in python
    c = host_program(session, signature, "c").text
    assert "clEnqueueWriteBuffer(queue, d_input" not in c
    assert "clEnqueueWriteBuffer(queue, d_partly" not in c
    for command in export_both(session, signature, tmp_path).values():
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
