"""Help > About: which CL Studio this is, and the versions of what it runs on."""

from __future__ import annotations

import platform

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QCoreApplication, qVersion

from clstudio import __version__


def _version(distribution: str) -> str:
    # Read from the installed metadata: no widget imports pyopencl. Imported here: it
    # brings the email package, which the window's start does not need.
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return QCoreApplication.translate("About", "not installed")


def about_html() -> str:
    rows = (
        ("Qt", qVersion()),
        ("PySide6", pyside_version),
        ("pyopencl", _version("pyopencl")),
        ("PoCL (pocl-binary-distribution)", _version("pocl-binary-distribution")),
        ("numpy", _version("numpy")),
        ("pyqtgraph", _version("pyqtgraph")),
        ("Python", platform.python_version()),
    )
    table = "".join(f"<tr><td>{name}</td><td>&nbsp;{value}</td></tr>" for name, value in rows)
    summary = QCoreApplication.translate(
        "About",
        "A desktop OpenCL explorer and kernel playground for learners of heterogeneous computing.",
    )
    return f"<h3>CL Studio {__version__}</h3><p>{summary}</p><table>{table}</table>"
