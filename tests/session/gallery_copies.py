"""The gallery's sessions as tests open them: as shipped, or copied with other sizes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from clstudio.session import Session, load_session

KERNELS = Path(__file__).resolve().parents[2] / "kernels"


def resized(folder: Path, name: str, sizes: dict[str, int]) -> Session:
    """The gallery's session `name` with other sizes, copied into `folder` with its source,
    so that a measurement runs the whole range at a size a test can afford."""
    data = json.loads((KERNELS / f"{name}.json").read_text())
    data["sizes"] = sizes
    shutil.copy(KERNELS / data["source_file"], folder / data["source_file"])
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data))
    return load_session(path)
