"""The fault corpus: each faulty session ends with its stage and message, and the next run works.

One folder per fault: kernel.cl, session.json, and expect.json with the stage
(null when the run itself completes), message fragments and, where they apply,
the guard reports, references, outputs and printf text the result must hold.
"""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import RunResult
from clstudio.session import Launch
from clstudio.session.args import BufferArg, Init
from clstudio.session.format import Session, load_session
from clstudio.worker.client import WorkerClient

pytestmark = pytest.mark.opencl

HERE = Path(__file__).parent
FAULTS = sorted(path.parent for path in HERE.glob("*/expect.json"))
GOOD = Session(
    source="__kernel void twice(__global float* x) { x[get_global_id(0)] *= 2.0f; }",
    launches=(Launch("twice", (256,)),),
    args={"x": BufferArg(parse_element_type("float"), (256,), Init("arange"))},
)


@pytest.fixture(scope="module")
def client() -> Iterator[WorkerClient]:
    with WorkerClient() as client:
        yield client


def check(result: RunResult, expect: dict[str, Any]) -> None:
    error = result.error
    assert (error.stage if error else None) == expect["stage"], error
    assert result.ok == expect["ok"]
    for fragment in expect.get("message", []):
        assert error is not None and fragment in error.message
    for key in ("argument", "line"):
        if key in expect:
            assert getattr(error, key) == expect[key]
    for name, wanted in expect.get("guards", {}).items():
        report = result.guards[name]
        assert {key: getattr(report, key) for key in wanted} == wanted
    for name, ok in expect.get("references", {}).items():
        assert result.references[name].ok == ok
    for name in expect.get("outputs", []):
        assert result.outputs[name].shape == result.inputs[name].shape
    for fragment in expect.get("printf", []):
        assert fragment in result.printf
    if "printf_max_bytes" in expect:
        assert len(result.printf.encode()) <= expect["printf_max_bytes"]


def test_the_corpus_has_every_fault_the_issue_lists() -> None:
    names = {path.name for path in FAULTS}
    assert len(names) >= 16
    assert {"infinite_loop", "wild_write", "compiler_crash", "printf_flood"} <= names


@pytest.mark.parametrize("folder", FAULTS, ids=lambda path: path.name)
def test_a_fault_is_reported_and_the_next_run_works(client: WorkerClient, folder: Path) -> None:
    expect = json.loads((folder / "expect.json").read_text())
    check(client.run(load_session(folder / "session.json")), expect)
    good = client.run(GOOD)
    assert good.ok, good.error
    np.testing.assert_array_equal(good.outputs["x"], 2 * np.arange(256, dtype=np.float32))
