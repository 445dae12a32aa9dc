"""Child processes start from compiled bytecode, as an installed app's do.

These sessions run with PYTHONDONTWRITEBYTECODE=1, so every worker or app started by
a bench compiled each of CL Studio's modules again: seconds on two loaded cores, a
cost no installed app pays. A private cache folder, filled by the first child, fixes it.
"""

from __future__ import annotations

import os
import tempfile


def children_use_bytecode() -> None:
    """Processes started from now on write and read bytecode in a private cache."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="clstudio-bench-pycache-")
