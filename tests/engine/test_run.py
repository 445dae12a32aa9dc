"""The engine on PoCL: the host program, its record, and every kind of argument."""

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.common.run_steps import RUN_STEPS
from clstudio.engine import reading_back_into
from clstudio.engine.run import Engine
from clstudio.session.format import Session, parse_session

pytestmark = pytest.mark.opencl

VADD = """
__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c, const uint n) {
    int i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i];
}
"""


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def session(
    source: str = VADD,
    kernel: str = "vadd",
    args: dict[str, Any] | None = None,
    references: dict[str, Any] | None = None,
    **keys: Any,
) -> Session:
    data = {
        "format": "clstudio-session",
        "version": 1,
        "source": source,
        "kernel": kernel,
        "global_size": [1024],
        "repeats": 3,
        "args": args
        if args is not None
        else {
            "a": {"kind": "buffer", "dtype": "float32", "shape": [1024], "init": "arange"},
            "b": {
                "kind": "buffer",
                "dtype": "float32",
                "shape": [1024],
                "init": {"random": {"low": 0, "high": 1}},
            },
            "c": {"kind": "buffer", "dtype": "float32", "shape": [1024], "access": "out"},
            "n": {"kind": "scalar", "value": 1024},
        },
        "references": references if references is not None else {"c": {"expr": "a + b"}},
    }
    data.update(keys)
    return parse_session(data)


def test_vector_add_runs_and_passes_its_reference(engine: Engine) -> None:
    result = engine.run(session())
    assert result.ok, result.error
    np.testing.assert_allclose(result.outputs["c"], result.inputs["a"] + result.inputs["b"])
    assert result.references["c"].ok
    assert result.references["c"].max_abs_err == 0
    assert set(result.outputs) == {"c"}  # const inputs are not read back


