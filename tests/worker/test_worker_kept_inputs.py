"""A run's inputs cross once: later runs of an unchanged session still show every input."""

import numpy as np
import pytest

from clstudio.common.dtypes import parse_element_type
from clstudio.session import Launch
from clstudio.session.args import ArgSpec, BufferArg, Init
from clstudio.session.format import Session
from clstudio.worker.client import WorkerClient

pytestmark = pytest.mark.opencl

FLOAT = parse_element_type("float")
SOURCE = "__kernel void add(__global const float* a, __global float* c) {"
SOURCE += " int i = get_global_id(0); c[i] += a[i]; }"
WILD = "__kernel void wild(__global float* c) { c[get_global_id(0) * 100000000L] = 1; }"


def adding(seed: int = 0, n: int = 4096) -> Session:
    args: dict[str, ArgSpec] = {
        "a": BufferArg(FLOAT, (n,), Init("random", {"low": 0, "high": 1})),
        "c": BufferArg(FLOAT, (n,), Init("fill", {"value": 1})),
    }
    return Session(source=SOURCE, launches=(Launch("add", (n,)),), seed=seed, args=args)


def test_an_unchanged_session_shows_the_same_inputs_and_fresh_outputs() -> None:
    with WorkerClient() as client:
        first, second = client.run(adding()), client.run(adding())
    assert first.ok and second.ok, (first.error, second.error)
    np.testing.assert_array_equal(second.inputs["a"], first.inputs["a"])
    np.testing.assert_array_equal(second.inputs["c"], np.ones(4096, np.float32))
    # The buffer kept from the first run starts again from its initial contents.
    np.testing.assert_array_equal(second.outputs["c"], 1 + first.inputs["a"])
    assert not second.inputs["a"].flags.writeable  # shared with the first result


def test_a_changed_seed_or_size_brings_new_inputs() -> None:
    with WorkerClient() as client:
        first = client.run(adding())
        reseeded = client.run(adding(seed=1))
        resized = client.run(adding(seed=1, n=1 << 20))  # large: through shared memory
    assert not np.array_equal(reseeded.inputs["a"], first.inputs["a"])
    assert resized.inputs["a"].shape == (1 << 20,)
    np.testing.assert_array_equal(resized.outputs["c"], 1 + resized.inputs["a"])


def test_after_a_crash_the_new_worker_sends_the_inputs_again() -> None:
    crash = Session(
        source=WILD, launches=(Launch("wild", (64,)),), args={"c": BufferArg(FLOAT, (16,))}
    )
    with WorkerClient() as client:
        first = client.run(adding())
        crashed = client.run(crash).error
        assert crashed is not None and crashed.stage == "crash"
        again = client.run(adding())
    assert again.ok, again.error
    np.testing.assert_array_equal(again.inputs["a"], first.inputs["a"])
    np.testing.assert_array_equal(again.outputs["c"], 1 + first.inputs["a"])
