"""What build options may hold, checked before the driver sees them.

Drivers take absurd options at face value: PoCL's clBuildProgram took 30 s for
1 MB of options, and a NUL byte cuts the string the driver reads, so that the
build seems to succeed and the kernel's argument info is missing.
"""

from __future__ import annotations

from clstudio.common.translation import gettext

MAX_BUILD_OPTIONS_CHARS = 16 * 1024
_WHITESPACE = "\t\n\r"


def build_options_problem(options: str) -> str | None:
    """Why `options` must not reach the driver; None when they may."""
    if len(options) > MAX_BUILD_OPTIONS_CHARS:
        return gettext(
            "{count} characters is more than build options may hold "
            "({most}); put long definitions in the source as #define"
        ).format(count=len(options), most=MAX_BUILD_OPTIONS_CHARS)
    for index, char in enumerate(options):
        if (char < " " and char not in _WHITESPACE) or "\x7f" <= char <= "\x9f":
            if char == "\0":
                problem = gettext(
                    "a NUL byte ({char}) at position {index}; build options are plain text"
                )
            else:
                problem = gettext(
                    "a control character ({char}) at position {index}; build options are plain text"
                )
            return problem.format(char=repr(char), index=index)
    return None
