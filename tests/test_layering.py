"""The layers of the code, checked by machine so that nobody has to remember them.

The core never imports Qt or the UI; its packages import only the packages below them
in LAYERS, and the window's only those below them in UI_LAYERS, however an import is
spelled; pyopencl is imported only where the layout says,
and never by the window process; nothing outside a package imports a private name of
it; and no two modules or packages have names a newcomer would mix up. napari keeps the
same contracts with import-linter.
"""

import ast
import pkgutil
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

import clstudio

PACKAGE = Path(clstudio.__file__).parent
QT_ROOTS = ("PySide6", "shiboken6", "pyqtgraph")
Imported = tuple[str, tuple[str, ...]]
# Top to bottom: a package may import those below it, never those above.
LAYERS = (
    "cli",  # the clstudio.cli package and clstudio.__main__
    "exercises",
    "remote",  # devices on other machines: the worker over ssh, and its set-up there
    "worker",
    # Oclgrind's interactive debugger over a pipe; its debug process runs the engine.
    "debugger",
    "reporting",
    "embedded",  # kernels in host programs' strings: found, opened, written back
    # A learner's program run with its launches captured; its hook/ runs in their Python.
    "capture",
    "hostcode",
    "engine",
    "measurements",  # loops over a Backend: runs on devices, local-size sweeps, peaks
    "backend",  # the Backend protocol, free of pyopencl so that the window can name it
    "checkmode",  # check mode: Oclgrind's switches and its reports grouped into problems
    "counts",  # measured counts: Oclgrind's executed operations and bytes, read
    "traffic",  # measured traffic: an instrumented build logs every buffer access
    "validation",  # what can be told before a run
    "references",  # the reference check, pure numpy
    "session",
    "devices",
    "expressions",
    # What the compiler made of a kernel: PoCL's remarks and files read without pyopencl.
    "compiler",
    "dataclass_code",  # the code of dataclasses' methods, kept between starts
    "common",
    "collector_pause",  # the start's pause of the cyclic collector: it imports nothing
    "cache_folder",  # CL Studio's own cache: it imports nothing
)
# The window's layers, top to bottom: a folder of ui/, or one of the window's modules at
# its root; the root's other modules (tasks, jobs, settings, small widgets) are the bottom.
UI_LAYERS = (
    "app",  # the application: it opens the window
    "main_window",  # the composition root
    "actions",  # the commands' records, naming what each acts on
    "shutdown",  # closing: the files, the lanes and the backends, in order
    "modes",  # check, debug, step mode and host code: each takes the Workbench
    "workbench",  # the build-and-run loop around one document
    "devices",
    "exercises",
    "capture",  # File > Capture a program… and File > Open capture…
    "files",
    "debugger",
    "hostcode",
    "compiler",
    "memory",
    "run",
    "results",  # the bottom dock, whose Runtime steps tab is steps/
    "steps",
    "args",
    "editor",
    "",  # the root's other modules
)
# Where pyopencl may be imported: the engine, and in devices/ only what asks a driver.
# The capture's hook imports it too, in the learner's program, never in CL Studio's.
PYOPENCL_HOMES = (
    "clstudio.engine",
    "clstudio.devices.discovery",
    "clstudio.devices.raw_info",
    "clstudio.capture.hook",
)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts).removesuffix(".__init__")


def layer_of(module: str) -> str | None:
    """The layer of a clstudio module; None for the package root and for the UI."""
    parts = module.split(".")
    if len(parts) < 2 or parts[1] == "ui":
        return None
    return "cli" if parts[1] in ("cli", "__main__") else parts[1]


def ui_layer_of(module: str) -> str | None:
    """The layer of a clstudio.ui module: its folder of ui/, its own name for a module
    at the root that UI_LAYERS names, else "" (the bottom); None outside the UI."""
    parts = module.split(".")
    if parts[:2] != ["clstudio", "ui"] or len(parts) < 3:
        return None
    if parts[2] in UI_LAYERS or (PACKAGE / "ui" / parts[2]).is_dir():
        return parts[2]
    return ""


def is_in(module: str, home: str) -> bool:
    return module == home or module.startswith(home + ".")


