"""`clstudio capture -- ./vadd`: learners' C and C++ programs, captured through the loader's layer.

Each program is compiled here with the system's compiler against the system's OpenCL
loader, as a learner builds it, and run once as a learner with PoCL installed runs it and
once under `clstudio capture` with no variable set: the capture must offer PoCL by itself,
change nothing the program prints or returns, and every captured launch must run with
`clstudio run` and pass its references. The layer is built into a cache folder of the
module's own, as `clstudio capture` builds it into ~/.cache/clstudio.
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from capture.learner_programs import index_of, kernels_listed, no_compiler_path, printed
from clstudio.capture.native_layer import LAYER_SOURCE, layer_environment
from clstudio.hostcode.bundled_pocl import bundled_pocl_library

pytestmark = [
    pytest.mark.opencl,
    pytest.mark.skipif(
        shutil.which("cc") is None or not Path("/usr/include/CL/cl.h").is_file(),
        reason="needs cc and the OpenCL headers",
    ),
]

# A learner's program as lesson 1 ends: the kernels read from a file of their own, a
# typedef'd element type on both sides, error checks after every call, one buffer scaled,
# added and its sum scaled again (reused across three launches).
KERNELS = """\
typedef float real;
#define SCALE(v, k) ((v) * (k))

__kernel void scale(__global real *x, const real k, const int n)
{
    int i = get_global_id(0);
    if (i < n)
        x[i] = SCALE(x[i], k);
}

__kernel void add(__global const real *a, __global const real *b, __global real *c)
{
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}
"""

VADD = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

typedef float real;
#define N 1000
#define CHECK(err, what) \
    if ((err) != CL_SUCCESS) { fprintf(stderr, "%s failed: %d\n", what, err); exit(1); }

static char *read_source(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *text = malloc(size + 1);
    fread(text, 1, size, file);
    text[size] = '\0';
    fclose(file);
    return text;
}

int main(int argc, char **argv)
{
    int crash_at = argc > 1 ? atoi(argv[1]) : 0;
    cl_int err;
    cl_uint count;
    cl_platform_id platforms[8], platform = NULL;
    err = clGetPlatformIDs(8, platforms, &count);
    CHECK(err, "clGetPlatformIDs");
    for (cl_uint p = 0; p < count; p++) {
        char name[128];
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof(name), name, NULL);
        if (strstr(name, "Portable") != NULL)
            platform = platforms[p];
    }
    if (platform == NULL) { fprintf(stderr, "no PoCL platform\n"); return 1; }
    cl_device_id device;
    err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    CHECK(err, "clGetDeviceIDs");
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err, "clCreateContext");
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    CHECK(err, "clCreateCommandQueue");

    const char *source = read_source("kernels.cl");
    cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
    CHECK(err, "clCreateProgramWithSource");
    err = clBuildProgram(program, 1, &device, "-D UNUSED=1", NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[4096];
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
        fprintf(stderr, "build failed:\n%s\n", log);
        return 1;
    }
    cl_kernel scale = clCreateKernel(program, "scale", &err);
    CHECK(err, "clCreateKernel(scale)");
    cl_kernel add = clCreateKernel(program, "add", &err);
    CHECK(err, "clCreateKernel(add)");

    real *a = malloc(N * sizeof(real));
    real *b = malloc(N * sizeof(real));
    real *c = malloc(N * sizeof(real));
    for (int i = 0; i < N; i++) { a[i] = i / (real)N; b[i] = (real)i; }
    cl_mem d_a = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                N * sizeof(real), a, &err);
    CHECK(err, "clCreateBuffer(a)");
    cl_mem d_b = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                N * sizeof(real), b, &err);
    CHECK(err, "clCreateBuffer(b)");
    cl_mem d_c = clCreateBuffer(context, CL_MEM_READ_WRITE, N * sizeof(real), NULL, &err);
    CHECK(err, "clCreateBuffer(c)");

    int n = N;
    real k = 3.0f;
    size_t global = 1024, local = 64;
    err  = clSetKernelArg(scale, 0, sizeof(cl_mem), &d_a);
    err |= clSetKernelArg(scale, 1, sizeof(real), &k);
    err |= clSetKernelArg(scale, 2, sizeof(int), &n);
    CHECK(err, "clSetKernelArg(scale)");
    err = clEnqueueNDRangeKernel(queue, scale, 1, NULL, &global, &local, 0, NULL, NULL);
    CHECK(err, "clEnqueueNDRangeKernel(scale)");

    err  = clSetKernelArg(add, 0, sizeof(cl_mem), &d_a);
    err |= clSetKernelArg(add, 1, sizeof(cl_mem), &d_b);
    err |= clSetKernelArg(add, 2, sizeof(cl_mem), &d_c);
    CHECK(err, "clSetKernelArg(add)");
    size_t exact = N;
    err = clEnqueueNDRangeKernel(queue, add, 1, NULL, &exact, NULL, 0, NULL, NULL);
    CHECK(err, "clEnqueueNDRangeKernel(add)");
    clFinish(queue);

    if (crash_at == 3) {
        fprintf(stderr, "crashing\n");
        abort();  /* as a failed assert() in the host code does */
    }
    k = 0.5f;
    err  = clSetKernelArg(scale, 0, sizeof(cl_mem), &d_c);
    err |= clSetKernelArg(scale, 1, sizeof(real), &k);
    CHECK(err, "clSetKernelArg(scale) again");
    err = clEnqueueNDRangeKernel(queue, scale, 1, NULL, &global, &local, 0, NULL, NULL);
    CHECK(err, "clEnqueueNDRangeKernel(scale) again");

    err = clEnqueueReadBuffer(queue, d_c, CL_TRUE, 0, N * sizeof(real), c, 0, NULL, NULL);
    CHECK(err, "clEnqueueReadBuffer");
    double sum = 0;
    for (int i = 0; i < N; i++) sum += c[i];
    printf("c[1] = %g, c[N-1] = %g, sum = %.4f\n", c[1], c[N - 1], sum);
    FILE *out = fopen("result.txt", "w");
    fprintf(out, "%.4f\n", sum);
    fclose(out);

    clReleaseMemObject(d_a); clReleaseMemObject(d_b); clReleaseMemObject(d_c);
    clReleaseKernel(scale); clReleaseKernel(add); clReleaseProgram(program);
    clReleaseCommandQueue(queue); clReleaseContext(context);
    free(a); free(b); free(c);
    return 0;
}
"""

