"""The kernel gallery: the teaching examples in kernels/, in the order a learner meets them.

Each example is a session file (`<name>.json`) with its kernel source beside it. Listing
the gallery reads only what a menu shows (title and description); opening an example
is `clstudio.session.format.load_session(example.path)`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from clstudio.common import gettext, read_text_file

KERNELS_ENV = "CLSTUDIO_KERNELS"

# One idea per example, each building on the ones before. Files not listed here come
# after these, sorted by name.
TEACHING_ORDER = (
    "vector_add",
    "saxpy",
    "matrix_add",
    "vector_add_float4",
    "row_sum",
    "particles",
    "transpose_naive",
    "transpose_tiled",
    "matmul_naive",
    "matmul_tiled",
    "reduction",
    "reduction_work_group",
    "scan",
    "histogram_global",
    "histogram_local",
    "convolution_1d",
    "box_blur",
    "mandelbrot",
    "image_blur",
    "vadd_chain",
    "reduction_two_pass",
    "scan_multi_block",
    "game_of_life",
)


class GalleryError(ValueError):
    """A gallery file that cannot be listed; the message names the file."""


@dataclass(frozen=True)
class Example:
    """One gallery entry: what the menu shows, and the session file to open."""

    name: str
    title: str
    description: str
    path: Path


def kernels_dir() -> Path:
    """The gallery folder: $CLSTUDIO_KERNELS, else the repository's kernels/ folder."""
    override = os.environ.get(KERNELS_ENV)
    if override:
        return Path(override)
    # src/clstudio/session/gallery.py -> the checkout that an editable install points at.
    return Path(__file__).resolve().parents[3] / "kernels"


def examples(folder: Path | None = None) -> tuple[Example, ...]:
    """Every session file directly in `folder` (subfolders such as pending/ are not looked at)."""
    folder = kernels_dir() if folder is None else folder
    paths = {path.stem: path for path in folder.glob("*.json") if path.is_file()}
    known = [name for name in TEACHING_ORDER if name in paths]
    extra = sorted(name for name in paths if name not in TEACHING_ORDER)
    return tuple(_example(paths[name]) for name in known + extra)


def _example(path: Path) -> Example:
    try:
        data = json.loads(read_text_file(path))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        problem = gettext("{file}: cannot read the session: {reason}")
        raise GalleryError(problem.format(file=path, reason=exc)) from None
    if not isinstance(data, dict):
        raise GalleryError(gettext("{file}: expected a session object").format(file=path))
    description = data.get("description", "")
    source = data.get("source")
    source_file = data.get("source_file")
    if isinstance(source_file, str):
        try:
            source = read_text_file(path.parent / source_file)
        except (OSError, UnicodeDecodeError) as exc:
            problem = gettext("{file}: cannot read {source}: {reason}")
            raise GalleryError(problem.format(file=path, source=source_file, reason=exc)) from None
    title = first_comment_line(source) if isinstance(source, str) else ""
    return Example(
        name=path.stem,
        title=title or path.stem.replace("_", " ").capitalize(),
        description=description if isinstance(description, str) else "",
        path=path,
    )


def first_comment_line(source: str) -> str:
    """The first line of text of the comment that opens `source`: '' when there is none."""
    in_block = False
    for raw in source.splitlines():
        line = raw.strip()
        if not in_block:
            if not line:
                continue
            if line.startswith("//"):
                return line.lstrip("/").strip()
            if not line.startswith("/*"):
                return ""
            in_block = True
            line = line[2:]
        text = line.split("*/")[0].strip().lstrip("*").strip()
        if text or "*/" in line:
            return text
    return ""
