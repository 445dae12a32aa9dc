"""Guards against PySide6 6.12.0's `none_dealloc` abort (excluded in pyproject.toml).

That release dropped a reference to None on every call of a Qt method returning
nothing; after a few thousand calls None's count reached zero and Python aborted.
A subprocess, because the failure kills the interpreter.
"""

from __future__ import annotations

import os
import subprocess
import sys

CALLS = 20_000

SCRIPT = f"""
import sys
from PySide6.QtWidgets import QApplication, QLabel

app = QApplication([])
label = QLabel()
before = sys.getrefcount(None)
for i in range({CALLS}):
    label.setText("x")  # a void Qt method
after = sys.getrefcount(None)
print(before, after)
"""


def test_void_qt_calls_keep_none_alive() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert result.returncode == 0, f"the interpreter died: {result.stderr[-2000:]}"
    before, after = (int(n) for n in result.stdout.split())
    # The bug lost one reference per call (20,000 here); allow the interpreter a little
    # slack of its own. None is immortal from Python 3.12, its count then constant.
    assert after >= before - 10, f"None lost {before - after} references in {CALLS} calls"
