"""Captures made elsewhere, written as their tools write them, for the tests of
`clstudio import` and File > Open: an opencl-intercept-layer CaptureReplay folder and a
script of pyopencl's own capture_call."""

from __future__ import annotations

from pathlib import Path

import numpy as np

BLEND = """typedef float real;
__kernel void blend(__global const real *x, __global real *y, __local real *tile,
                    const real a, const int n)
{
    int i = get_global_id(0);
    int l = get_local_id(0);
    tile[l] = x[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n) y[i] = a * tile[l] * FACTOR + y[i];
}
"""
N = 64
X = np.arange(N, dtype=np.float32)
Y = np.full(N, 3, dtype=np.float32)
A = 0.5
Y_AFTER = (np.float32(A) * X * 2 + Y).astype(np.float32)


def intercept_dump(root: Path, enqueue: int = 3) -> Path:
    """A dump folder as the layer's CaptureReplay writes it for one clEnqueueNDRangeKernel
    of `blend` (startCaptureReplay, dumpCaptureReplayKernel{Source,Info,Arguments} and
    dumpBuffersForKernel("Pre"/"Post") in intercept/src/intercept.cpp)."""
    folder = root / "Replay" / f"Enqueue_{enqueue}_blend"
    (folder / "Pre").mkdir(parents=True)
    (folder / "Post").mkdir()
    (folder / "run.py").write_text("raise SystemExit('the replay script must not be run')\n")
    (folder / "enqueueNumber.txt").write_text(f"{enqueue}\n")
    # CL_PROGRAM_SOURCE is written with its size, terminating NUL included.
    (folder / "kernel.cl").write_bytes(BLEND.encode() + b"\0")
    (folder / "DeviceBinary0.bin").write_bytes(b"\x7fELF not used: the source is there")
    (folder / "worksizes.txt").write_text(f"{N} \n16 \n0 \n")
    (folder / "buildOptions.txt").write_text("-DFACTOR=2\n")
    (folder / "kernelName.txt").write_text("blend")
    (folder / "ArgumentDataTypes.txt").write_text("real*\nreal*\nreal*\nreal\nint\n")
    pointers = {0: 0x7F00_1000, 1: 0x7F00_2000}
    for index, pointer in pointers.items():
        (folder / f"Argument{index}.bin").write_bytes(pointer.to_bytes(8, "little"))
        (folder / f"SVM_Arg_Offset_{index}.txt").write_text("0\n")
    (folder / "Argument3.bin").write_bytes(np.float32(A).tobytes())
    (folder / "Argument4.bin").write_bytes(np.int32(N).tobytes())
    (folder / "Local2.txt").write_text(str(16 * 4))
    for when, y in (("Pre", Y), ("Post", Y_AFTER)):
        for arg, number, data in ((0, 1, X), (1, 2, y)):
            name = f"Enqueue_{enqueue:04d}_Kernel_blend_Arg_{arg}_Buffer_{number:04d}.bin"
            (folder / when / name).write_bytes(data.tobytes())
    return folder


# capture_call cannot write a local-memory argument (it takes a memoryview of each
# argument that is no buffer or number), so its kernel reads x directly.
CAPTURED = (
    BLEND.replace("__local real *tile,", "")
    .replace("    tile[l] = x[i];\n", "")
    .replace("tile[l]", "x[i]")
    .replace("FACTOR", "2")
)


def capture_call_script(path: Path) -> Path:
    """A script written by pyopencl's own capture_call, of a launch on PoCL."""
    import pyopencl as cl

    platform = next(p for p in cl.get_platforms() if "Portable" in p.name)
    context = cl.Context(platform.get_devices()[:1])
    queue = cl.CommandQueue(context)
    kernel = cl.Program(context, CAPTURED).build().blend
    flags = cl.mem_flags
    x = cl.Buffer(context, flags.READ_ONLY | flags.COPY_HOST_PTR, hostbuf=X)
    y = cl.Buffer(context, flags.READ_WRITE | flags.COPY_HOST_PTR, hostbuf=Y)
    kernel.capture_call(str(path), queue, (N,), (16,), x, y, np.float32(A), np.int32(N))
    return path
