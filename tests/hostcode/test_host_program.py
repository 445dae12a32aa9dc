"""The program text: eleven numbered steps with their lines, no CL Studio, nothing dead."""

import ast
import stat
from dataclasses import replace
from pathlib import Path

import pytest

from clstudio.common import KernelArgInfo, KernelSignature, parse_element_type
from clstudio.hostcode import (
    HOST_STEPS,
    ExportError,
    FolderNotEmptyError,
    export_program,
    host_program,
)
from clstudio.hostcode.bundled_pocl import POCL_PLATFORM, bundled_pocl_library
from clstudio.session import (
    BufferArg,
    Init,
    IterationArg,
    Launch,
    LaunchGroup,
    Reference,
    ScalarArg,
    Session,
    kernels_dir,
    leaf_launches,
    load_session,
)
from kernel_args import LIFE


def buffer(name: str, const: bool = False) -> KernelArgInfo:
    return KernelArgInfo(name, "float*", "global", "none", const)


SIGNATURE = KernelSignature(
    "scale",
    (
        buffer("x", const=True),
        buffer("queue"),
        KernelArgInfo("k", "float", "private", "none", False),
    ),
)
FLOAT = parse_element_type("float32")
SESSION = Session(
    source="__kernel void scale(__global const float *x, __global float *queue, float k)"
    " { int i = get_global_id(0); queue[i] = k * x[i]; }\n",
    launches=(Launch("scale", (8,)),),
    args={
        "x": BufferArg(FLOAT, (8,), Init("arange")),
        "queue": BufferArg(FLOAT, (8,), Init("fill", {"value": 0.5}), "out"),
        "k": ScalarArg(2.5),
    },
    references={"queue": Reference("k * x", 0.0, 0.0)},
)


@pytest.mark.parametrize("language", ["python", "c"])
def test_the_eleven_steps_are_numbered_regions_in_order(language: str) -> None:
    program = host_program(SESSION, SIGNATURE, language)
    lines = program.text.splitlines()
    assert [r.number for r in program.regions] == list(range(1, 12))
    for region, step in zip(program.regions, HOST_STEPS, strict=True):
        assert region.title == step.title
        assert f"Step {step.number}: {step.title}" in lines[region.first_line - 1]
        assert region.first_line <= region.last_line
    for before, after in zip(program.regions, program.regions[1:], strict=False):
        assert before.last_line < after.first_line
    launch = program.regions[8]
    launch_lines = "\n".join(lines[launch.first_line - 1 : launch.last_line])
    call = "cl.enqueue_nd_range_kernel(" if language == "python" else "clEnqueueNDRangeKernel("
    assert call in launch_lines
    assert program.region_at(launch.first_line + 1) == launch
    assert program.region_at(1) is None


@pytest.mark.parametrize("language", ["python", "c"])
def test_a_program_never_imports_cl_studio(language: str) -> None:
    assert "clstudio" not in host_program(SESSION, SIGNATURE, language).text


def test_the_python_program_is_valid_python_that_inlines_small_contents() -> None:
    text = host_program(SESSION, SIGNATURE, "python").text
    tree = ast.parse(text)
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert imported <= {"argparse", "statistics", "sys", "numpy", "pyopencl"}
    assert "x = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], dtype=np.float32)" in text
    assert "queue_arg = np.full(8, 0.5, dtype=np.float32)" in text  # `queue` is the program's
    assert 'check("queue", queue_out, k * x, rtol=0.0, atol=0.0)' in text
    assert "k = np.float32(2.5)" in text


def test_the_c_program_sets_each_argument_by_its_declared_type() -> None:
    text = host_program(SESSION, SIGNATURE, "c").text
    assert "cl_float k = 2.5f;" in text
    assert "cl_float h_x[8] = {0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f};" in text
    assert "err = clSetKernelArg(kernel, 2, sizeof k, &k);" in text
    assert 'check_cl(err, "clSetKernelArg (k)");' in text


@pytest.mark.parametrize("language", ["python", "c"])
def test_one_launch_is_one_program_however_the_session_writes_it(language: str) -> None:
    (launch,) = SESSION.launches
    assert isinstance(launch, Launch)
    bound = replace(launch, args={"x": "x", "queue": "queue"})  # the long form of the file
    assert not replace(SESSION, launches=(bound,)).is_single_launch
    written = host_program(replace(SESSION, launches=(bound,)), SIGNATURE, language).text
    assert written == host_program(SESSION, SIGNATURE, language).text


def test_a_missing_argument_is_a_clear_error() -> None:
    incomplete = replace(SESSION, args={"x": SESSION.args["x"]}, references={})
    with pytest.raises(ExportError, match="argument 'queue' of 'scale' has no value"):
        host_program(incomplete, SIGNATURE, "python")


VADD = KernelSignature(
    "vadd",
    (
        buffer("a", True),
        buffer("b", True),
        buffer("c"),
        KernelArgInfo("n", "uint", "private", "none", False),
    ),
)


