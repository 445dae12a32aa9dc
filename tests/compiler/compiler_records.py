"""Real PoCL output recorded in data/ (see data/record.py), laid out as PoCL's cache lays it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from clstudio.compiler import ProgramBuild

DATA = Path(__file__).parent / "data"
SAXPY_SOURCE = (Path(__file__).parents[2] / "kernels" / "saxpy.cl").read_text(encoding="utf-8")
ROW_SUM_SOURCE = (DATA / "row_sum.cl").read_text(encoding="utf-8")


def printed(name: str) -> tuple[str, str]:
    """What the build printed, and the path of PoCL's copy of the source it names."""
    record = json.loads((DATA / f"{name}.remarks.json").read_text(encoding="utf-8"))
    return record["printed"], record["source_path"]


def pocl_cache(tmp: Path, name: str, kernel: str, local: str = "64-1-1-goffs0-smallgrid") -> Path:
    """A cache folder holding the recorded files of `name` where PoCL would put them.

    It ends in the recorded cache's own path, so the printed remarks name its source.
    """
    _, source_path = printed(name)
    recorded = Path(source_path)
    cache = tmp / recorded.parent.relative_to(recorded.anchor)
    folder = cache / "AB" / "HASH" / kernel / local
    folder.mkdir(parents=True)
    shutil.copy(DATA / f"{name}.parallel.bc", folder / "parallel.bc")
    shutil.copy(DATA / f"{name}.so", folder / f"{kernel}.so")
    (cache / recorded.name).write_text("", encoding="utf-8")
    return cache


def pocl_build(kernel: str, source: str, options: str = "") -> ProgramBuild:
    return ProgramBuild(
        kernel=kernel,
        symbol=kernel,
        device="pthread-CPU",
        platform="Portable Computing Language",
        options=options,
        added_options="-g",
        local_size=(64,),
        dimensions=1,
        source=source,
        build_log="",
        private_mem_bytes=1024,
        local_mem_bytes=0,
        pocl=True,
    )
