"""The Memory tab's pictures as RGB arrays: counts per element, or a work-group's steps.

A 2-D buffer is drawn as its rows and columns, anything else as one strip.
"""

from __future__ import annotations

import colorsys

import numpy as np

from clstudio.traffic import BufferTraffic, GroupTrace

UNTOUCHED = (48, 48, 56)
WRITTEN_TWICE = (230, 40, 40)
EARLIER = (110, 110, 120)  # touched in an earlier step of the playback
_READ_DIM, _READ_BRIGHT = np.array((30, 70, 150)), np.array((120, 200, 255))
_WRITTEN_ONCE = np.array((60, 190, 90))


def picture_shape(shape: tuple[int, ...]) -> tuple[int, int]:
    """(rows, columns) on screen: a 2-D buffer as it is, the rest as one row."""
    if len(shape) == 2:
        return shape[0], shape[1]
    return 1, int(np.prod(shape))


def counts_image(buffer: BufferTraffic) -> np.ndarray:
    """Blue for read (brighter: more reads), green for written once, red for written twice
    or more, dark grey for never touched; (rows, columns, 3) uint8."""
    rows, columns = picture_shape(buffer.shape)
    reads = buffer.reads.reshape(rows, columns)
    writes = buffer.writes.reshape(rows, columns)
    image = np.empty((rows, columns, 3), np.uint8)
    image[...] = UNTOUCHED
    most = max(1, int(reads.max(initial=0)))
    share = (np.log1p(reads) / np.log1p(most))[..., None]
    read = reads > 0
    image[read] = (_READ_DIM + share[read] * (_READ_BRIGHT - _READ_DIM)).astype(np.uint8)
    once = writes == 1
    image[once] = np.where(read[once, None], (_WRITTEN_ONCE + _READ_BRIGHT) // 2, _WRITTEN_ONCE)
    image[writes > 1] = WRITTEN_TWICE
    return image


def local_id_colours(group_size: int) -> np.ndarray:
    """One colour per local id, round the hue circle: (group_size, 3) uint8."""
    hues = np.arange(group_size) / max(1, group_size)
    return np.array(
        [[round(255 * c) for c in colorsys.hsv_to_rgb(h, 0.75, 0.95)] for h in hues], np.uint8
    )


def playback_image(
    buffer: BufferTraffic, index: int, trace: GroupTrace, step: int, group_size: int
) -> np.ndarray:
    """Buffer `index` as work-group `trace` left it after phase `step`: what that phase
    touched in its work-item's colour, what earlier phases touched in grey."""
    rows, columns = picture_shape(buffer.shape)
    size = rows * columns
    image = np.empty((size, 3), np.uint8)
    image[...] = UNTOUCHED
    mine = (trace.buffer == index) & (trace.element < size)
    earlier = mine & (trace.phase < step)
    image[trace.element[earlier]] = EARLIER
    now = mine & (trace.phase == step)
    colours = local_id_colours(group_size)
    image[trace.element[now]] = colours[trace.local_id[now] % group_size]
    return image.reshape(rows, columns, 3)


def touched_box(
    buffer: BufferTraffic, index: int, trace: GroupTrace
) -> tuple[int, int, int, int] | None:
    """(first row, first column, rows, columns) around what the work-group touched."""
    rows, columns = picture_shape(buffer.shape)
    elements = trace.element[(trace.buffer == index) & (trace.element < rows * columns)]
    if not len(elements):
        return None
    y, x = elements // columns, elements % columns
    return int(y.min()), int(x.min()), int(y.max() - y.min() + 1), int(x.max() - x.min() + 1)
