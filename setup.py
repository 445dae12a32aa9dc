"""setup.py holds only the build's hook: a wheel or an sdist install speaks Chinese too.

Everything else is in pyproject.toml. setuptools runs this `build_py` for every wheel
(`pip install .`, `pip wheel`, `python -m build`, also from an sdist): after copying the
package it compiles translations/'s .ts and .po files into the built package's
`locale/`, with translations/catalogues.py, the same code `make` runs. Babel and
pyside6-lrelease (PySide6-Essentials) are in [build-system] requires for it.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithCatalogues(build_py):  # type: ignore[misc]  # setuptools is untyped
    """build_py, then the compiled catalogues into build/…/clstudio/locale."""

    def run(self) -> None:
        super().run()
        spec = importlib.util.spec_from_file_location(
            "catalogues", ROOT / "translations" / "catalogues.py"
        )
        assert spec is not None and spec.loader is not None
        catalogues = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = catalogues  # its dataclasses look their module up there
        spec.loader.exec_module(catalogues)
        into = Path(self.build_lib) / "clstudio" / "locale"
        for language in catalogues.LANGUAGES:
            catalogues.compile_all(language, into)


setup(cmdclass={"build_py": BuildWithCatalogues})
