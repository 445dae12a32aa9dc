"""The peak envelope a long line is drawn from while most of it is in view: no widgets."""

import numpy as np

from clstudio.ui.results.viewers.line_envelope import peak_envelope


def test_each_bin_keeps_its_highest_then_lowest_value() -> None:
    values = np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3], dtype=np.float32)
    envelope = peak_envelope(values, pairs=4)
    assert envelope.bin_size == 3  # ten values in four bins: 3, 3, 3 and a last one of 1
    np.testing.assert_array_equal(envelope.ys, [4, 1, 9, 1, 6, 2, 3, 3])
    np.testing.assert_array_equal(envelope.xs, [1, 1, 4, 4, 7, 7, 9, 9])
    assert envelope.ys.dtype == np.float32
    assert envelope.bounds() == (1.0, 9.0)


def test_bins_divide_a_long_line_into_at_most_the_pairs_asked_for() -> None:
    values = np.random.default_rng(1).standard_normal(1_000_003).astype(np.float32)
    envelope = peak_envelope(values, pairs=1000)
    assert envelope.bin_size == 1001
    assert len(envelope.ys) == 2 * 1000
    size = envelope.bin_size
    np.testing.assert_array_equal(
        envelope.ys[0::2][:-1], values[: 999 * size].reshape(999, -1).max(1)
    )
    np.testing.assert_array_equal(
        envelope.ys[1::2][:-1], values[: 999 * size].reshape(999, -1).min(1)
    )
    assert envelope.ys[-2] == values[999 * size :].max()
    assert envelope.bounds() == (float(values.min()), float(values.max()))
    assert np.all(np.diff(envelope.xs) >= 0)  # clip-to-view needs x in order


def test_a_line_shorter_than_the_pairs_is_every_value_twice() -> None:
    values = np.array([2, 7, 1], dtype=np.int32)
    envelope = peak_envelope(values)
    assert envelope.bin_size == 1
    np.testing.assert_array_equal(envelope.ys, [2, 2, 7, 7, 1, 1])
    np.testing.assert_array_equal(envelope.xs, [0, 0, 1, 1, 2, 2])


def test_a_nan_breaks_its_bin_and_leaves_the_bounds_to_a_finite_pass() -> None:
    values = np.arange(12, dtype=np.float64)
    values[5] = np.nan
    envelope = peak_envelope(values, pairs=3)
    assert np.isnan(envelope.ys[2:4]).all()  # the bin holding it, as pyqtgraph would draw it
    np.testing.assert_array_equal(envelope.ys[[0, 1, 4, 5]], [3, 0, 11, 8])
    assert envelope.bounds() is None
    values[5] = np.inf
    assert peak_envelope(values, pairs=3).bounds() is None
