"""Messages from another machine: read without running anything, bounded, and named when bad."""

import io
import os
import pickle
import struct

import numpy as np
import pytest

from clstudio.common import RunResult
from clstudio.remote.frames import (
    FrameError,
    decode,
    encode,
    hello_line,
    read_frame,
    read_hello,
)
from clstudio.worker.protocol import Reply
from clstudio.worker.shared_arrays import SharedArray


class _Hostile:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch /tmp/clstudio-hostile-frame",))


def test_a_result_with_arrays_crosses_intact() -> None:
    outputs = {"c": np.arange(12, dtype=np.float32).reshape(3, 4)}
    message = Reply(3, RunResult(ok=True, kernel="k", outputs=outputs))
    read = read_frame(io.BytesIO(encode(message)))
    assert isinstance(read, Reply) and isinstance(read.payload, RunResult)
    np.testing.assert_array_equal(read.payload.outputs["c"], outputs["c"])


def test_a_frame_that_names_os_system_is_refused_unrun() -> None:
    with pytest.raises(FrameError, match="system, which CL Studio does not accept"):
        read_frame(io.BytesIO(encode(_Hostile())))
    assert not os.path.exists("/tmp/clstudio-hostile-frame")


def test_a_frame_naming_memory_on_this_machine_is_refused() -> None:
    with pytest.raises(FrameError, match="does not accept"):
        decode(pickle.dumps(SharedArray("clstudio-x", (4,), np.dtype("f4"))))


def test_a_frame_over_the_limit_is_refused_before_it_is_read() -> None:
    with pytest.raises(FrameError, match="larger than the limit"):
        read_frame(io.BytesIO(struct.pack(">Q", 1 << 40)), limit=1 << 20)


def test_a_connection_that_ends_mid_frame_or_garbage_is_named() -> None:
    frame = encode(Reply(1, None))
    with pytest.raises(FrameError, match="ended in the middle"):
        read_frame(io.BytesIO(frame[:-3]))
    with pytest.raises(EOFError):
        read_frame(io.BytesIO(b""))
    with pytest.raises(FrameError, match="could not be read"):
        read_frame(io.BytesIO(struct.pack(">Q", 5) + b"\xff\x00abc"))


def test_a_greeting_that_is_not_cl_studio_is_named() -> None:
    assert read_hello(io.BytesIO(hello_line("1.2", "abc"))) == (1, "1.2", "abc")
    with pytest.raises(FrameError, match="Welcome"):
        read_hello(io.BytesIO(b"Welcome to the GPU server!\n"))
