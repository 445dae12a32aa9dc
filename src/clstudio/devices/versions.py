"""The OpenCL version a platform or device reports, and the one a build asks for, as numbers."""

from __future__ import annotations

import re

__all__ = ["opencl_version", "version_text", "wanted_language"]

_VERSION = re.compile(r"OpenCL (?:C )?(\d+)\.(\d+)")
_CL_STD = re.compile(r"^-cl-std=CL(\d+)\.(\d+)$", re.IGNORECASE)
OLDEST_ASSUMED = (1, 2)  # what every driver CL Studio meets offers, when the text is odd


def opencl_version(text: str) -> tuple[int, int]:
    """`OpenCL 3.0 PoCL ...` or `OpenCL C 1.2 ...` -> (3, 0) or (1, 2)."""
    match = _VERSION.match(text.strip())
    return (int(match[1]), int(match[2])) if match else OLDEST_ASSUMED


def version_text(version: tuple[int, int]) -> str:
    """(1, 2) -> `1.2`, as OpenCL writes a version."""
    return f"{version[0]}.{version[1]}"


def wanted_language(tokens: list[str]) -> tuple[int, int] | None:
    """The OpenCL C version named by the last `-cl-std=` option, if any."""
    found = None
    for token in tokens:
        match = _CL_STD.match(token)
        if match:
            found = (int(match[1]), int(match[2]))
    return found