# The same work through the C++ bindings (opencl.hpp): KernelFunctor, setArg by template.
# Without CL_HPP_CL_1_2_DEFAULT_BUILD the bindings build with -cl-std=CL2.0, which PoCL
# (OpenCL C 1.2) takes: the captured sessions keep the option and run as the program did.
SAXPY_CPP = r"""
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <iostream>
#include <vector>

int main()
{
    std::vector<cl::Platform> platforms;
    cl::Platform::get(&platforms);
    cl::Platform pocl;
    for (auto &p : platforms)
        if (p.getInfo<CL_PLATFORM_NAME>().find("Portable") != std::string::npos) pocl = p;
    cl_context_properties properties[] = {
        CL_CONTEXT_PLATFORM, (cl_context_properties)pocl(), 0};
    cl::Context context(CL_DEVICE_TYPE_ALL, properties);
    cl::CommandQueue queue(context);
    cl::Program program(context, R"CL(
        __kernel void saxpy(const float a, __global const float *x, __global float *y)
        { size_t i = get_global_id(0); y[i] += a * x[i]; }
    )CL", true);
    std::vector<float> x(512), y(512);
    for (size_t i = 0; i < x.size(); i++) { x[i] = i; y[i] = 1.0f; }
    cl::Buffer dx(context, x.begin(), x.end(), true);
    cl::Buffer dy(context, y.begin(), y.end(), false);
    cl::KernelFunctor<float, cl::Buffer, cl::Buffer> saxpy(program, "saxpy");
    for (int step = 0; step < 2; step++)
        saxpy(cl::EnqueueArgs(queue, cl::NDRange(x.size())), 2.0f, dx, dy);
    cl::copy(queue, dy, y.begin(), y.end());
    std::cout << y[1] << " " << y[511] << std::endl;
    return 0;
}
"""

