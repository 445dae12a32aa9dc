"""The core never imports Qt, and never imports the UI: nobody has to remember the rule."""

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import clstudio

PACKAGE = Path(clstudio.__file__).parent
QT_ROOTS = ("PySide6", "shiboken6", "pyqtgraph")


def core_modules() -> list[str]:
    names = [
        info.name
        for info in pkgutil.walk_packages([str(PACKAGE)], prefix="clstudio.")
        if not info.name.startswith("clstudio.ui")
    ]
    assert "clstudio.engine.run" in names and "clstudio.worker.client" in names
    return names


def test_importing_every_core_module_loads_no_qt():
    modules = core_modules()
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    if name != 'clstudio.__main__':\n"
        "        importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {QT_ROOTS!r}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_no_core_source_names_qt_or_the_ui():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if "ui" in path.relative_to(PACKAGE).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                if name.split(".")[0] in QT_ROOTS or name.startswith("clstudio.ui"):
                    offenders.append(f"{path.relative_to(PACKAGE)}: {name}")
    # cli.py opens the app for the `gui` command only, importing it inside that branch.
    assert offenders == ["cli.py: clstudio.ui.app"]
