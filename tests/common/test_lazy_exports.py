"""Packages whose names are imported when first asked for keep every public name they had."""

import importlib
import subprocess
import sys

import pytest

from clstudio.common.lazy_exports import exported_homes

LAZY_PACKAGES = (
    "clstudio.debugger",
    "clstudio.checkmode",
    "clstudio.reporting",
    "clstudio.compiler",
    "clstudio.hostcode",
)


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_every_public_name_is_its_modules_own(package: str) -> None:
    module = importlib.import_module(package)
    assert module.__file__ is not None
    homes = exported_homes(module.__file__)
    assert sorted(homes) == sorted(module.__all__)
    for name, home in homes.items():
        assert getattr(module, name) is getattr(importlib.import_module(home), name), name


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_a_name_the_package_lacks_is_refused_by_name(package: str) -> None:
    module = importlib.import_module(package)
    with pytest.raises(AttributeError, match=f"module '{package}' has no attribute 'Nothing'"):
        _ = module.Nothing
    with pytest.raises(ImportError, match="Nothing"):
        exec(f"from {package} import Nothing", {})


def test_a_module_of_the_package_comes_without_the_rest() -> None:
    """What the window imports at start-up; the driver comes with its first use. A module
    named as the function it exports leaves the package's name to the function."""
    script = """
import sys
from clstudio.debugger.debug_results import DebugStop
before = "clstudio.debugger.driver" in sys.modules
from clstudio.debugger import DebugDriver
print(before, "clstudio.debugger.driver" in sys.modules, DebugDriver.__module__)
import clstudio.reporting.kernel_shares
from clstudio.reporting import kernel_shares
print(callable(kernel_shares))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "clstudio.debugger.driver", "True"]