# Kernels and queues made and released at every step, as a learner who keeps it all in a
# loop does: a driver may give a new kernel the address of the one released (PoCL here does
# not), and each launch must still be listed under its own kernel with its own arguments.
EACH_STEP = r"""
#include <stdio.h>
#include <string.h>
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

static const char *source =
    "__kernel void twice(__global int *x) { x[get_global_id(0)] *= 2; }\n"
    "__kernel void plus(__global int *x, int by) { x[get_global_id(0)] += by; }\n";

int main(void)
{
    cl_platform_id platforms[8], platform = NULL;
    cl_uint count;
    clGetPlatformIDs(8, platforms, &count);
    for (cl_uint p = 0; p < count; p++) {
        char name[128];
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof(name), name, NULL);
        if (strstr(name, "Portable")) platform = platforms[p];
    }
    cl_device_id device;
    cl_int err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
    clBuildProgram(program, 1, &device, NULL, NULL, NULL);
    int x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                   sizeof(x), x, &err);
    size_t global = 8;
    for (int step = 0; step < 4; step++) {
        cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
        cl_kernel kernel = clCreateKernel(program, step % 2 ? "plus" : "twice", &err);
        clSetKernelArg(kernel, 0, sizeof(cl_mem), &buffer);
        if (step % 2) clSetKernelArg(kernel, 1, sizeof(int), &step);
        err = clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL);
        if (err != CL_SUCCESS) { fprintf(stderr, "launch %d: %d\n", step, err); return 1; }
        clFinish(queue);
        clReleaseKernel(kernel);
        clReleaseCommandQueue(queue);
    }
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof(x), x, 0, NULL, NULL);
    printf("%d %d\n", x[0], x[7]);
    return 0;
}
"""

LISTS_PLATFORMS = """
import pyopencl as cl
print([p.name for p in cl.get_platforms()])
"""


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


def environment(cache: Path, **added: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("OCL_ICD_VENDORS", "OPENCL_LAYERS")}
    env["PYTHONPATH"] = str(Path(__file__).parents[2] / "src")
    env["XDG_CACHE_HOME"] = str(cache)
    env.update(added)
    return env


def learner_vendors(folder: Path) -> dict[str, str]:
    """OCL_ICD_VENDORS as a learner who installed PoCL has it, for runs without capture."""
    library = bundled_pocl_library()
    if library is None:
        pytest.skip("needs PoCL from pyopencl's wheel")
    vendors = folder / "vendors"
    vendors.mkdir()
    (vendors / "pocl.icd").write_text(f"{library}\n")
    return {"OCL_ICD_VENDORS": str(vendors)}


def build(folder: Path, source: str, name: str, compiler: str = "cc") -> None:
    (folder / f"{name}.src").write_text(source)
    language = ["-x", "c++", "-std=c++17"] if compiler == "c++" else ["-x", "c"]
    command = [compiler, *language, f"{name}.src", "-o", name, "-lOpenCL"]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def run(args: list[str], folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=folder, env=env, capture_output=True, text=True)


def capture(
    folder: Path, cache: Path, command: list[str], *options: str
) -> subprocess.CompletedProcess[str]:
    clstudio = [sys.executable, "-m", "clstudio", "capture", "-o", "out", *options]
    return run([*clstudio, "--", *command], folder, environment(cache))


def runs_and_passes(folder: Path, cache: Path, session: str) -> None:
    path = folder / "out" / session
    ran = run([sys.executable, "-m", "clstudio", "run", str(path)], folder, environment(cache))
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ": pass" in ran.stdout and ": fail" not in ran.stdout


@pytest.fixture
def vadd(tmp_path: Path) -> Path:
    (tmp_path / "kernels.cl").write_text(KERNELS)
    build(tmp_path, VADD, "vadd")
    return tmp_path


def test_a_learners_c_program_runs_unchanged_and_every_launch_passes_as_a_session(
    vadd: Path, cache: Path
) -> None:
    plain = run(["./vadd"], vadd, environment(cache, **learner_vendors(vadd)))
    assert plain.returncode == 0, plain.stderr
    written = (vadd / "result.txt").read_text()
    (vadd / "result.txt").unlink()
    captured = capture(vadd, cache, ["./vadd"])
    assert captured.returncode == 0, captured.stderr
    assert captured.stdout == plain.stdout
    assert (vadd / "result.txt").read_text() == written
    index = index_of(vadd)
    assert (index["state"], index["exit_status"], index["command"]) == ("finished", 0, ["./vadd"])
    launches = index["launches"]
    assert [e["kernel"] for e in launches] == ["scale", "add", "scale"]
    assert [e["global_size"] for e in launches] == [[1024], [1000], [1024]]
    assert [e["local_size"] for e in launches] == [[64], None, [64]]
    assert all(e["captured"] and e["call_site"] is None for e in launches)
    for entry in launches:
        runs_and_passes(vadd, cache, entry["session"])
    third = json.loads((vadd / "out" / launches[2]["session"]).read_text())
    assert third["args"]["x"]["dtype"] == "float32"  # `real`, resolved by the compiler
    assert (third["args"]["k"]["value"], third["args"]["n"]["value"]) == (0.5, 1000)
    assert third["build_options"] == "-D UNUSED=1"
    assert third["device"]["platform"] == "Portable Computing Language"
    source = (vadd / "out" / launches[2]["session"]).with_name("session.cl").read_text()
    assert source == KERNELS
    assert not (vadd / "out" / ".journal").exists()