def core_sources() -> list[Path]:
    return [p for p in PACKAGE.rglob("*.py") if "ui" not in p.relative_to(PACKAGE).parts]


def imports_in(source: str, module: str, is_package: bool = False) -> list[Imported]:
    """Every import of a module's source, lazy ones inside functions included: (module, names).

    Relative imports are resolved against `module`, and `from clstudio import engine`
    also counts as importing clstudio.engine, so no spelling hides an import.
    """
    package = module if is_package else module.rpartition(".")[0]
    found: list[Imported] = []
    for node in ast.walk(ast.parse(source)):
        if _is_import_call(node):
            assert isinstance(node, ast.Call)
            name = node.args[0]
            if not isinstance(name, ast.Constant) or not isinstance(name.value, str):
                found.append(("<a module named at run time>", ()))
            else:
                found.append((name.value, ()))
        elif isinstance(node, ast.Import):
            found += [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level > 1:
                base = base[: len(base) - (node.level - 1)]
            if node.level:
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            names = tuple(alias.name for alias in node.names)
            found.append((target, names))
            found += [(f"{target}.{name}", ()) for name in names if name != "*"]
    return found


def _is_import_call(node: ast.AST) -> bool:
    """`importlib.import_module(name)`, `import_module(name)` or `__import__(name)`."""
    if not isinstance(node, ast.Call) or not node.args:
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in ("import_module", "__import__")


def imports(path: Path) -> list[Imported]:
    return imports_in(
        path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py"
    )


def upward_imports(
    module: str,
    found: list[Imported],
    layers: tuple[str, ...] = LAYERS,
    layer: Callable[[str], str | None] = layer_of,
) -> list[str]:
    """The imports of `module` that reach a layer above its own."""
    me = layer(module)
    upward = []
    for imported, _ in found:
        other = layer(imported) if imported.startswith("clstudio.") else None
        if me in layers and other in layers and layers.index(other) < layers.index(me):
            upward.append(f"{module} imports {imported}")
    return upward


def test_every_core_module_belongs_to_a_layer() -> None:
    strays = [
        module_name(path)
        for path in core_sources()
        if module_name(path) != "clstudio" and layer_of(module_name(path)) not in LAYERS
    ]
    assert strays == []


def test_core_packages_import_only_the_layers_below_them() -> None:
    upward = [
        line for path in core_sources() for line in upward_imports(module_name(path), imports(path))
    ]
    assert upward == []


def ui_sources() -> list[Path]:
    return sorted((PACKAGE / "ui").rglob("*.py"))


def test_every_ui_module_belongs_to_a_layer() -> None:
    modules = [module_name(path) for path in ui_sources()]
    strays = [m for m in modules if m != "clstudio.ui" and ui_layer_of(m) not in UI_LAYERS]
    assert strays == []


def test_the_windows_folders_import_only_the_layers_below_them() -> None:
    upward = [
        line
        for path in ui_sources()
        for line in upward_imports(module_name(path), imports(path), UI_LAYERS, ui_layer_of)
    ]
    assert upward == []


@pytest.mark.parametrize(
    ("module", "above", "layers", "layer"),
    [
        ("clstudio.common.units", "engine", LAYERS, layer_of),
        ("clstudio.ui.steps.steps_panel", "results", UI_LAYERS, ui_layer_of),
        ("clstudio.ui.run.run_bar", "workbench", UI_LAYERS, ui_layer_of),
    ],
)
def test_an_upward_import_is_caught_however_it_is_spelled(
    module: str, above: str, layers: tuple[str, ...], layer: Callable[[str], str | None]
) -> None:
    top = module.rsplit(".", 2)[0]  # what `..` is: clstudio, or clstudio.ui
    spellings = {
        f"from ..{above} import Engine": [f"{top}.{above}", f"{top}.{above}.Engine"],
        f"from .. import {above}": [top, f"{top}.{above}"],
        f"from {top} import {above}": [top, f"{top}.{above}"],
        f"def late():\n    from ..{above}.run import Engine": [f"{top}.{above}.run"],
        f"import {top}.{above}.run": [f"{top}.{above}.run"],
        f"importlib.import_module('{top}.{above}')": [f"{top}.{above}"],
        f"def late():\n    return import_module('{top}.{above}.run')": [f"{top}.{above}.run"],
        f"__import__('{top}.{above}')": [f"{top}.{above}"],
    }
    for source, reached in spellings.items():
        found = imports_in(source, module)
        assert [m for m, _ in found if m.startswith("clstudio")][: len(reached)] == reached
        assert upward_imports(module, found, layers, layer), source


def test_a_module_named_at_run_time_is_refused_in_the_core() -> None:
    """The layers cannot be checked through a name computed at run time."""
    found = imports_in("importlib.import_module(name)", "clstudio.common.units")
    assert found == [("<a module named at run time>", ())]
    computed = [
        module_name(path)
        for path in core_sources()
        for module, _ in imports(path)
        if module == "<a module named at run time>"
    ]
    # The one exception imports only what a package names under `if TYPE_CHECKING:`,
    # imports this test reads like any other (test_lazy_exports.py checks that it does).
    assert computed == ["clstudio.common.lazy_exports"]


def test_a_relative_import_in_a_package_resolves_from_the_package_itself() -> None:
    found = imports_in("from .units import format_seconds", "clstudio.common", is_package=True)
    assert found[0] == ("clstudio.common.units", ("format_seconds",))
    assert upward_imports("clstudio.common", found) == []
    sibling = imports_in("from .build import compile_source", "clstudio.engine.run")
    assert sibling[0][0] == "clstudio.engine.build"


def test_ruff_bans_relative_imports_so_the_layer_test_sees_full_names() -> None:
    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    lint = config["tool"]["ruff"]["lint"]
    assert "TID" in lint["select"]
    assert lint["flake8-tidy-imports"]["ban-relative-imports"] == "all"


def test_pyopencl_is_imported_only_by_the_engine_and_device_discovery() -> None:
    offenders = [
        module_name(path)
        for path in core_sources()
        for module, _ in imports(path)
        if module.split(".")[0] == "pyopencl"
        and not any(is_in(module_name(path), home) for home in PYOPENCL_HOMES)
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
    assert offenders == [
        "cli/gui_command.py: clstudio.ui.app",
        "cli/gui_command.py: clstudio.ui.app.run_app",
    ]


def loaded_in_a_fresh_process(modules: tuple[str, ...], roots: tuple[str, ...]) -> list[str]:
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({roots!r})))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    loaded: list[str] = ast.literal_eval(done.stdout.strip())
    return loaded


