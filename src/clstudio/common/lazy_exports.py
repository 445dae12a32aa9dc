"""A package's names imported from its modules when first asked for, not when it is imported.

The window process imports a few small modules of the debugger and of check mode at
start-up (the results its signals carry), and importing any module of a package runs the
package's `__init__` first: with plain re-exports that loaded the whole debugger (its
driver, reports, scripted runs), all of check mode and every report before the first
paint, and the debug process paid the same before it opened the simulator. A package that
uses this keeps its public names exactly as before: it lists its re-exports under
`if TYPE_CHECKING:` (what mypy and readers see, the one list of them) and calls
`lazy_exports(__name__, __file__)`, which reads that list and imports a name's module on
the first `from package import name` (PEP 562's module `__getattr__`, on the package's class).
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path
from types import ModuleType


def exported_homes(init_file: str) -> dict[str, str]:
    """name -> the module it comes from, read from the `if TYPE_CHECKING:` imports."""
    tree = ast.parse(Path(init_file).read_text(encoding="utf-8"))
    homes: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom) and statement.module:
                    for alias in statement.names:
                        homes[alias.asname or alias.name] = statement.module
    return homes


class LazyPackage(ModuleType):
    """A package whose exported names are imported on first use."""

    _lazy_homes: dict[str, str]

    def __getattr__(self, name: str) -> object:
        home = self._lazy_homes.get(name)
        if home is None:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        ModuleType.__setattr__(self, name, value)  # later reads skip this
        return value

    def __setattr__(self, name: str, value: object) -> None:
        # Importing a module sets it on its package under its own name: the module
        # kernel_shares would hide the function kernel_shares that the package exports
        # (the plain re-exports replaced it, once, as the package's last word).
        if isinstance(value, ModuleType) and self._lazy_homes.get(name) == value.__name__:
            return
        ModuleType.__setattr__(self, name, value)


def lazy_exports(package: str, init_file: str) -> None:
    """Make `package`, whose `__init__` is running, import its exported names on first use."""
    module = sys.modules[package]
    ModuleType.__setattr__(module, "_lazy_homes", exported_homes(init_file))
    module.__class__ = LazyPackage
