"""Kernels whose argument types a typedef names, as benchmark suites and the course write them.

ATAX is PolyBench/GPU's first atax kernel (`typedef float DATA_TYPE;`), its sizes given the
course's InfiniCore type for them (`typedef unsigned int Tidx;`): tmp = A x.
"""

from __future__ import annotations

from pathlib import Path

from clstudio.session import Session, load_session
from session.session_data import file_session

ATAX = """\
/* PolyBench/GPU atax.cl, first kernel: tmp = A x. */
#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

typedef float DATA_TYPE;
typedef unsigned int Tidx;

__kernel void atax_kernel1(__global DATA_TYPE *A, __global DATA_TYPE *x,
                           __global DATA_TYPE *tmp, Tidx nx, Tidx ny)
{
    int i = get_global_id(0);
    if (i < nx) {
        int j;
        for (j = 0; j < ny; j++) {
            tmp[i] += A[i * ny + j] * x[j];
        }
    }
}
"""
_ATAX_KEYS = {
    "sizes": {"NX": 64, "NY": 48},
    "global_size": ["NX"],
    "args": {
        "A": {
            "kind": "buffer",
            "dtype": "float32",
            "shape": ["NX", "NY"],
            "init": {"random": {"low": 0, "high": 1}},
            "access": "in",
        },
        "x": {
            "kind": "buffer",
            "dtype": "float32",
            "shape": ["NY"],
            "init": {"random": {"low": 0, "high": 1}},
            "access": "in",
        },
        "tmp": {
            "kind": "buffer",
            "dtype": "float32",
            "shape": ["NX"],
            "init": "zeros",
            "access": "inout",
        },
        "nx": {"kind": "scalar", "value": "NX"},
        "ny": {"kind": "scalar", "value": "NY"},
    },
    "references": {"tmp": {"expr": "A @ x", "rtol": 1e-5, "atol": 1e-5}},
}


def write_atax(folder: Path) -> Path:
    """atax.json and atax.cl in `folder`; the session file's path."""
    return file_session(folder, "atax", "atax_kernel1", ATAX, **_ATAX_KEYS)


def atax_session(folder: Path) -> Session:
    """The ATAX session, as the window and the command line read it."""
    return load_session(write_atax(folder))
