"""PolyBench's C reference of jacobi-2d-imper (kernel_jacobi_2d_imper), ported to numpy,
and the corpus session's input and golden output made from it."""

from __future__ import annotations

import numpy as np

N = 20
TSTEPS = 4


def initial_a() -> np.ndarray:
    """PolyBench's init_array: A[i][j] = (i * (j + 2) + 10) / N."""
    i, j = np.indices((N, N), dtype=np.float32)
    return ((i * (j + 2) + 10) / N).astype(np.float32)


def jacobi_2d(a: np.ndarray, tsteps: int) -> np.ndarray:
    """A after `tsteps` sweeps of B = the mean of five points, then A = B (the interior)."""
    a = a.copy()
    b = np.zeros_like(a)
    for _ in range(tsteps):
        for i in range(1, a.shape[0] - 1):
            for j in range(1, a.shape[1] - 1):
                b[i, j] = np.float32(0.2) * (
                    a[i, j] + a[i, j - 1] + a[i, 1 + j] + a[1 + i, j] + a[i - 1, j]
                )
        a[1:-1, 1:-1] = b[1:-1, 1:-1]
    return a


FILES = {
    "jacobi2d_A.npy": initial_a,
    "jacobi2d_A_after.npy": lambda: jacobi_2d(initial_a(), TSTEPS),
}
