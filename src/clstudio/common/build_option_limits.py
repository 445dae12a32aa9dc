"""What build options may hold, checked before the driver sees them.

Drivers take absurd options at face value: PoCL's clBuildProgram took 30 s for
1 MB of options, and a NUL byte cuts the string the driver reads, so that the
build seems to succeed and the kernel's argument info is missing.
"""

from __future__ import annotations

MAX_BUILD_OPTIONS_CHARS = 16 * 1024
_WHITESPACE = "\t\n\r"


def build_options_problem(options: str) -> str | None:
    """Why `options` must not reach the driver; None when they may."""
    if len(options) > MAX_BUILD_OPTIONS_CHARS:
        return (
            f"{len(options)} characters is more than build options may hold "
            f"({MAX_BUILD_OPTIONS_CHARS}); put long definitions in the source as #define"
        )
    for index, char in enumerate(options):
        if (char < " " and char not in _WHITESPACE) or "\x7f" <= char <= "\x9f":
            name = "a NUL byte" if char == "\0" else "a control character"
            return f"{name} ({char!r}) at position {index}; build options are plain text"
    return None
