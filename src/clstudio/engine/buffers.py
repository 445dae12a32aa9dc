"""Device buffers for a run: allocation (with guard bands), uploads and read-backs."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pyopencl as cl

from clstudio.common import GuardReport
from clstudio.devices import SIMULATOR_PLATFORM
from clstudio.engine import guards
from clstudio.session import BufferArg, filled_with_zeros

_FLAGS = {
    "in": cl.mem_flags.READ_ONLY,
    "out": cl.mem_flags.WRITE_ONLY,
    "inout": cl.mem_flags.READ_WRITE,
}
_ZERO = np.zeros(1, np.uint8)  # clEnqueueFillBuffer's pattern: every size is a multiple of it

# Makes the host array a read-back lands in, from its shape and element type.
HostArrays = Callable[[tuple[int, ...], np.dtype], np.ndarray]
_read_back_into: ContextVar[HostArrays] = ContextVar("read_back_into", default=np.empty)


@contextlib.contextmanager
def reading_back_into(make: HostArrays) -> Iterator[None]:
    """Read-backs land in arrays made by `make` meanwhile.

    The worker's are on shared memory, so that an output crosses to the app without
    a copy (clstudio.worker.shared_arrays).
    """
    token = _read_back_into.set(make)
    try:
        yield
    finally:
        _read_back_into.reset(token)


def read_back_array(like: np.ndarray) -> np.ndarray:
    """An empty host array of `like`'s shape and type, for a read-back to fill."""
    return _read_back_into.get()(like.shape, like.dtype)


@dataclass
class DeviceBuffer:
    """One buffer argument on the device, with the host array it starts from."""

    name: str
    spec: BufferArg
    access: str  # "in", "out" or "inout"
    host: np.ndarray
    buffer: cl.Buffer  # what the kernel sees
    allocation: cl.Buffer  # the buffer inside its guard bands (the same one without guards)
    layout: guards.GuardLayout | None
    fills: bool = True  # zeros may be filled on the device (not on Oclgrind: fills_on_device)
    read_api: ClassVar[str] = "clEnqueueReadBuffer"  # for the steps panel

    @property
    def written(self) -> bool:
        return self.access != "in"

    @property
    def filled(self) -> bool:
        """Filled with zeros on the device before each launch, not copied from the host."""
        return self.fills and filled_with_zeros(self.spec, self.access)

    @property
    def write_api(self) -> str:
        return "clEnqueueFillBuffer" if self.filled else "clEnqueueWriteBuffer"

    @property
    def upload_phase(self) -> str:
        """The Timing phase of `upload`: "fill" on the device or "upload" from the host."""
        return "fill" if self.filled else "upload"

    def upload(self, queue: cl.CommandQueue) -> cl.Event:
        if self.filled:
            return cl.enqueue_fill_buffer(queue, self.buffer, _ZERO, 0, self.spec.nbytes)
        return cl.enqueue_copy(queue, self.buffer, self.host, is_blocking=False)

    def download(self, queue: cl.CommandQueue) -> tuple[np.ndarray, cl.Event]:
        out = read_back_array(self.host)
        return out, cl.enqueue_copy(queue, out, self.buffer, is_blocking=False)

    def read_guards(self, queue: cl.CommandQueue) -> GuardReads | None:
        """Start reading the guard bands back; the caller waits for all reads at once.

        Both bands come back in one command: a rectangle of two rows a band wide, the
        second row starting where the tail does (the head, when there is one, is as wide
        as the tail). One command less per buffer is one less for the driver to run.
        """
        if self.layout is None:
            return None
        layout = self.layout
        tail_offset = layout.before + layout.size
        if not layout.before:
            bands = np.empty(layout.after, np.uint8)
            event = cl.enqueue_copy(
                queue, bands, self.allocation, src_offset=tail_offset, is_blocking=False
            )
        else:
            assert layout.before == layout.after  # both GUARD_BYTES (guards.layout_for)
            bands = np.empty(layout.before + layout.after, np.uint8)
            # pyopencl reads `buffer_origin`; its type stubs call it `origin`.
            event = cl.enqueue_copy(  # type: ignore[call-overload]
                queue,
                bands,
                self.allocation,
                buffer_origin=(0, 0),
                host_origin=(0, 0),
                region=(layout.after, 2),
                buffer_pitches=(tail_offset,),
                host_pitches=(layout.after,),
                is_blocking=False,
            )
        head, tail = bands[: layout.before], bands[layout.before :]
        return GuardReads(self.name, layout, head, tail, self.spec.dtype.itemsize, event)


@dataclass(frozen=True)
class GuardReads:
    """A buffer's guard bands on their way back, compared with the pattern once read.

    Every band and output of a run is read before one wait: a wait costs a wake-up of
    the driver's thread, which is most of a tiny run's read-back.
    """

    name: str
    layout: guards.GuardLayout
    head: np.ndarray
    tail: np.ndarray
    itemsize: int
    event: cl.Event

    def report(self) -> GuardReport:
        return guards.check(self.name, self.layout, self.head, self.tail, self.itemsize)


def allocate(
    context: cl.Context,
    queue: cl.CommandQueue,
    name: str,
    spec: BufferArg,
    access: str,
    host: np.ndarray,
    base_align_bytes: int,
    with_guards: bool,
) -> DeviceBuffer:
    """A device buffer for `host`, inside guard bands filled with the pattern when asked."""
    fills = fills_on_device(queue)
    if not with_guards:
        buffer = cl.Buffer(context, _FLAGS[access], spec.nbytes)
        return DeviceBuffer(name, spec, access, host, buffer, buffer, None, fills)
    layout = guards.layout_for(spec.nbytes, base_align_bytes)
    allocation = cl.Buffer(context, cl.mem_flags.READ_WRITE, layout.total)
    # Only the bands need the pattern: the buffer itself is uploaded before each launch.
    tail_offset = layout.before + layout.size
    bands = [(guards.pattern_bytes(layout.after, tail_offset), tail_offset)]
    if layout.before:
        bands.append((guards.pattern_bytes(layout.before), 0))
    events = [
        cl.enqueue_copy(queue, allocation, band, dst_offset=offset, is_blocking=False)
        for band, offset in bands
    ]
    cl.wait_for_events(events)
    buffer = allocation.get_sub_region(layout.before, spec.nbytes, _FLAGS[access])
    return DeviceBuffer(name, spec, access, host, buffer, allocation, layout, fills)


def fills_on_device(queue: cl.CommandQueue) -> bool:
    """Whether zeros are filled on the device. Oclgrind leaves what clEnqueueFillBuffer
    wrote marked uninitialised, so check mode would report every read of a zeroed
    output: on the simulator the zeros are copied from the host."""
    return SIMULATOR_PLATFORM not in queue.device.platform.name
