"""Text for a terminal: control characters from sessions and kernels shown, never obeyed.

An unknown key's name in a session file, or a kernel's printf, may hold escape
codes that retitle or clear the terminal, or rewrite "FAILED" as "ok". Everything
the command line prints in text mode goes through `escape_controls`; JSON output
has no raw control characters to begin with.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from typing import TextIO

_KEPT = {"\n", "\t"}
# C0 controls, DEL and C1 controls, and the marks that reorder text drawn after them.
_CONTROLS = [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))] + [
    chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))
]
_ESCAPES = {
    ord(char): (f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}")
    for char in _CONTROLS
    if char not in _KEPT
}


def escape_controls(text: str) -> str:
    """`text` with every control character but newline and tab written out (`\\x1b`)."""
    return text.translate(_ESCAPES)


class ControlEscapingWriter(io.TextIOBase):
    """A text stream that writes to another with control characters escaped."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(escape_controls(text))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def fileno(self) -> int:
        return self._stream.fileno()

    def isatty(self) -> bool:
        return self._stream.isatty()

    @property
    def encoding(self) -> str:  # type: ignore[override]  # TextIOBase declares it read-only
        return self._stream.encoding


@contextlib.contextmanager
def escaped_output() -> Iterator[None]:
    """Within the block, sys.stdout and sys.stderr escape the control characters they get."""
    saved = sys.stdout, sys.stderr
    sys.stdout = ControlEscapingWriter(sys.stdout)
    sys.stderr = ControlEscapingWriter(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
