"""A build log that names the session's source, not the driver's temporary copy of it.

PoCL compiles a copy of the program text written into its cache folder, and its messages
name that copy (`/tmp/.../pocl-cache/tempfile_Ab12Cd.cl:3:5: error`, or a cached
`program.cl`): a name the user never saw, gone after the build. Where a log is shown, the
name becomes the session's own (`saxpy.cl:3:5`), or the source part's in a program of parts.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from clstudio.session.source_parts import SourceMap

# The driver's copy: PoCL's tempfile_XXXXXX.cl in any folder, or a program.cl under a folder
# whose name says pocl (its cache); then ":line".
_DRIVER_COPY = re.compile(
    r"(?<![^\s'\"(])"
    r"(?:(?:[^\s:'\"]*/)?tempfile_[A-Za-z0-9]+|[^\s:'\"]*pocl[^\s:'\"]*/program)\.cl"
    r":(?P<line>\d+)"
)


def named_build_log(
    log: str,
    source_name: str,
    source_map: SourceMap | None = None,
    place: Callable[[int], str] | None = None,
) -> str:
    """`log` with each place in the driver's copy named `source_name:line` (`part:line` in
    a program of source parts, or what `place` makes of the line: a host file's line for a
    kernel in a string); everything else as the compiler wrote it."""
    places = source_map if source_map is not None else SourceMap(())
    named = place or (lambda line: places.place(line, source_name))
    return _DRIVER_COPY.sub(lambda found: named(int(found["line"])), log)