def test_read_backs_land_in_the_arrays_the_caller_makes(engine: Engine) -> None:
    made: list[np.ndarray] = []

    def make(shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
        made.append(np.full(shape, -1, dtype))
        return made[-1]

    with reading_back_into(make):
        result = engine.run(session())
    assert result.ok, result.error
    assert len(made) == 1 and result.outputs["c"] is made[0]  # the worker's are shared memory
    np.testing.assert_allclose(made[0], result.inputs["a"] + result.inputs["b"])
    assert engine.run(session()).outputs["c"] is not made[0]  # only while asked


def test_steps_follow_the_host_program(engine: Engine) -> None:
    result = engine.run(session())
    apis = [step.api for step in result.steps]
    order = [
        "clGetPlatformIDs",
        "clGetDeviceIDs",
        "clCreateContext",
        "clCreateCommandQueue",
        "clCreateProgramWithSource",
        "clBuildProgram",
        "clCreateKernel",
        "clCreateBuffer",
        "clSetKernelArg",
        "clEnqueueWriteBuffer",
        "clEnqueueFillBuffer",
        "clEnqueueNDRangeKernel",
        "clFinish",
        "clEnqueueReadBuffer",
    ]
    assert [api for api in apis if api in order] == sorted(
        [api for api in apis if api in order], key=order.index
    )
    assert set(order) <= set(apis)
    assert apis.count("clSetKernelArg") == 4
    assert all(step.seconds >= 0 for step in result.steps)


def test_timings_per_phase_and_repeat(engine: Engine) -> None:
    result = engine.run(session(repeats=4))
    kernels = [t for t in result.timings if t.phase == "kernel"]
    assert [t.repeat for t in kernels] == [0, 1, 2, 3]
    assert all(t.queued <= t.submit <= t.start <= t.end for t in result.timings)
    uploads = [t for t in result.timings if t.phase == "upload"]
    fills = [t for t in result.timings if t.phase == "fill"]
    # The inputs go up once; the output, which starts from zeros, is filled on the device
    # before each repeat (clEnqueueFillBuffer), never copied from the host.
    assert sorted(t.name for t in uploads) == ["a", "b"]
    assert [(t.name, t.repeat) for t in fills] == [("c", 0), ("c", 1), ("c", 2), ("c", 3)]
    assert [t.name for t in result.timings if t.phase == "download"] == ["c"]


def test_outputs_do_not_depend_on_repeats(engine: Engine) -> None:
    source = "__kernel void inc(__global int *x) { x[get_global_id(0)] += 1; }"
    args = {"x": {"kind": "buffer", "dtype": "int32", "shape": [64], "init": "arange"}}
    result = engine.run(
        session(source, "inc", args, {"x": {"expr": "x + 1"}}, global_size=[64], repeats=5)
    )
    assert result.ok
    assert result.outputs["x"].tolist() == list(range(1, 65))


def test_a_failing_reference_reports_the_worst_element(engine: Engine) -> None:
    result = engine.run(session(references={"c": {"expr": "a + b + (np.arange(1024) == 7)"}}))
    assert not result.ok
    assert result.error is None
    report = result.references["c"]
    assert not report.ok
    assert report.worst_index == (7,)
    assert report.max_abs_err == pytest.approx(1.0)


def test_build_error_points_at_the_users_line(engine: Engine) -> None:
    source = "__kernel void vadd(__global float *c) {\n  int i = get_global_id(0);\n  c[i] = q;\n}"
    result = engine.run(session(source, args={}, references={}))
    assert not result.ok
    assert result.error is not None
    assert result.error.stage == "build"
    assert result.error.line == 3
    assert "line 3:10" in result.error.message
    assert "undeclared identifier 'q'" in result.error.message
    assert result.build is not None and not result.build.ok


def test_unknown_kernel_lists_the_defined_ones(engine: Engine) -> None:
    result = engine.run(session(kernel="vsub"))
    assert result.error is not None
    assert result.error.stage == "validate"
    assert "kernel 'vsub' is not in the program; it defines: vadd" in result.error.message


@pytest.mark.parametrize(
    ("change", "fragment", "argument"),
    [
        ({"args": {"a": None}}, "argument 'a' (__global const float*)", "a"),
        ({"args": {"z": {"kind": "scalar", "value": 1}}}, "'z' is not a parameter", "z"),
        ({"args": {"n": {"kind": "scalar", "value": -1}}}, "does not fit in uint", "n"),
        (
            {"args": {"a": {"kind": "buffer", "dtype": "int32", "shape": [1024]}}},
            "element type int32",
            "a",
        ),
        ({"local_size": [100]}, "not a multiple of the local size 100", None),
        ({"global_size": [8192], "local_size": [8192]}, "over the device limit", None),
    ],
)
def test_validation_errors_name_the_cause(
    engine: Engine,
    change: dict[str, Any],
    fragment: str,
    argument: str | None,
) -> None:
    args = _raw_args()
    for name, spec in change.get("args", {}).items():
        if spec is None:
            del args[name]
        else:
            args[name] = spec
    keys = {k: v for k, v in change.items() if k != "args"}
    result = engine.run(session(args=args, references={}, **keys))
    assert not result.ok
    assert result.error is not None
    assert result.error.stage == "validate"
    assert fragment in result.error.message
    assert result.error.argument == argument


def _raw_args() -> dict[str, dict[str, Any]]:
    return {
        "a": {"kind": "buffer", "dtype": "float32", "shape": [1024], "init": "arange"},
        "b": {"kind": "buffer", "dtype": "float32", "shape": [1024], "init": "ones"},
        "c": {"kind": "buffer", "dtype": "float32", "shape": [1024], "access": "out"},
        "n": {"kind": "scalar", "value": 1024},
    }


def test_buffer_over_max_alloc_is_refused_before_allocation(engine: Engine) -> None:
    args = _raw_args()
    args["c"] = {"kind": "buffer", "dtype": "float32", "shape": [2**33], "access": "out"}
    result = engine.run(session(args=args, references={}))
    assert result.error is not None
    assert result.error.stage == "validate"
    assert "CL_DEVICE_MAX_MEM_ALLOC_SIZE" in result.error.message


def test_vector_types_local_and_constant_arguments(engine: Engine) -> None:
    source = """
    __kernel void scale(__global const float4 *v, __constant float *w,
                        __local float4 *tmp, __global float4 *out, float4 bias) {
        int i = get_global_id(0), l = get_local_id(0);
        tmp[l] = v[i] * w[0];
        barrier(CLK_LOCAL_MEM_FENCE);
        out[i] = tmp[l] + bias;
    }"""
    args = {
        "v": {"kind": "buffer", "dtype": "float4", "shape": [256], "init": "arange"},
        "w": {"kind": "buffer", "dtype": "float32", "shape": [1], "init": {"fill": 2}},
        "tmp": {"kind": "local", "dtype": "float4", "count": 64},
        "out": {"kind": "buffer", "dtype": "float4", "shape": [256], "access": "out"},
        "bias": {"kind": "scalar", "value": [1, 2, 3, 4]},
    }
    refs = {"out": {"expr": "v * 2 + np.array([1, 2, 3, 4])"}}
    result = engine.run(
        session(source, "scale", args, refs, global_size=[256], local_size=[64], repeats=1)
    )
    assert result.ok, (result.error, result.references)
    assert result.outputs["out"].shape == (256, 4)


def test_float3_buffers_use_four_lanes(engine: Engine) -> None:
    source = "__kernel void f(__global float3 *p) { int i = get_global_id(0); p[i] = p[i] * 2; }"
    args = {"p": {"kind": "buffer", "dtype": "float3", "shape": [8], "init": "arange"}}
    result = engine.run(session(source, "f", args, {"p": {"expr": "p * 2"}}, global_size=[8]))
    assert result.ok
    assert result.outputs["p"].shape == (8, 4)


@pytest.mark.parametrize("dims", [2, 3])
def test_two_and_three_dimensional_ranges(engine: Engine, dims: int) -> None:
    source = """
    __kernel void ids(__global int *out) {
        size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
        size_t w = get_global_size(0), h = get_global_size(1);
        out[(z * h + y) * w + x] = (int)(x + 10 * y + 100 * z);
    }"""
    shape = [4, 3, 2][:dims]
    count = int(np.prod(shape))
    args = {"out": {"kind": "buffer", "dtype": "int32", "shape": [count], "access": "out"}}
    result = engine.run(session(source, "ids", args, {}, global_size=shape, repeats=1))
    assert result.ok
    z, y, x = np.meshgrid(
        *(np.arange(n) for n in ([2, 3, 4] if dims == 3 else [1, 3, 4])), indexing="ij"
    )
    np.testing.assert_array_equal(result.outputs["out"], (x + 10 * y + 100 * z).ravel())


def test_missing_npy_file_is_a_load_error(engine: Engine, tmp_path: Path) -> None:
    np.save(tmp_path / "x.npy", np.zeros(1024, np.float32))
    args = _raw_args()
    args["a"] = {"kind": "buffer", "dtype": "float32", "shape": [1024], "init": {"file": "x.npy"}}
    good = parse_session({**_session_dict(args)}, base_dir=tmp_path)
    (tmp_path / "x.npy").unlink()
    result = engine.run(good)
    assert result.error is not None
    assert result.error.stage == "load"
    assert result.error.argument == "a"
    assert "file not found" in result.error.message


def _session_dict(args: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "clstudio-session",
        "version": 1,
        "source": VADD,
        "kernel": "vadd",
        "global_size": [1024],
        "args": args,
    }


def test_guard_bands_catch_an_overrun_and_keep_the_results(engine: Engine) -> None:
    source = """
    __kernel void over(__global float *c) {
        int i = get_global_id(0);
        c[i + 4] = 1.0f;
    }"""
    args = {"c": {"kind": "buffer", "dtype": "float32", "shape": [1024], "access": "out"}}
    result = engine.run(session(source, "over", args, {}, repeats=1))
    assert not result.ok
    assert result.error is None
    report = result.guards["c"]
    assert (report.after, report.first_index) == (4, 1024)
    assert report.message == "kernel wrote past the end of 'c': 4 elements, first at index 1024"
    assert result.outputs["c"][4:].tolist() == [1.0] * 1020


def test_guards_can_be_switched_off(engine: Engine) -> None:
    result = engine.run(session(guards=False))
    assert result.ok
    assert result.guards == {}


def test_programs_stay_warm_between_runs(engine: Engine) -> None:
    engine.run(session())
    again = engine.run(session())
    build_step = next(s for s in again.steps if s.api == "clBuildProgram")
    assert build_step.detail == "reused the earlier build"
    context_step = next(s for s in again.steps if s.api == "clCreateContext")
    assert "kept warm" in context_step.detail


def test_cancel_between_repeats(engine: Engine) -> None:
    calls = []
    result = engine.run(
        session(repeats=10),
        progress=lambda done, total: calls.append((done, total)),
        cancelled=lambda: len(calls) >= 3,
    )
    assert result.error is not None
    assert result.error.stage == "cancelled"
    assert calls == [(0, 10), (1, 10), (2, 10)]
    assert "after 2 of 10 repeats" in result.error.message


def test_no_matching_device_lists_what_there_is(engine: Engine) -> None:
    result = engine.run(session(device={"platform": "NoSuchVendor", "device": ""}))
    assert result.error is not None
    assert result.error.stage == "validate"
    assert "no OpenCL device matches" in result.error.message
    assert "Portable Computing Language" in result.error.message


def test_device_selector_by_type(engine: Engine) -> None:
    result = engine.run(session(device={"platform": "portable", "device": "CPU"}))
    assert result.ok


def test_build_for_the_editor_returns_signatures(engine: Engine) -> None:
    result = engine.build(VADD, "-D UNUSED=1", None)
    assert result.ok
    vadd = result.kernel("vadd")
    assert vadd is not None and [a.name for a in vadd.args] == ["a", "b", "c", "n"]


def test_build_without_a_matching_device_is_a_failed_result(engine: Engine) -> None:
    from clstudio.devices.selector import DeviceSelector

    result = engine.build(VADD, "", DeviceSelector("NoSuchVendor", ""))
    assert not result.ok
    assert "no OpenCL device matches" in result.diagnostics[0].message


def test_names_of_opencl_builtins_work_as_kernel_and_argument_names(engine: Engine) -> None:
    # PoCL renames `step` and `dot` to `_cl_step` and `_cl_dot`; the user never sees that.
    source = "__kernel void step(__global float *dot, float min) { dot[get_global_id(0)] = min; }"
    args = {
        "dot": {"kind": "buffer", "dtype": "float32", "shape": [16], "access": "out"},
        "min": {"kind": "scalar", "value": 2.5},
    }
    result = engine.run(
        session(source, "step", args, {"dot": {"expr": "np.full(16, 2.5)"}}, global_size=[16])
    )
    assert result.ok, result.error


def test_each_setup_step_has_its_own_time_and_warm_ones_cost_nothing() -> None:
    cold = Engine().run(session())
    times = {step.api: step.seconds for step in cold.steps}
    setup = ["clGetPlatformIDs", "clGetDeviceIDs", "clCreateContext", "clCreateCommandQueue"]
    assert len({times[api] for api in setup}) == len(setup)  # measured one by one
    warm_engine = Engine()
    warm_engine.run(session())
    warm = {step.api: step for step in warm_engine.run(session()).steps}
    assert warm["clCreateContext"].seconds == 0.0
    assert "kept warm" in warm["clCreateContext"].detail


def test_a_run_reports_each_of_the_eleven_steps_as_it_enters_them() -> None:
    entered: list[str] = []
    result = Engine().run(session(repeats=2), entering=entered.append)  # a cold device
    assert result.ok, result.error
    assert list(dict.fromkeys(entered)) == [step.key for step in RUN_STEPS]
    assert entered.count("upload") == entered.count("launch") == 2  # once per repeat


def test_a_run_that_fails_validation_stops_at_the_kernel_step(engine: Engine) -> None:
    entered: list[str] = []
    broken = session(global_size=[1000], local_size=[64])
    result = engine.run(broken, entering=entered.append)
    assert result.error is not None
    assert result.error.stage == "validate"
    assert entered[-1] == "kernel"


def test_buffers_of_an_unchanged_size_are_kept_between_runs() -> None:
    engine = Engine()
    engine.run(session())
    again = engine.run(session())
    buffers = [s.detail for s in again.steps if s.api == "clCreateBuffer"]
    assert buffers and all(detail.endswith("kept from an earlier run") for detail in buffers)
    args: dict[str, dict[str, object]] = {
        name: {"kind": "buffer", "dtype": "float32", "shape": [2048], "access": access}
        for name, access in (("a", "in"), ("b", "in"), ("c", "out"))
    }
    args["n"] = {"kind": "scalar", "value": 2048}
    bigger = engine.run(session(args=args, global_size=[2048], references={}))
    assert bigger.ok, bigger.error
    assert not any("kept" in s.detail for s in bigger.steps if s.api == "clCreateBuffer")


def test_a_buffer_whose_guard_bands_were_hit_is_not_kept() -> None:
    source = """
    __kernel void over(__global float *c, int by) { c[get_global_id(0) + by] = 1.0f; }"""
    args = {
        "c": {"kind": "buffer", "dtype": "float32", "shape": [1024], "access": "out"},
        "by": {"kind": "scalar", "value": 4},
    }
    engine = Engine()
    assert not engine.run(session(source, "over", args, {}, repeats=1)).ok
    clean = engine.run(session(source, "over", args | {"by": {"kind": "scalar", "value": 0}}, {}))
    assert clean.ok, clean.guards  # fresh bands, not the ones the first run wrote over
    created = next(s for s in clean.steps if s.api == "clCreateBuffer")
    assert created.detail.endswith("inside guard bands")


@pytest.mark.parametrize("guards", [True, False])
def test_an_output_from_zeros_is_filled_on_the_device_before_each_repeat(
    engine: Engine, guards: bool
) -> None:
    source = "__kernel void acc(__global int *x) { x[get_global_id(0)] += 7; }"
    args = {"x": {"kind": "buffer", "dtype": "int32", "shape": [64]}}  # zeros, inout
    result = engine.run(
        session(
            source,
            "acc",
            args,
            {"x": {"expr": "x + 7"}},
            global_size=[64],
            repeats=4,
            guards=guards,
        )
    )
    assert result.ok, result.error or result.references
    assert [t.phase for t in result.timings if t.name == "x"] == [
        "fill",
        "fill",
        "fill",
        "fill",
        "download",
    ]
    assert ("clEnqueueFillBuffer", "x") in [(s.api, s.detail) for s in result.steps]


def test_an_output_from_other_contents_is_copied_before_each_repeat(engine: Engine) -> None:
    source = "__kernel void acc(__global int *x) { x[get_global_id(0)] += 7; }"
    args = {"x": {"kind": "buffer", "dtype": "int32", "shape": [64], "init": "ones"}}
    result = engine.run(
        session(source, "acc", args, {"x": {"expr": "x + 7"}}, global_size=[64], repeats=2)
    )
    assert result.ok, result.error or result.references
    assert [t.phase for t in result.timings if t.name == "x"] == ["upload", "upload", "download"]
