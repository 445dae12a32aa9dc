"""Rodinia pathfinder's C reference (run_cpu's dynamic programme), ported to numpy, and
the corpus session's inputs and golden outputs made from it."""

from __future__ import annotations

import numpy as np

ROWS = 8
COLS = 40


def wall() -> np.ndarray:
    """Rodinia's init: each cell's cost a number from 0 to 9 (here from a fixed seed)."""
    return np.random.default_rng(38).integers(0, 10, size=(ROWS, COLS), dtype=np.int32)


def rows_of_costs(w: np.ndarray) -> list[np.ndarray]:
    """The least cost of reaching each column of each row from the first row."""
    src = w[0].copy()
    rows = [src]
    for t in range(1, w.shape[0]):
        dst = np.empty_like(src)
        for n in range(w.shape[1]):
            best = src[n]
            if n > 0:
                best = min(best, src[n - 1])
            if n < w.shape[1] - 1:
                best = min(best, src[n + 1])
            dst[n] = w[t, n] + best
        src = dst
        rows.append(src)
    return rows


FILES = {
    "pathfinder_wall.npy": wall,
    "pathfinder_first_row.npy": lambda: wall()[0].copy(),
    "pathfinder_last_row.npy": lambda: rows_of_costs(wall())[-1],
    "pathfinder_row_before.npy": lambda: rows_of_costs(wall())[-2],
}
