"""Messages over a byte stream (an ssh connection): a hello line, then length-prefixed frames.

The answers come from another machine, so reading one must never run code: frames are
pickles read by `SafeUnpickler`, which rebuilds only CL Studio's own plain-data classes,
numpy's arrays and a few builtins (no function, no other class), and a frame longer
than MAX_FRAME_BYTES is refused before it is read.
"""

from __future__ import annotations

import dataclasses
import enum
import io
import pickle
import struct
import sys
from typing import IO

from clstudio.common import gettext

PROTOCOL = 1  # the frames' format; a change that an older worker cannot read raises it
HELLO = b"CLSTUDIO-WORKER/"
HELLO_LIMIT = 256
MAX_FRAME_BYTES = 2**31  # the largest message: a buffer of 2 GiB, with its neighbours
_HEADER = struct.Struct(">Q")
_NUMPY = frozenset(
    {
        ("numpy", "dtype"),
        ("numpy", "ndarray"),
        ("numpy._core.numeric", "_frombuffer"),
        ("numpy.core.numeric", "_frombuffer"),
        ("numpy._core.multiarray", "_reconstruct"),
        ("numpy.core.multiarray", "_reconstruct"),
        ("numpy._core.multiarray", "scalar"),
        ("numpy.core.multiarray", "scalar"),
    }
)
_OTHERS = frozenset(
    {
        ("builtins", "complex"),
        ("builtins", "frozenset"),
        ("builtins", "set"),
        ("builtins", "slice"),
        ("builtins", "bytearray"),
        ("pathlib", "PosixPath"),
        ("pathlib", "PurePosixPath"),
    }
)
# Names of memory on this machine: an answer from elsewhere must never name one.
_NEVER = ("clstudio.worker.shared_arrays",)


class FrameError(Exception):
    """What came over the connection is not a message of this CL Studio; says what it was."""


class SafeUnpickler(pickle.Unpickler):
    """Rebuilds only allowed classes: CL Studio's dataclasses and enums, numpy's arrays."""

    def find_class(self, module: str, name: str) -> object:
        if (module, name) in _NUMPY or (module, name) in _OTHERS:
            return super().find_class(module, name)
        found = _own_class(module, name)
        if found is None:
            raise FrameError(
                gettext("the message names {what}, which CL Studio does not accept").format(
                    what=f"{module}.{name}"
                )
            )
        return found


def _own_class(module: str, name: str) -> type | None:
    """A dataclass or enum of a CL Studio module already loaded (nothing is imported)."""
    if not module.startswith("clstudio.") or module.startswith(_NEVER) or "." in name:
        return None
    loaded = sys.modules.get(module)
    found = getattr(loaded, name, None) if loaded is not None else None
    if not isinstance(found, type):
        return None
    if dataclasses.is_dataclass(found) or issubclass(found, enum.Enum):
        return found
    return None


def encode(message: object) -> bytes:
    """One frame: the length, then the pickle."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(data)) + data


def write_frame(stream: IO[bytes], message: object) -> None:
    stream.write(encode(message))
    stream.flush()


def read_frame(stream: IO[bytes], limit: int = MAX_FRAME_BYTES) -> object:
    """The next message; EOFError at a clean end between frames, FrameError otherwise."""
    header = _read_exactly(stream, _HEADER.size, at_start=True)
    (size,) = _HEADER.unpack(header)
    if size > limit:
        raise FrameError(
            gettext("a message of {size} bytes is larger than the limit of {limit}").format(
                size=size, limit=limit
            )
        )
    data = _read_exactly(stream, size, at_start=False)
    return decode(data)


def decode(data: bytes) -> object:
    try:
        return SafeUnpickler(io.BytesIO(data)).load()
    except FrameError:
        raise
    except Exception as exc:  # any malformed pickle: the bytes are not a message
        raise FrameError(
            gettext("a message could not be read ({reason})").format(reason=exc)
        ) from exc


def hello_line(version: str, digest: str) -> bytes:
    """The first line a remote worker writes: who it is, before any frame."""
    return HELLO + f"{PROTOCOL} {version} {digest}\n".encode()


def read_hello(stream: IO[bytes]) -> tuple[int, str, str]:
    """The remote worker's protocol, version and files' digest, from its hello line.

    EOFError when nothing came; FrameError naming what came instead of a hello.
    """
    line = stream.readline(HELLO_LIMIT)
    if not line:
        raise EOFError
    fields = line[len(HELLO) :].decode("ascii", errors="replace").split()
    if not line.startswith(HELLO) or not line.endswith(b"\n") or len(fields) != 3:
        raise FrameError(
            gettext("it answered {text!r} instead of greeting as CL Studio's worker").format(
                text=line[:80].decode("utf-8", errors="replace")
            )
        )
    protocol, version, digest = fields
    if not protocol.isdigit():
        raise FrameError(gettext("its greeting {text!r} names no protocol").format(text=line[:80]))
    return int(protocol), version, digest


def _read_exactly(stream: IO[bytes], size: int, at_start: bool) -> bytes:
    chunks = []
    left = size
    while left:
        chunk = stream.read(min(left, 1 << 24))
        if not chunk:
            if at_start and left == size:
                raise EOFError
            raise FrameError(gettext("the connection ended in the middle of a message"))
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
