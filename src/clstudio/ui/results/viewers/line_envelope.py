"""A long line's peak envelope: the highest and lowest value of each run of elements.

Drawn instead of the data while the whole buffer is in view, it looks the same as
pyqtgraph's own peak downsampling (which keeps one max/min pair per group of
elements), but it is computed once, off the GUI thread, rather than on every
paint. Qt-free, so it is tested without widgets.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

ENVELOPE_PAIRS = 8192  # max/min pairs over the whole buffer: several per pixel at full width


@dataclass(frozen=True)
class PeakEnvelope:
    """Max then min of each bin, interleaved, each pair placed at its bin's middle element."""

    xs: np.ndarray
    ys: np.ndarray
    bin_size: int  # elements per pair; the last bin may hold fewer

    def bounds(self) -> tuple[float, float] | None:
        """The data's lowest and highest value, or None if any value is not finite.

        Every element is in a bin, so the envelope's extremes are the data's.
        """
        if self.ys.size == 0:
            return None
        low, high = float(self.ys.min()), float(self.ys.max())  # NaN propagates
        return (low, high) if np.isfinite(low) and np.isfinite(high) else None


def peak_envelope(values: np.ndarray, pairs: int = ENVELOPE_PAIRS) -> PeakEnvelope:
    """The envelope of a 1-D array in at most `pairs` bins of equal size (the last shorter).

    A bin holding a NaN has NaN extremes, as in pyqtgraph's peak downsampling, so
    the drawn line breaks there just as it would over the full data.
    """
    count = len(values)
    size = max(-(-count // pairs), 1)
    whole = count // size
    body = values[: whole * size].reshape(whole, size)
    highs, lows = [body.max(axis=1)], [body.min(axis=1)]
    middles = [np.arange(whole, dtype=np.float64) * size + (size - 1) // 2]
    tail = values[whole * size :]
    if len(tail):
        highs.append(tail.max(keepdims=True))
        lows.append(tail.min(keepdims=True))
        middles.append(np.array([whole * size + (len(tail) - 1) // 2], dtype=np.float64))
    high, low = np.concatenate(highs), np.concatenate(lows)
    ys = np.empty(2 * len(high), dtype=values.dtype)
    ys[0::2], ys[1::2] = high, low
    return PeakEnvelope(np.repeat(np.concatenate(middles), 2), ys, size)