def test_where_the_loader_loads_no_layer_the_preloaded_library_records_the_program(
    vadd: Path, cache: Path
) -> None:
    """`env -u OPENCL_LAYERS` hides the layer from the loader, as a loader older than
    layers (Ubuntu 22.04's ocl-icd 2.2) ignores it: the same library in LD_PRELOAD records."""
    plain = run(["./vadd"], vadd, environment(cache, **learner_vendors(vadd)))
    captured = capture(vadd, cache, ["env", "-u", "OPENCL_LAYERS", "./vadd"])
    assert captured.returncode == plain.returncode == 0, captured.stderr
    assert captured.stdout == plain.stdout
    launches = index_of(vadd)["launches"]
    assert [(e["kernel"], e["captured"]) for e in launches] == [
        ("scale", True),
        ("add", True),
        ("scale", True),
    ]
    for entry in launches:
        runs_and_passes(vadd, cache, entry["session"])


def test_the_layer_is_preloaded_before_the_learners_own_preloads(tmp_path: Path) -> None:
    library = tmp_path / "libclstudio_capture.so"
    given = layer_environment(tmp_path, library, {"LD_PRELOAD": "libmine.so"})
    assert given["LD_PRELOAD"] == f"{library}:libmine.so"
    assert given["OPENCL_LAYERS"] == str(library)
    spaced = tmp_path / "my cache" / "libclstudio_capture.so"
    # The dynamic linker would split that path: the loader's route alone then.
    assert "LD_PRELOAD" not in layer_environment(tmp_path, spaced, {})
    assert layer_environment(tmp_path, spaced, {})["OPENCL_LAYERS"] == str(spaced)


def test_the_selection_reaches_the_layer_and_every_launch_stays_listed(
    vadd: Path, cache: Path
) -> None:
    done = capture(vadd, cache, ["./vadd"], "--kernel", "scale", "--first", "1")
    assert done.returncode == 0, done.stderr
    assert kernels_listed(vadd) == [
        ("scale", True, None),
        ("add", False, "not_selected"),
        ("scale", False, "not_selected"),
    ]


def test_a_budget_too_small_is_said_with_the_launch(vadd: Path, cache: Path) -> None:
    done = capture(vadd, cache, ["./vadd"], "--launch", "2", "--max-bytes", "1K")
    assert done.returncode == 0, done.stderr
    second = index_of(vadd)["launches"][1]
    assert (second["captured"], second["reason"], second["detail"]) == (
        False,
        "over_budget",
        str(2 * 3 * 1000 * 4),
    )


def test_a_c_program_that_crashes_at_its_third_launch_keeps_the_first_two(
    vadd: Path, cache: Path
) -> None:
    plain = run(["./vadd", "3"], vadd, environment(cache, **learner_vendors(vadd)))
    done = capture(vadd, cache, ["./vadd", "3"])
    assert plain.returncode == -6 and done.returncode == 128 + 6
    assert "crashing" in done.stderr
    index = index_of(vadd)
    assert (index["state"], index["exit_status"]) == ("finished", 134)
    assert [(e["number"], e["captured"]) for e in index["launches"]] == [(1, True), (2, True)]
    runs_and_passes(vadd, cache, index["launches"][1]["session"])


def test_make_run_is_captured_in_the_program_it_runs(vadd: Path, cache: Path) -> None:
    (vadd / "Makefile").write_text("run: vadd\n\t./vadd\n")
    done = capture(vadd, cache, ["make", "-s", "run"])
    assert done.returncode == 0, done.stderr
    assert [e["captured"] for e in index_of(vadd)["launches"]] == [True, True, True]


def test_kernels_and_queues_made_at_every_step_keep_their_own_arguments(
    tmp_path: Path, cache: Path
) -> None:
    build(tmp_path, EACH_STEP, "steps")
    assert printed(capture(tmp_path, cache, ["./steps"])) == "9 37\n"  # ((x * 2 + 1) * 2) + 3
    launches = index_of(tmp_path)["launches"]
    assert [(e["kernel"], e["captured"]) for e in launches] == [
        ("twice", True),
        ("plus", True),
        ("twice", True),
        ("plus", True),
    ]
    for entry in launches:
        runs_and_passes(tmp_path, cache, entry["session"])
    fourth = json.loads((tmp_path / "out" / launches[3]["session"]).read_text())
    assert fourth["args"]["by"]["value"] == 3


