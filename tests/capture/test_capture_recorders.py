"""Which recorder records a Python program: the C layer, with the hook's help, wherever
it was built; the hook alone where the program's loader loads no layer."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from capture.learner_programs import (
    PREAMBLE,
    clstudio,
    environment,
    index_of,
    no_compiler_path,
)
from clstudio.capture.capture_run import HOOK_FOLDER, SETTINGS_VARIABLE
from clstudio.capture.journal import JournalReader
from clstudio.capture.native_layer import LayerUnavailable, layer_library

pytestmark = pytest.mark.opencl

PROGRAM = (
    PREAMBLE
    + '''import pyopencl.array as cla
import pyopencl.characterize

# pyopencl keeps no binaries for PoCL, which caches builds itself; for this device it does
# as for Intel's runtime (whose answer is this None), so a second run builds from binaries.
pyopencl.characterize.has_src_build_cache = lambda device: None
program = cl.Program(ctx, """
__kernel void twice(__global int *x) { x[get_global_id(0)] *= 2; }
""").build()
x = cla.to_device(queue, np.arange(16, dtype=np.int32))
program.twice(queue, (16,), None, x.data)
y = (x + 1).get()
print(y.tolist())
'''
)
TWICE_LINE = PROGRAM.splitlines().index("program.twice(queue, (16,), None, x.data)") + 1
PLUS_LINE = TWICE_LINE + 1


def test_a_program_built_from_pyopencls_cache_is_captured_with_its_source(
    tmp_path: Path,
) -> None:
    """The plain run fills pyopencl's binary cache, so that under capture its programs
    are made from binaries, whose source only the hook sees."""
    (tmp_path / "prog.py").write_text(PROGRAM, encoding="utf-8")
    plain = subprocess.run(
        [sys.executable, "prog.py"], cwd=tmp_path, env=environment(), capture_output=True, text=True
    )
    done = clstudio(["capture", "-o", "out", "--", sys.executable, "prog.py"], tmp_path)
    assert done.returncode == plain.returncode == 0, done.stderr
    assert done.stdout == plain.stdout
    launches = index_of(tmp_path)["launches"]
    assert [(e["kernel"], e["call_site"]) for e in launches] == [
        ("twice", f"prog.py:{TWICE_LINE}"),
        ("axpb", f"prog.py:{PLUS_LINE}"),
    ]
    assert all(e["captured"] for e in launches), launches
    for entry in launches:
        ran = clstudio(["run", f"out/{entry['session']}"], tmp_path)
        assert ran.returncode == 0 and ": pass" in ran.stdout, ran.stdout + ran.stderr


def test_where_the_loader_loads_no_layer_the_hook_records_the_program(tmp_path: Path) -> None:
    """The layer given to the hook but not named in OPENCL_LAYERS, as under a loader too
    old for layers: the layer records nothing, so the hook claims the journal itself."""
    try:
        layer = layer_library()
    except LayerUnavailable as exc:
        pytest.skip(str(exc))
    journal = tmp_path / "journal"
    journal.mkdir()
    (tmp_path / "prog.py").write_text(PROGRAM, encoding="utf-8")
    settings = {"journal": str(journal), "layer": str(layer)}
    env = dict(environment(), **{SETTINGS_VARIABLE: json.dumps(settings)})
    env["PYTHONPATH"] = os.pathsep.join((str(HOOK_FOLDER), env["PYTHONPATH"]))
    env.pop("OPENCL_LAYERS", None)
    done = subprocess.run(
        [sys.executable, "prog.py"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert (journal / "claimed").is_file()
    launches = JournalReader(journal).new_launches()
    assert [(launch.kernel, launch.call_site, launch.captured) for launch in launches] == [
        ("twice", f"prog.py:{TWICE_LINE}", True),
        ("axpb", f"prog.py:{PLUS_LINE}", True),
    ]


LIBRARY_KERNELS = (
    PREAMBLE
    + '''import pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel

x = cla.to_device(queue, np.arange(64, dtype=np.float32))
y = cla.empty_like(x)
line = ElementwiseKernel(ctx, "float a, float *x, float *y", "y[i] = a * x[i] + 1", "line")
line(np.float32(2), x, y)
program = cl.Program(ctx, """
__kernel void tile_sum(__global const float *x, __local float *tile, __global float *out)
{
    int l = get_local_id(0);
    tile[l] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        float t = 0;
        for (int i = 0; i < (int)get_local_size(0); i++) t += tile[i];
        out[get_group_id(0)] = t;
    }
}
__kernel void twice(__global float *x) { x[get_global_id(0)] *= 2; }
""").build()
out = cl.Buffer(ctx, mf.READ_WRITE, 4 * 4)
program.tile_sum(queue, (64,), (16,), y.data, cl.LocalMemory(16 * 4), out)
program.twice(queue, (32,), None, y.data[0 : 32 * 4])  # a sub-buffer
print(y.get()[:4].tolist(), out.get_info(cl.mem_info.SIZE))
'''
)


def test_both_recorders_capture_library_kernels_local_memory_and_sub_buffers_alike(
    tmp_path: Path,
) -> None:
    """An elementwise kernel, LocalMemory and numpy scalars captured, a sub-buffer
    refused with its reason: the same listing with the layer and without. (pyopencl's
    reduction kernels need Mako, which is not installed here.)"""
    listings, kept = [], []
    for recorder in ("layer", "python"):
        folder = tmp_path / recorder
        folder.mkdir()
        (folder / "prog.py").write_text(LIBRARY_KERNELS, encoding="utf-8")
        env = environment()
        if recorder == "python":
            env.update(PATH=no_compiler_path(folder), CC="", XDG_CACHE_HOME=str(folder / "c"))
        done = clstudio(["capture", "-o", "out", "--", sys.executable, "prog.py"], folder, env)
        assert done.returncode == 0, done.stderr
        assert ("C and C++ programs are not captured" in done.stderr) == (recorder == "python")
        launches = index_of(folder)["launches"]
        facts = ("kernel", "call_site", "global_size", "local_size", "captured", "reason", "detail")
        listings.append([tuple(str(e[f]) for f in facts) for e in launches])
        sessions = []
        for entry in launches:
            if entry["captured"]:
                ran = clstudio(["run", f"out/{entry['session']}"], folder)
                assert ran.returncode == 0 and ": fail" not in ran.stdout, ran.stdout
                session = json.loads((folder / "out" / entry["session"]).read_text())
                sessions.append((session["args"], session["global_size"], session["local_size"]))
        kept.append(sessions)
    assert listings[0] == listings[1]
    assert kept[0] == kept[1]
    kernels = [(row[0], row[4], row[5]) for row in listings[0]]
    assert kernels == [
        ("line", "True", "None"),
        ("tile_sum", "True", "None"),
        ("twice", "False", "unsupported_argument"),
    ]
    assert listings[0][-1][-1] == "0: sub-buffer"
