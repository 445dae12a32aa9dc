"""The layers of the code, checked by machine so that nobody has to remember them.

The core never imports Qt or the UI; its packages import only the packages below them
in LAYERS; pyopencl is imported only where the layout says; and nothing outside a
package imports a private name of it. napari keeps the same contracts with import-linter.
"""

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import clstudio

PACKAGE = Path(clstudio.__file__).parent
QT_ROOTS = ("PySide6", "shiboken6", "pyqtgraph")
# Top to bottom: a package may import those below it, never those above.
LAYERS = (
    "cli",  # the clstudio.cli package and clstudio.__main__
    "exercises",
    "worker",
    "reporting",
    # Above the engine: a program passes by-value arguments as the engine encodes them
    # (engine.scalar_bytes); only the command line and the UI use it.
    "hostcode",
    "engine",
    "check",  # check mode: Oclgrind's switches and its reports grouped into problems
    "checks",
    "session",
    "devices",
    "expressions",
    "common",
)
PYOPENCL_LAYERS = ("devices", "engine")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts).removesuffix(".__init__")


def layer_of(module: str) -> str | None:
    """The layer of a clstudio module; None for the package root and for the UI."""
    parts = module.split(".")
    if len(parts) < 2 or parts[1] == "ui":
        return None
    return "cli" if parts[1] in ("cli", "__main__") else parts[1]


def core_sources() -> list[Path]:
    return [p for p in PACKAGE.rglob("*.py") if "ui" not in p.relative_to(PACKAGE).parts]


def imports(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """Every import of a file, lazy ones inside functions included: (module, names)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, tuple(alias.name for alias in node.names)))
    return found


def test_every_core_module_belongs_to_a_layer() -> None:
    strays = [
        module_name(path)
        for path in core_sources()
        if module_name(path) != "clstudio" and layer_of(module_name(path)) not in LAYERS
    ]
    assert strays == []


def test_core_packages_import_only_the_layers_below_them() -> None:
    upward = []
    for path in core_sources():
        me = layer_of(module_name(path))
        for module, _ in imports(path):
            other = layer_of(module) if module.startswith("clstudio.") else None
            if me in LAYERS and other in LAYERS and LAYERS.index(other) < LAYERS.index(me):
                upward.append(f"{module_name(path)} imports {module}")
    assert upward == []


def test_pyopencl_is_imported_only_by_devices_and_the_engine() -> None:
    offenders = [
        module_name(path)
        for path in core_sources()
        for module, _ in imports(path)
        if module.split(".")[0] == "pyopencl" and layer_of(module_name(path)) not in PYOPENCL_LAYERS
    ]
    ui_offenders = [
        module_name(path)
        for path in (PACKAGE / "ui").rglob("*.py")
        for module, _ in imports(path)
        if module.split(".")[0] == "pyopencl"
    ]
    assert offenders == [] and ui_offenders == []


def test_no_module_imports_another_packages_private_names() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        mine = module_name(path).split(".")[:2]
        for module, names in imports(path):
            theirs = module.split(".")[:2]
            if module.startswith("clstudio.") and theirs != mine:
                offenders += [f"{module_name(path)}: {module}.{n}" for n in names if n[0] == "_"]
    assert offenders == []


def test_every_package_says_what_it_holds_and_lists_its_public_names() -> None:
    for init in PACKAGE.glob("*/__init__.py"):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), f"{init} has no docstring"
        if init.parent.name not in ("ui", "worker"):
            assert any(
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
                for node in tree.body
            ), f"{init} lists no __all__"


def core_modules() -> list[str]:
    names = [
        info.name
        for info in pkgutil.walk_packages([str(PACKAGE)], prefix="clstudio.")
        if not info.name.startswith("clstudio.ui")
    ]
    assert "clstudio.engine.run" in names and "clstudio.worker.client" in names
    return names


def test_importing_every_core_module_loads_no_qt() -> None:
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


def test_no_core_source_names_qt_or_the_ui() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)}: {module}"
        for path in core_sources()
        for module, _ in imports(path)
        if module.split(".")[0] in QT_ROOTS or module.startswith("clstudio.ui")
    ]
    # The `gui` command opens the app, importing it only when it runs.
    assert offenders == ["cli/gui_command.py: clstudio.ui.app"]