def test_the_window_process_never_imports_pyopencl() -> None:
    # The window learns its devices from the discovery worker; runs go to worker processes.
    window = ("clstudio.ui.app", "clstudio.ui.main_window")
    assert loaded_in_a_fresh_process(window, ("pyopencl",)) == []


def test_the_devices_data_types_load_without_pyopencl() -> None:
    assert loaded_in_a_fresh_process(("clstudio.devices",), ("pyopencl",)) == []
    assert loaded_in_a_fresh_process(("clstudio.devices.discovery",), ("pyopencl",)) == ["pyopencl"]


def test_no_two_modules_share_a_file_name() -> None:
    stems: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        if path.stem != "__init__":
            stems.setdefault(path.stem, []).append(str(path.relative_to(PACKAGE)))
    assert {stem: paths for stem, paths in stems.items() if len(paths) > 1} == {}


def one_letter_apart(a: str, b: str) -> bool:
    """Whether one letter added, dropped or changed turns a into b (`check`, `checks`)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def test_one_letter_apart_sees_an_added_a_dropped_and_a_changed_letter() -> None:
    assert one_letter_apart("check", "checks") and one_letter_apart("checks", "check")
    assert one_letter_apart("run", "ran") and one_letter_apart("steps", "step")
    assert not one_letter_apart("check", "check") and not one_letter_apart("run", "rune_")


def test_no_two_packages_have_names_one_letter_apart() -> None:
    names = sorted({init.parent.name for init in PACKAGE.rglob("__init__.py")})
    close = [(a, b) for a in names for b in names if a < b and one_letter_apart(a, b)]
    assert close == []
