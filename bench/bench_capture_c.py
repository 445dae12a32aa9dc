"""What the capture layer costs a C program whose launches are not selected (issue 39: at most
1.2 times as long as without capture).

A C program makes many small launches (a 256-element kernel, one queue, the results read
once at the end) and times its own launch loop with clock_gettime. It runs with the
devices the capture offers (its OCL_ICD_VENDORS folder) and no layer; then with the layer
loaded as `clstudio capture --kernel none` loads it (every launch listed, none captured)
and no CL Studio process beside it: the layer's own cost; then under `clstudio capture
--kernel none` itself, which reads the journal and rewrites capture.json while the program
runs (its worker boots only at the first captured launch). Runs alternate, and their
medians are compared.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ["POCL_CACHE_DIR"] = tempfile.mkdtemp(prefix="clstudio-bench-pocl-")

from clstudio.capture.native_layer import layer_environment, layer_library, write_settings
from clstudio.hostcode.bundled_pocl import bundled_pocl_library
from results_table import Metric, report

LAUNCHES = 20000
REPEATS = 9
SOURCE = r"""
#include <stdio.h>
#include <string.h>
#include <time.h>
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

static const char *source =
    "__kernel void bump(__global float *x, const float by) { x[get_global_id(0)] += by; }";

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
    if (err != CL_SUCCESS) return 1;
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
    clBuildProgram(program, 1, &device, "", NULL, NULL);
    cl_kernel bump = clCreateKernel(program, "bump", &err);
    float x[256] = {0};
    cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                   sizeof(x), x, &err);
    size_t global = 256;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; i < LAUNCHES; i++) {
        float by = 1.0f;
        clSetKernelArg(bump, 0, sizeof(cl_mem), &buffer);
        clSetKernelArg(bump, 1, sizeof(float), &by);
        clEnqueueNDRangeKernel(queue, bump, 1, NULL, &global, NULL, 0, NULL, NULL);
    }
    clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof(x), x, 0, NULL, NULL);
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%.6f %g\n", (end.tv_sec - start.tv_sec) + 1e-9 * (end.tv_nsec - start.tv_nsec), x[0]);
    return 0;
}
"""


def loop_seconds(command: list[str], folder: Path, env: dict[str, str]) -> float:
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    seconds, total = done.stdout.split()
    assert float(total) == LAUNCHES
    return float(seconds)


def main() -> int:
    library = bundled_pocl_library()
    if shutil.which("cc") is None or library is None:
        print("needs cc and PoCL from pyopencl's wheel", file=sys.stderr)
        return 1
    folder = Path(tempfile.mkdtemp(prefix="clstudio-bench-capture-"))
    (folder / "many.c").write_text(SOURCE)
    built = subprocess.run(
        ["cc", f"-DLAUNCHES={LAUNCHES}", "many.c", "-o", "many", "-lOpenCL"], cwd=folder
    )
    if built.returncode != 0:
        return 1
    # The baseline sees the devices the capture offers (PoCL, and Intel's runtime when
    # installed, whose threads start with it): only the layer differs.
    journal = folder / "journal"
    layer_env = dict(os.environ, **layer_environment(journal, layer_library(), os.environ))
    plain_env = dict(os.environ, OCL_ICD_VENDORS=layer_env["OCL_ICD_VENDORS"])
    capture_env = {k: v for k, v in os.environ.items() if k != "OCL_ICD_VENDORS"}
    plain, layered, captured = [], [], []
    for repeat in range(REPEATS):
        plain.append(loop_seconds(["./many"], folder, plain_env))
        write_settings(journal, ("none",), (), 16, 256 << 20)
        layered.append(loop_seconds(["./many"], folder, layer_env))
        for name in ("claimed", "launches.jsonl"):  # as a new capture's journal
            (journal / name).unlink()
        clstudio = [sys.executable, "-m", "clstudio", "capture", "-o", f"out{repeat}"]
        command = [*clstudio, "--kernel", "none", "--", "./many"]
        captured.append(loop_seconds(command, folder, capture_env))
    shutil.rmtree(folder)
    note = f"{LAUNCHES} launches of 256 work-items on PoCL, none selected; median of {REPEATS}"
    baseline = statistics.median(plain)
    metrics = [
        Metric(
            "C launch loop with the layer alone",
            statistics.median(layered),
            "s",
            baseline=baseline,
            target=1.2,
            note=note,
        ),
        Metric(
            "C launch loop under clstudio capture",
            statistics.median(captured),
            "s",
            baseline=baseline,
            target=1.2,
            note="the same, with capture.json kept up to date beside the program",
        ),
    ]
    report("capture_c", metrics)
    return 0


if __name__ == "__main__":
    sys.exit(main())
