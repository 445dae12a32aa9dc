"""The compiler view's recorded PoCL builds (tests/compiler/compiler_records.py) for the widgets."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "compiler"))
