"""Write a buffer to disk as .npy (exact, for numpy) or .csv (for a spreadsheet).

A CSV row holds one element: its index along every axis, then its value, or one
value per lane for a vector type. Values are written with enough digits to read
back exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

CHUNK_ROWS = 1 << 16  # rows formatted at a time: 16 M rows never sit in memory as text
_LANE_NAMES = "xyzw"


def lane_names(lanes: int) -> tuple[str, ...]:
    """OpenCL's component names: x y z w up to four lanes, s0 … sf beyond."""
    if lanes <= 4:
        return tuple(_LANE_NAMES[:lanes])
    return tuple(f"s{i:x}" for i in range(lanes))


def csv_header(shape: tuple[int, ...], lanes: int = 1, names: Sequence[str] = ()) -> list[str]:
    """Index columns (`index` for 1-D, else `i0`, `i1`, …) then `value` or the lane names.

    `names` overrides the lane names (R G B A for an image's channels, say).
    """
    axes = len(shape) - (1 if lanes > 1 else 0)
    index = ["index"] if axes == 1 else [f"i{axis}" for axis in range(axes)]
    if lanes == 1:
        return [*index, "value"]
    return index + list(names or lane_names(lanes))


def _value_format(dtype: np.dtype) -> str:
    if dtype.kind == "f":
        digits = {2: 5, 4: 9}.get(dtype.itemsize, 17)  # shortest digits that round-trip
        return f"%.{digits}g"
    return "%d"


def save_npy(array: np.ndarray, path: str | Path) -> None:
    """numpy's own format: dtype and shape kept exactly."""
    with open(path, "wb") as stream:
        np.save(stream, array, allow_pickle=False)


def save_csv(
    array: np.ndarray, path: str | Path, lanes: int = 1, names: Sequence[str] = ()
) -> None:
    """One row per element; `lanes` > 1 reads the last axis as a vector type's lanes."""
    if lanes > 1 and (array.ndim < 2 or array.shape[-1] != lanes):
        raise ValueError(f"an array of shape {array.shape} has no last axis of {lanes} lanes")
    if names and len(names) != lanes:
        raise ValueError(f"{len(names)} lane names for {lanes} lanes")
    shape = array.shape[:-1] if lanes > 1 else array.shape
    values = array.reshape(-1, lanes) if lanes > 1 else array.reshape(-1, 1)
    if values.dtype == np.bool_:
        values = values.astype(np.uint8)
    formats = ["%d"] * len(shape) + [_value_format(values.dtype)] * values.shape[1]
    row = ",".join(formats) + "\n"
    count = values.shape[0]
    with open(path, "w", encoding="utf-8", newline="\n") as stream:
        stream.write(",".join(csv_header(array.shape, lanes, names)) + "\n")
        for first in range(0, count, CHUNK_ROWS):
            last = min(first + CHUNK_ROWS, count)
            index = np.unravel_index(np.arange(first, last), shape)
            # Python numbers: exact for uint64 and float64, and %-formatting them is
            # five times faster than np.savetxt.
            columns = [positions.tolist() for positions in index]
            columns += [values[first:last, lane].tolist() for lane in range(values.shape[1])]
            stream.write("".join(map(row.__mod__, zip(*columns, strict=True))))
