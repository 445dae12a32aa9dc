"""Distinct values per row of several key columns, packed into one key or not."""

from __future__ import annotations

import numpy as np

from clstudio.traffic.log_analysis import distinct_per_key


def counted_by_hand(keys: list[np.ndarray], values: np.ndarray) -> list[tuple[int, int]]:
    """Each distinct row's first column and its number of distinct values, in row order."""
    found: dict[tuple[int, ...], set[int]] = {}
    for *row, value in zip(*keys, values, strict=True):
        found.setdefault(tuple(int(v) for v in row), set()).add(int(value))
    return [(row[0], len(found[row])) for row in sorted(found)]


def counted(keys: list[np.ndarray], values: np.ndarray) -> list[tuple[int, int]]:
    first, distinct = distinct_per_key(keys, values)
    return list(zip(first.tolist(), distinct.tolist(), strict=True))


def test_columns_that_fit_one_key_count_each_rows_distinct_values() -> None:
    rng = np.random.default_rng(7)
    keys = [rng.integers(0, bound, 5000, dtype=np.int64) for bound in (3, 3072, 1, 16)]
    values = rng.integers(0, 50_000, 5000, dtype=np.int64)
    values[::3] = values[1::3][: len(values[::3])]  # repeated values within rows too
    assert counted(keys, values) == counted_by_hand(keys, values)


def test_columns_too_wide_for_one_key_are_counted_all_the_same() -> None:
    rng = np.random.default_rng(8)
    wide = 1 << 40  # five such columns need 200 bits
    keys = [rng.integers(0, bound, 2000, dtype=np.int64) for bound in (4, 4, 2, 5)]
    keys[3] *= wide // 7  # a wide column, with ties for the rows to share
    values = rng.integers(0, 3, 2000, dtype=np.int64) * wide
    assert counted(keys, values) == counted_by_hand(keys, values)