@pytest.mark.parametrize("language", ["python", "c"])
def test_a_program_creates_each_kernel_sets_its_arguments_and_waits_once(language: str) -> None:
    session = load_session(kernels_dir() / "vadd_chain.json")
    text = host_program(session, VADD, language).text
    if language == "python":
        assert text.count('= cl.Kernel(program, "vadd")') == 3
        assert "kernel_2.set_arg(0, d_buf)" in text  # launch 2 reads what launch 1 wrote
        assert text.count("cl.enqueue_nd_range_kernel(") == 3
        assert text.count("queue.finish()") == 1
        ast.parse(text)
    else:
        assert text.count('= clCreateKernel(program, "vadd", &err);') == 3
        assert "err = clSetKernelArg(kernel_3, 2, sizeof(cl_mem), &d_g);" in text
        assert text.count("clEnqueueNDRangeKernel(queue, kernel_") == 3
        assert text.count("clFinish(queue)") == 1
    for heading in ("launch 1 of 3, kernel vadd", "launch 3 of 3, kernel vadd"):
        assert heading in text


@pytest.mark.parametrize("language", ["python", "c"])
def test_ping_pong_swaps_the_buffers_inside_the_loop_and_reads_the_newest(language: str) -> None:
    session = load_session(kernels_dir() / "game_of_life.json")
    text = host_program(session, LIFE, language).text
    if language == "python":
        loop = text[text.index("for iteration in range(64):") :]
        assert "kernel.set_arg(0, grid_now)" in loop  # one launch: the program's own names
        assert "grid_now, next_now = next_now, grid_now" in loop
        assert "cl.enqueue_copy(queue, grid_out, grid_now)" in text
    else:
        loop = text[text.index("for (int iteration = 0; iteration < 64; iteration++) {") :]
        assert "sizeof(cl_mem), &d_grid_now);" in loop
        assert "swap = d_grid_now;\n" in loop
        assert "clEnqueueReadBuffer(queue, d_grid_now, CL_TRUE" in text
    assert "grid and next trade places after each" in text


def test_a_launch_of_a_kernel_the_build_lacks_is_named() -> None:
    session = load_session(kernels_dir() / "scan_multi_block.json")
    scan = KernelSignature("scan_blocks", (buffer("in", True), buffer("out"), buffer("block_sums")))
    with pytest.raises(
        ExportError, match="launch 3 of 3: the program has no kernel 'add_block_offsets'"
    ):
        host_program(session, scan, "c", signatures={"scan_blocks": scan})


@pytest.mark.parametrize("language", ["python", "c"])
def test_a_per_launch_scalar_and_the_iteration_number_reach_the_kernel(language: str) -> None:
    session = load_session(kernels_dir() / "vadd_chain.json")
    first, second, third = leaf_launches(session.launches)
    launches = (
        first,
        LaunchGroup((replace(second, args={**second.args, "n": IterationArg()}),), 3),
        replace(third, args={**third.args, "n": ScalarArg(7)}),
    )
    text = host_program(replace(session, launches=launches), VADD, language).text
    if language == "python":
        assert "kernel_2.set_arg(3, np.uint32(iteration))" in text
        assert "kernel_3.set_arg(3, np.uint32(7))" in text
    else:
        assert "cl_uint n_2 = (cl_uint)iteration;" in text
        assert "cl_uint n_3 = 7u;" in text


def test_a_non_empty_folder_is_refused_unless_forced(tmp_path: Path) -> None:
    mine = tmp_path / "notes.txt"
    mine.write_text("my notes")
    with pytest.raises(FolderNotEmptyError):
        export_program(SESSION, SIGNATURE, "python", tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    written = export_program(SESSION, SIGNATURE, "python", tmp_path, force=True)
    assert {p.name for p in written} == {"main.py", "scale.cl"}
    assert mine.read_text() == "my notes"


def test_large_contents_go_into_npy_files_and_c_gets_the_expected_values(tmp_path: Path) -> None:
    session = load_session(kernels_dir() / "saxpy.json")
    signature = KernelSignature(
        "saxpy",
        (
            KernelArgInfo("a", "float", "private", "none", False),
            buffer("x", const=True),
            buffer("y"),
            KernelArgInfo("n", "int", "private", "none", False),
        ),
    )
    names = {p.name for p in export_program(session, signature, "c", tmp_path)}
    assert {"main.c", "saxpy.cl", "x.npy", "y.npy", "y.expected.npy", "Makefile"} <= names
    assert "pocl.icd" not in names  # the device was not said to be the bundled PoCL


@pytest.mark.skipif(bundled_pocl_library() is None, reason="pyopencl's wheel carries no PoCL")
def test_on_the_bundled_pocl_c_gets_an_icd_file_and_a_run_script(tmp_path: Path) -> None:
    written = export_program(SESSION, SIGNATURE, "c", tmp_path, platform_name=POCL_PLATFORM)
    icd = (tmp_path / "pocl.icd").read_text().strip()
    assert icd == str(bundled_pocl_library()) and icd.startswith("/")
    assert (tmp_path / "run.sh").stat().st_mode & stat.S_IXUSR
    assert 'OCL_ICD_VENDORS="$HERE"' in (tmp_path / "run.sh").read_text()
    assert "./run.sh" in (tmp_path / "main.c").read_text()
    assert tmp_path / "run.sh" in written
    python = export_program(
        SESSION, SIGNATURE, "python", tmp_path / "py", platform_name=POCL_PLATFORM
    )
    assert "run.sh" not in {p.name for p in python}  # pyopencl finds its own PoCL
