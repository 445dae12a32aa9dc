"""Rodinia gaussian's C reference (ForwardSub, as Fan1 and Fan2 do it on the host),
ported to numpy, and the corpus session's inputs and golden outputs made from it."""

from __future__ import annotations

import numpy as np

SIZE = 8


def matrix() -> np.ndarray:
    """A diagonally dominant system, so that no pivot is small."""
    rng = np.random.default_rng(8)
    a = rng.uniform(-1, 1, size=(SIZE, SIZE)).astype(np.float32)
    return (a + np.float32(SIZE) * np.eye(SIZE, dtype=np.float32)).astype(np.float32)


def vector() -> np.ndarray:
    return np.random.default_rng(9).uniform(-1, 1, size=SIZE).astype(np.float32)


def forward_sub(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """m, a and b after elimination: a upper triangular below the pivots' rows."""
    a, b = a.copy(), b.copy()
    m = np.zeros_like(a)
    n = a.shape[0]
    for t in range(n - 1):
        for i in range(t + 1, n):
            m[i, t] = a[i, t] / a[t, t]
        for i in range(t + 1, n):
            for j in range(t, n):
                a[i, j] -= m[i, t] * a[t, j]
            b[i] -= m[i, t] * b[t]
    return m, a, b


FILES = {
    "gaussian_a.npy": matrix,
    "gaussian_b.npy": vector,
    "gaussian_m_after.npy": lambda: forward_sub(matrix(), vector())[0],
    "gaussian_a_after.npy": lambda: forward_sub(matrix(), vector())[1],
    "gaussian_b_after.npy": lambda: forward_sub(matrix(), vector())[2],
}
