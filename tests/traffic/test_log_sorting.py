"""The log's records sorted by several columns at once, packed into one key or not."""

from __future__ import annotations

import numpy as np

from clstudio.traffic.log_analysis import sorted_together


def rows(columns: list[np.ndarray]) -> list[tuple[int, ...]]:
    return [tuple(int(v) for v in row) for row in zip(*columns, strict=True)]


def test_columns_that_fit_one_key_come_out_in_the_order_of_all_their_columns() -> None:
    rng = np.random.default_rng(7)
    columns = [rng.integers(0, bound, 5000, dtype=np.int64) for bound in (3, 3072, 1, 16, 50_000)]
    expected = sorted(rows(columns))
    assert rows(sorted_together(columns)) == expected


def test_columns_too_wide_for_one_key_are_sorted_all_the_same() -> None:
    rng = np.random.default_rng(8)
    wide = 1 << 40  # five such columns need 200 bits
    columns = [rng.integers(0, wide, 2000, dtype=np.int64) for _ in range(5)]
    columns[0] %= 4  # ties in the first columns, so that the later ones decide
    columns[1] %= 4
    assert rows(sorted_together(columns)) == sorted(rows(columns))