@pytest.mark.skipif(
    shutil.which("c++") is None or not Path("/usr/include/CL/opencl.hpp").is_file(),
    reason="needs c++ and the C++ bindings",
)
def test_a_cpp_program_through_the_bindings_is_captured(tmp_path: Path, cache: Path) -> None:
    build(tmp_path, SAXPY_CPP, "saxpy", compiler="c++")
    plain = run(["./saxpy"], tmp_path, environment(cache, **learner_vendors(tmp_path)))
    captured = capture(tmp_path, cache, ["./saxpy"])
    assert captured.returncode == plain.returncode == 0, captured.stderr
    assert captured.stdout == plain.stdout == "5 2045\n"
    launches = index_of(tmp_path)["launches"]
    assert [(e["kernel"], e["captured"]) for e in launches] == [("saxpy", True)] * 2
    for entry in launches:
        written = json.loads((tmp_path / "out" / entry["session"]).read_text())
        assert "-cl-std=CL2.0" in written["build_options"]
        runs_and_passes(tmp_path, cache, entry["session"])


def test_a_python_program_sees_the_platforms_it_sees_without_capture(
    tmp_path: Path, cache: Path
) -> None:
    (tmp_path / "prog.py").write_text(LISTS_PLATFORMS)
    plain = run([sys.executable, "prog.py"], tmp_path, environment(cache))
    captured = capture(tmp_path, cache, [sys.executable, "prog.py"])
    assert captured.returncode == plain.returncode == 0, captured.stderr
    assert captured.stdout == plain.stdout


ONE_PYTHON_LAUNCH = """
import numpy as np
import pyopencl as cl

platform = next(p for p in cl.get_platforms() if "Portable" in p.name)
ctx = cl.Context(platform.get_devices()[:1])
queue = cl.CommandQueue(ctx)
x = np.arange(8, dtype=np.int32)
buffer = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=x)
cl.Program(ctx, "__kernel void neg(__global int *x) { x[get_global_id(0)] *= -1; }").build().neg(
    queue, (8,), None, buffer
)
cl.enqueue_copy(queue, x, buffer)
print(x.tolist())
"""


def test_without_a_compiler_c_programs_run_uncaptured_and_python_ones_are_captured(
    vadd: Path,
) -> None:
    if importlib.util.find_spec("ziglang") is not None:
        pytest.skip("ziglang would build the layer")
    env = environment(vadd / "empty-cache", PATH=no_compiler_path(vadd), CC="")
    clstudio = [sys.executable, "-m", "clstudio", "capture", "-o"]
    done = run([*clstudio, "out", "--", "./vadd"], vadd, env)
    assert done.returncode == 0, done.stderr  # PoCL offered all the same
    assert done.stdout.startswith("c[1] = ")
    assert "C and C++ programs are not captured: no C compiler found" in done.stderr
    assert "Traceback" not in done.stderr
    index = index_of(vadd)
    assert (index["state"], index["launches"]) == ("finished", [])
    (vadd / "prog.py").write_text(ONE_PYTHON_LAUNCH)
    done = run([*clstudio, "py", "--", sys.executable, "prog.py"], vadd, env)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[0, -1, -2, -3, -4, -5, -6, -7]\n"
    captured = json.loads((vadd / "py" / "capture.json").read_text())
    assert [e["captured"] for e in captured["launches"]] == [True]


def test_without_cc_the_layer_is_built_with_ziglang_from_pip(vadd: Path) -> None:
    spec = importlib.util.find_spec("ziglang")
    if spec is None or spec.origin is None:
        pytest.skip("needs the c-capture extra (ziglang)")
    env = environment(vadd / "zig-cache", PATH=no_compiler_path(vadd), CC="")
    env["PYTHONPATH"] += os.pathsep + str(Path(spec.origin).parents[1])
    clstudio = [sys.executable, "-m", "clstudio", "capture", "-o", "out", "--", "./vadd"]
    done = run(clstudio, vadd, env)
    assert done.returncode == 0, done.stderr
    assert [e["captured"] for e in index_of(vadd)["launches"]] == [True, True, True]


def test_the_layer_indexes_the_loaders_table_as_the_system_header_lays_it_out(
    tmp_path: Path,
) -> None:
    if not Path("/usr/include/CL/cl_icd.h").is_file():
        pytest.skip("needs CL/cl_icd.h")
    command = ["cc", "-std=c11", "-fsyntax-only", "-DCLSTUDIO_CHECK_LAYOUT"]
    command += ["-DCL_TARGET_OPENCL_VERSION=300", str(LAYER_SOURCE)]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
