"""The OpenCL version a platform or device reports, as numbers."""

from __future__ import annotations

import re

__all__ = ["opencl_version"]

_VERSION = re.compile(r"OpenCL (?:C )?(\d+)\.(\d+)")
OLDEST_ASSUMED = (1, 2)  # what every driver CL Studio meets offers, when the text is odd


def opencl_version(text: str) -> tuple[int, int]:
    """`OpenCL 3.0 PoCL ...` or `OpenCL C 1.2 ...` -> (3, 0) or (1, 2)."""
    match = _VERSION.match(text.strip())
    return (int(match[1]), int(match[2])) if match else OLDEST_ASSUMED
