"""Exported programs reproduce the app: every gallery session, in Python and in C."""

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from clstudio.common import KernelSignature, parse_element_type
from clstudio.engine import Engine
from clstudio.hostcode import export_program
from clstudio.hostcode.bundled_pocl import POCL_PLATFORM as POCL
from clstudio.session import (
    BufferArg,
    ImageArg,
    Init,
    Launch,
    LocalArg,
    Reference,
    SamplerArg,
    ScalarArg,
    Session,
)
from hostcode.exported_programs import run_saving_outputs, signature_of
from hostcode.pocl_gallery import ON_POCL, POCL_GALLERY, GalleryPrograms, GalleryRuns

GALLERY = [example.path.stem for example in POCL_GALLERY]

pytestmark = pytest.mark.opencl


def assert_same_outputs(name: str, folder: Path, gallery_runs: GalleryRuns) -> None:
    session, result, _ = gallery_runs[name]
    assert result.outputs, name
    for output, expected in result.outputs.items():
        saved = np.load(folder / "OUT" / f"{output}.npy")
        assert saved.shape == expected.shape and saved.dtype == expected.dtype, output
        parts = [(f"{output}.{f}", saved[f], expected[f]) for f in expected.dtype.names or ()]
        for label, saved_part, expected_part in parts or [(output, saved, expected)]:
            if expected_part.dtype.kind in "iub":
                np.testing.assert_array_equal(saved_part, expected_part, err_msg=f"{name}: {label}")
            else:
                ref = session.references.get(label, Reference("x"))
                np.testing.assert_allclose(
                    saved_part, expected_part, ref.rtol, ref.atol, err_msg=f"{name}: {label}"
                )


@pytest.mark.parametrize("language", ["python", "c"])
@pytest.mark.parametrize("name", GALLERY)
def test_the_program_builds_cleanly_runs_and_matches_the_app(
    name: str, language: str, gallery_programs: GalleryPrograms, gallery_runs: GalleryRuns
) -> None:
    folder, status, messages = gallery_programs[language, name]
    assert messages == ""  # no C compiler warnings with -Wall -Wextra
    assert status == 0
    assert_same_outputs(name, folder, gallery_runs)


def broken_reference(gallery_runs: GalleryRuns) -> tuple[Session, KernelSignature]:
    session, _, signature = gallery_runs["vector_add"]
    wrong = replace(session, references={"c": Reference("a + b + 1", 0.0, 0.0)})
    return wrong, signature


def test_a_python_program_exits_1_when_a_reference_does_not_match(
    gallery_runs: GalleryRuns, tmp_path: Path
) -> None:
    session, signature = broken_reference(gallery_runs)
    export_program(session, signature, "python", tmp_path, ON_POCL)
    done = subprocess.run(
        [sys.executable, str(tmp_path / "main.py")], capture_output=True, text=True
    )
    assert done.returncode == 1
    assert "c: FAIL, 1048576 of 1048576 values differ" in done.stdout
    assert "median:" in done.stdout


def test_a_c_program_exits_1_when_a_reference_does_not_match(
    gallery_runs: GalleryRuns, tmp_path: Path
) -> None:
    session, signature = broken_reference(gallery_runs)
    export_program(session, signature, "c", tmp_path, ON_POCL, platform_name=POCL)
    subprocess.run(["make", "-s", "-C", str(tmp_path)], check=True)
    done = subprocess.run([str(tmp_path / "run.sh")], capture_output=True, text=True)
    assert done.returncode == 1
    assert "c: FAIL, 1048576 of 1048576 values differ" in done.stdout
    assert done.stdout.count("repeat ") == session.repeats


def test_a_c_program_names_the_error_of_a_failing_call(
    gallery_runs: GalleryRuns, tmp_path: Path
) -> None:
    session, _, signature = gallery_runs["matmul_naive"]
    # More work-items than a group may hold:
    too_big = session.with_ndrange(session.global_size, (4096, 1))
    export_program(too_big, signature, "c", tmp_path, ON_POCL, platform_name=POCL)
    subprocess.run(["make", "-s", "-C", str(tmp_path)], check=True)
    done = subprocess.run([str(tmp_path / "run.sh")], capture_output=True, text=True)
    assert done.returncode == 2
    assert "clEnqueueNDRangeKernel failed: CL_INVALID_WORK_GROUP_SIZE (-54)" in done.stderr


TINT = """__kernel void tint(read_only image2d_t src, sampler_t s, __global float4 *out,
                   float4 gain, __local float *scratch) {
    int x = get_global_id(0), y = get_global_id(1);
    scratch[get_local_id(0)] = 1.0f;
    out[y * get_global_size(0) + x] = read_imagef(src, s, (int2)(x, y)) * gain * scratch[0];
}
"""


def test_images_samplers_vector_scalars_and_local_memory_in_both_languages(tmp_path: Path) -> None:
    session = Session(
        source=TINT,
        launches=(Launch("tint", (8, 4)),),
        args={
            "src": ImageArg((4, 8), "RGBA", "FLOAT", Init("random")),
            "s": SamplerArg(),
            "out": BufferArg(parse_element_type("float4"), (32,), access="out"),
            "gain": ScalarArg((0.5, 1.0, 2.0, 1.0)),
            "scratch": LocalArg(parse_element_type("float32"), 8),
        },
        references={"out": Reference("src.reshape(-1, 4) * gain", 1e-6, 0.0)},
    )
    result = Engine().run(session)
    assert result.ok, result.error
    assert result.build is not None
    signature = signature_of(result, "tint")
    export_program(session, signature, "python", tmp_path / "py", ON_POCL)
    export_program(session, signature, "c", tmp_path / "c", ON_POCL, platform_name=POCL)
    subprocess.run(["make", "-s", "-C", str(tmp_path / "c")], check=True)
    for run in (
        [sys.executable, str(tmp_path / "py" / "main.py")],
        [str(tmp_path / "c" / "run.sh")],
    ):
        out = tmp_path / "out"
        run_saving_outputs(run, out)
        np.testing.assert_allclose(np.load(out / "out.npy"), result.outputs["out"], rtol=1e-6)


ACCUMULATE = "__kernel void acc(__global int *x) { x[get_global_id(0)] += 7; }\n"


def test_an_output_from_zeros_is_filled_on_the_device_before_each_repeat_as_in_the_app(
    tmp_path: Path,
) -> None:
    """What Timings shows (a fill on the device, no copy) is what both programs do."""
    session = Session(
        source=ACCUMULATE,
        launches=(Launch("acc", (64,)),),
        repeats=3,
        args={"x": BufferArg(parse_element_type("int32"), (64,))},  # zeros, inout
        references={"x": Reference("x + 7", 0.0, 0.0)},
    )
    result = Engine().run(session)
    assert result.ok, result.error or result.references
    assert [t.phase for t in result.timings if t.name == "x"] == ["fill"] * 3 + ["download"]
    signature = signature_of(result, "acc")
    export_program(session, signature, "python", tmp_path / "py", ON_POCL)
    export_program(session, signature, "c", tmp_path / "c", ON_POCL, platform_name=POCL)
    python = (tmp_path / "py" / "main.py").read_text(encoding="utf-8")
    c = (tmp_path / "c" / "main.c").read_text(encoding="utf-8")
    assert "cl.enqueue_fill_buffer(queue, x_buf" in python
    assert "cl.enqueue_copy(queue, x_buf, x)" not in python
    assert "clEnqueueFillBuffer(queue, d_x" in c and "clEnqueueWriteBuffer(queue, d_x" not in c
    build = subprocess.run(
        ["make", "-s", "-C", str(tmp_path / "c")], capture_output=True, text=True
    )
    assert build.returncode == 0 and build.stderr == ""
    for run in (
        [sys.executable, str(tmp_path / "py" / "main.py")],
        [str(tmp_path / "c" / "run.sh")],
    ):
        out = tmp_path / "out"
        run_saving_outputs(run, out)
        np.testing.assert_array_equal(np.load(out / "x.npy"), np.full(64, 7, np.int32))
