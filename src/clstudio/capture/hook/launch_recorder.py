"""Every kernel launch of the learner's pyopencl program, recorded into the capture's journal.

Loaded by the hook's sitecustomize once the program has imported pyopencl, in the learner's
own interpreter: it imports nothing of CL Studio and writes only raw facts (the program's
source and options, each launch's NDRange and argument values, the bytes of its buffers
before and after a selected launch). `clstudio capture` turns them into sessions.

When the capture's C layer was built, the layer records the program's OpenCL calls below
pyopencl, at a fraction of what Python costs a launch, and this module only hands it what
C cannot see: which files are the learner's (for call sites, which the layer reads from
the Python stack), the sources of programs pyopencl built from its binary cache, profiling
queues, and the interpreter's exit. The rest of this module, which patches pyopencl itself,
records the program where no compiler built the layer, or where its loader loads no layers.

Every launch style ends in the same few places, which are the ones patched: a kernel's
arguments are set through `Kernel.set_arg` or the invokers' `_set_arg*_multi` (what
`kernel(queue, ...)`, `set_args` and pyopencl.array's generated kernels call), and every
launch is `_cl.enqueue_nd_range_kernel` (the invokers look it up at each call).
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import ctypes
import json
import os
import struct
import sys
import sysconfig
import threading
import time
from collections.abc import Callable
from types import FrameType, ModuleType
from typing import Any

JOURNAL_LINES = "launches.jsonl"
CLAIM = "claimed"  # made by the first process that imports pyopencl: the one recorded
FLUSH_EVERY_S = 0.5  # launches not captured are written in batches, to cost little
WAIT_FOR_TIME_S = 2.0  # how long a line waits in the batch for its launch's time
# Past this many lines waiting, the ones whose launches have ended are written every 256
# launches; past four times as many, all of them are, with or without their times.
MOST_WAITING = 4096
MOST_PIECES = 4096
_MISSING = object()
# The invokers' three ways of setting arguments, in the order of the methods patched; a
# call of each is kept as it came and unpacked only for a launch that is captured.
_PAIRS, _BUFFER_PAIRS, _PACKED = 0, 1, 2


class LaunchRecorder:
    """What the program set and launched; the selection and the byte budget decide which
    launches get their buffers read."""

    def __init__(self, cl: ModuleType, settings: dict[str, Any]) -> None:
        self.cl = cl
        self.journal = str(settings["journal"])
        self.kernels = frozenset(str(k) for k in settings.get("kernels", ()))
        self.numbers = frozenset(int(n) for n in settings.get("launches", ()))
        self.first = int(settings.get("first", 16))
        self.budget = int(settings.get("max_bytes", 256 << 20))
        self.count = 0
        self.per_kernel: dict[str, int] = {}
        self.programs: dict[int, tuple[str, str]] = {}  # cl_program -> (source, options)
        self.written_programs: dict[tuple[str, str], int] = {}
        self.args: dict[int, dict[int, object]] = {}  # cl_kernel -> index -> value
        # The invokers' last call of each way of setting arguments, per kernel. One invoker
        # sets each index in one way; the calls are unpacked into `args` before another
        # invoker or set_arg sets any, so their order among themselves does not matter.
        self.set_calls: dict[tuple[int, int], tuple[Any, ...]] = {}
        # A file's name as call sites show it; None for a file that is not the learner's.
        self.places: dict[str, str | None] = {}
        self.devices: dict[int, dict[str, Any]] = {}  # cl_command_queue -> its device
        # The pieces written, by what they are made of: a program's launches repeat their
        # kernel, queue, call site and sizes, so listed launches name their piece.
        self.pieces: dict[tuple[Any, ...], int] = {}
        self.piece_count = 0
        self.unprofiled: set[int] = set()  # queues whose launches have no profiling time
        self.shown_name = LearnerFiles()
        self.lock = threading.RLock()
        self.lines = open(os.path.join(self.journal, JOURNAL_LINES), "a", encoding="utf-8")  # noqa: SIM115
        # Lines not yet written: a captured launch's (its line, its event, when it was
        # enqueued), or a listed launch's as the launcher kept it: [number, what it is
        # made of (kernel, queue, call site, sizes as given), its event or, once read, its
        # device time (None: none to read), when it was enqueued].
        self.waiting: list[Any] = []
        # The listed launches whose event has not been read yet, oldest first. Each launch
        # reads the oldest ones that have ended: the program's events are let go soon
        # after they end, as without capture, instead of thousands piling up in the
        # driver until a batch is written (that cost a launch as much again).
        self.untimed: collections.deque[list[Any]] = collections.deque()
        self.flushed = time.monotonic()
        self.forked = False
        atexit.register(self.flush)
        # A process forked from the program inherits the recorder and the journal's
        # unwritten lines: flushed before the fork, so the child cannot write them again,
        # and the child records nothing (one process is recorded, launches keep their numbers).
        os.register_at_fork(before=self.flush, after_in_child=self.forget)

    def forget(self) -> None:
        """In a forked child: record nothing, write nothing (a flag, not a getpid per launch)."""
        self.forked = True
        self.waiting.clear()
        self.untimed.clear()

    def remember(self, kernel: object, index: int, value: object) -> None:
        self.arguments(_handle(kernel))[int(index)] = value

    def arguments(self, handle: int) -> dict[int, object]:
        """The kernel's argument values by index, the calls kept unpacked first."""
        values = self.args.setdefault(handle, {})
        for way in (_PAIRS, _BUFFER_PAIRS, _PACKED):
            flat = self.set_calls.pop((handle, way), None)
            if flat is None:
                continue
            if way == _PACKED:
                for at in range(0, len(flat), 3):
                    values[flat[at]] = struct.pack(flat[at + 1], flat[at + 2])
            else:
                values.update(zip(flat[::2], flat[1::2], strict=True))
        return values

    def remember_program(self, program: object, options: object) -> None:
        """A built program's source and the options pyopencl gave the compiler."""
        found = _built_source(program)
        if found is None:
            return
        built, source = found
        if isinstance(source, bytes):
            source = source.decode("utf-8", "replace")
        text = options.decode("utf-8", "replace") if isinstance(options, bytes) else str(options)
        self.programs[_handle(built)] = (str(source), text)

    def launcher(self, original: Callable[..., Any]) -> Callable[..., Any]:
        """enqueue_nd_range_kernel as the program will call it: numbers each launch, and
        either captures it or keeps its facts for its line. A launch not selected costs
        its kernel's name, its call site as a file and a line, a tuple and, once its line
        is written, its event's times: the text comes later, made once for launches that
        repeat. What it reads at each launch is held in the closure, not looked up."""
        lock, per_kernel, devices, waiting = self.lock, self.per_kernel, self.devices, self.waiting
        untimed, unprofiled = self.untimed, self.unprofiled
        kernels, numbers, first = self.kernels, self.numbers, self.first
        places, shown_name = self.places, self.shown_name
        getframe, monotonic = sys._getframe, time.monotonic

        def enqueue_nd_range_kernel(*args: Any, **kw: Any) -> Any:
            if self.forked:
                return original(*args, **kw)  # a forked child: not the process recorded
            kernel = args[1]
            try:
                name = kernel._clstudio_capture_name
            except AttributeError:
                # Asked once per kernel object (pyopencl's kernels take attributes), not
                # through pyopencl's Python property and the driver at each launch.
                name = kernel.function_name
                with contextlib.suppress(AttributeError):
                    kernel._clstudio_capture_name = name
            # The call site: the innermost frame in a file of the learner's, not a
            # library's, as the file's shown name and the line. Each file is looked at once.
            site: tuple[str, int] | None = None
            frame: FrameType | None = getframe(1)
            while frame is not None:
                file = frame.f_code.co_filename
                if file not in places:
                    places[file] = shown_name(file)
                shown = places[file]
                if shown is not None:
                    site = (shown, frame.f_lineno)
                    break
                frame = frame.f_back
            with lock:
                self.count = number = self.count + 1
                nth = per_kernel[name] = per_kernel.get(name, 0) + 1
                if (not kernels or name in kernels) and (
                    number in numbers if numbers else nth <= first
                ):
                    return self.capture(original, args, kw, number, name, site)
                event = original(*args, **kw)
                queue = args[0].int_ptr
                if queue not in devices:
                    self.device_of(args[0])
                if kw or len(args) != 8:
                    global_size, local, offset, g_times_l = _ndrange(args, kw)
                else:  # the invokers' way, every argument by position
                    global_size, local, offset, g_times_l = args[2], args[3], args[4], args[6]
                if type(global_size) is not tuple:  # a list the program may change later
                    global_size = tuple(global_size)
                if local is not None and type(local) is not tuple:
                    local = tuple(local)
                if offset is not None and type(offset) is not tuple:
                    offset = tuple(offset)
                now = monotonic()
                made_of = (name, queue, site, global_size, local, offset, g_times_l)
                item = [number, made_of, event, now]
                waiting.append(item)
                untimed.append(item)
                for _ in (0, 1):  # two at most: a backlog is caught up, never waited for
                    oldest = untimed[0]
                    ended = oldest[2]
                    try:
                        status = ended.get_info(_STATUS)
                    except Exception:
                        status = -1
                    if status > 0:  # still queued or running
                        break
                    ran = status == 0  # else it failed: no time
                    oldest[2] = _device_time(ended, oldest[1][1], unprofiled) if ran else None
                    untimed.popleft()
                    if not untimed:
                        break
                if len(waiting) > 4 * MOST_WAITING:
                    self.flush()
                elif now - self.flushed > FLUSH_EVERY_S or (
                    len(waiting) > MOST_WAITING and not number & 255
                ):
                    self.flush(every=False)
                return event

        return enqueue_nd_range_kernel

    def listed_line(self, listed: list[Any], time_ns: int | None) -> str:
        """The line of a launch not captured: its number, its time and the piece it is
        made of (its kernel, device, call site and sizes), a line of its own written once
        before the first launch made of it; the journal's reader puts them together."""
        pieces = self.pieces
        made_of = listed[1]
        piece = pieces.get(made_of)
        if piece is None:
            if len(pieces) > MOST_PIECES:
                pieces.clear()
            name, queue, site, global_size, local, offset, g_times_l = made_of
            self.piece_count += 1
            facts = {
                "piece": self.piece_count,
                "kernel": name,
                **self.devices[queue],
                "captured": False,
                "reason": "not_selected",
                "call_site": self.site_text(site),
                **_sizes(global_size, local, offset, g_times_l),
            }
            piece = pieces[made_of] = self.piece_count
            text = json.dumps(facts) + "\n"
        else:
            text = ""
        if time_ns is None:
            return f'{text}{{"number": {listed[0]}, "piece": {piece}}}\n'
        return f'{text}{{"number": {listed[0]}, "piece": {piece}, "time_ns": {time_ns}}}\n'

    def capture(
        self,
        original: Callable[..., Any],
        args: tuple[Any, ...],
        kw: dict[str, Any],
        number: int,
        name: str,
        site: tuple[str, int] | None,
    ) -> Any:
        """A selected launch: its buffers read before and after it, its line at once."""
        queue, kernel = args[0], args[1]
        global_size, local, offset, g_times_l = _ndrange(args, kw)
        line: dict[str, Any] = {
            "number": number,
            "kernel": name,
            "call_site": self.site_text(site),
            **_sizes(global_size, local, offset, g_times_l),
            **self.device_of(queue),
        }
        try:
            described, buffers = self.describe(kernel, line)
        except Exception as exc:  # capture must never break the program
            line.update(captured=False, reason="capture_failed", detail=str(exc))
            described, buffers = None, {}
        if described is not None and line.get("global_offset"):
            line.update(captured=False, reason="global_offset")
            described = None
        size = 2 * sum(int(buffer.size) for buffer in buffers.values())
        if described is not None and size > self.budget:
            line.update(captured=False, reason="over_budget", detail=str(size))
            described = None
        if described is None:
            self.write(line, flush=True)
            return original(*args, **kw)
        self.budget -= size
        try:
            line.update(captured=True, args=described, **self.program_of(kernel))
            self.read_buffers(queue, buffers, number, "before")
        except Exception as exc:
            line.update(captured=False, reason="unreadable", detail=str(exc), args=None)
            self.write(line, flush=True)
            return original(*args, **kw)
        try:
            started = time.perf_counter_ns()
            event = original(*args, **kw)
            queue.finish()  # the buffers are read after it anyway
            line.update(time_ns=time.perf_counter_ns() - started, timed_by="wall")
            line.update(_profiled(event))
        except Exception as exc:
            line.update(captured=False, reason="launch_failed", detail=str(exc), args=None)
            self.write(line, flush=True)
            raise
        try:
            self.read_buffers(queue, buffers, number, "after")
        except Exception as exc:
            line.update(captured=False, reason="unreadable", detail=str(exc), args=None)
        self.write(line, flush=True)
        return event

    def describe(
        self, kernel: Any, line: dict[str, Any]
    ) -> tuple[list[dict[str, Any]] | None, dict[int, Any]]:
        """Each argument's kind and value, and the buffers to read by handle; None and why
        in `line` for a launch that a session cannot hold."""
        cl = self.cl
        values = self.arguments(_handle(kernel))
        described: list[dict[str, Any]] = []
        buffers: dict[int, Any] = {}
        for index in range(int(kernel.num_args)):
            value = values.get(index, _MISSING)
            unsupported = None
            if value is _MISSING:
                unsupported = "not set"
            elif value is None:
                described.append({"kind": "null"})
            elif isinstance(value, cl.LocalMemory):
                described.append({"kind": "local", "bytes": int(value.size)})
            elif isinstance(value, cl.Image | cl.Pipe):
                unsupported = type(value).__name__.lower()
            elif isinstance(value, cl.MemoryObjectHolder):
                if value.get_info(cl.mem_info.ASSOCIATED_MEMOBJECT) is not None:
                    unsupported = "sub-buffer"
                else:
                    handle = _handle(value)
                    buffers[handle] = value
                    described.append({"kind": "buffer", "id": handle, "bytes": int(value.size)})
            elif isinstance(value, bytes | bytearray | memoryview):
                described.append({"kind": "scalar", "hex": bytes(value).hex()})
            elif type(value).__module__ == "numpy":
                described.append({"kind": "scalar", "hex": _numpy_bytes(value).hex()})
            else:
                unsupported = type(value).__name__
            if unsupported is not None:
                line.update(
                    captured=False, reason="unsupported_argument", detail=f"{index}: {unsupported}"
                )
                return None, {}
        return described, buffers

    def program_of(self, kernel: Any) -> dict[str, Any]:
        """The launch's program, its source written once to the journal; none when unknown."""
        program = kernel.get_info(self.cl.kernel_info.PROGRAM)
        known = self.programs.get(_handle(getattr(program, "_prg", program)))
        if known is None:
            return {"program": None}
        number = self.written_programs.get(known)
        if number is None:
            number = self.written_programs[known] = len(self.written_programs) + 1
            _write_atomically(
                os.path.join(self.journal, f"program-{number}.cl"), known[0].encode("utf-8")
            )
        return {"program": number, "options": known[1]}

    def read_buffers(self, queue: Any, buffers: dict[int, Any], number: int, when: str) -> None:
        import numpy as np

        queue.finish()
        for handle, buffer in buffers.items():
            host = np.empty(int(buffer.size), dtype=np.uint8)
            self.cl.enqueue_copy(queue, host, buffer)
            _write_atomically(
                os.path.join(self.journal, f"launch-{number}.{handle}.{when}"), host.tobytes()
            )

    @staticmethod
    def site_text(site: tuple[str, int] | None) -> str | None:
        """`train.py:42`, as capture.json shows a call site."""
        return None if site is None else f"{site[0]}:{site[1]}"

    def device_of(self, queue: Any) -> dict[str, Any]:
        """The queue's device, platform and context, asked of the driver once per queue."""
        known = self.devices.get(_handle(queue))
        if known is None:
            known = self.devices[_handle(queue)] = _device(queue)
        return known

    def write(self, line: dict[str, Any], flush: bool, event: Any = None) -> None:
        """Queue a captured launch's line; the batch is written when asked, or every
        FLUSH_EVERY_S."""
        now = time.monotonic()
        self.waiting.append((line, event, now))  # a tuple: a listed launch's is a list
        if flush or len(self.waiting) > MOST_WAITING:
            self.flush()
        elif now - self.flushed > FLUSH_EVERY_S:
            self.flush(every=False)

    def flush(self, every: bool = True) -> None:
        """Write the lines waiting, in order, each with its launch's device time once the
        device has run it. A line whose launch has not run yet waits for a later batch
        (up to WAIT_FOR_TIME_S), unless `every` line must be written now."""
        with self.lock:
            # A forked child has the parent's lines waiting too: they are the parent's.
            if self.lines.closed or self.forked:
                return
            now = time.monotonic()
            text: list[str] = []  # a piece of text per launch written
            pieces, unprofiled = self.pieces, self.unprofiled
            for item in self.waiting:
                if type(item) is not list:  # a captured launch's line
                    line = item[0]
                    time_ns, _ = _timed(item[1])
                    if time_ns is not None:
                        line.update(time_ns=time_ns, timed_by="profiling")
                    text.append(json.dumps(line) + "\n")
                    continue
                number, made_of, timing, when = item
                if timing is None or type(timing) is int:  # read by a later launch
                    time_ns, status = timing, 0
                elif made_of[1] in unprofiled:
                    time_ns, status = None, -1
                else:
                    time_ns, status = _timed(timing)
                    if time_ns is None and status == 0:
                        unprofiled.add(made_of[1])  # it ran and has no time: no profiling
                if status > 0 and not every and now - when < WAIT_FOR_TIME_S:
                    break
                piece = pieces.get(made_of)
                if piece is None:
                    text.append(self.listed_line(item, time_ns))
                elif time_ns is None:
                    text.append(f'{{"number": {number}, "piece": {piece}}}\n')
                else:
                    text.append(f'{{"number": {number}, "piece": {piece}, "time_ns": {time_ns}}}\n')
            written = len(text)
            # A full disk: `clstudio capture` says so, never the program, which goes on
            # (the lines it could not take are dropped).
            try:
                self.lines.write("".join(text))
                self.lines.flush()
            except OSError:
                written = len(self.waiting)
                self.pieces.clear()  # a piece lost with its batch is written again
            del self.waiting[:written]
            self.flushed = now


class LearnerFiles:
    """Which files are the learner's, for call sites: not Python's own, nor installed
    packages, nor the hook's."""

    def __init__(self) -> None:
        self.library = tuple(
            os.path.normcase(os.path.abspath(p))
            for p in {
                sysconfig.get_paths()[key] for key in ("stdlib", "platstdlib", "purelib", "platlib")
            }
            | {os.path.dirname(os.path.abspath(__file__))}
        )

    def __call__(self, name: str) -> str | None:
        """The file as call sites name it (relative to the program's folder when it lies
        below it); None for a file that is not the learner's."""
        if name.startswith("<") or os.path.normcase(os.path.abspath(name)).startswith(self.library):
            return None
        try:
            shown = os.path.relpath(name)
        except ValueError:
            shown = name
        return name if shown.startswith("..") else shown


_START, _END = 0x1282, 0x1283  # CL_PROFILING_COMMAND_START and _END
_STATUS = 0x11D3  # CL_EVENT_COMMAND_EXECUTION_STATUS


def _profiled(event: Any) -> dict[str, Any]:
    """The launch's time on the device, from its event's profiling information: nothing
    while it has not run, or when its queue does not profile."""
    time_ns = _timed(event)[0]
    return {} if time_ns is None else {"time_ns": time_ns, "timed_by": "profiling"}


def _timed(event: Any) -> tuple[int | None, int]:
    """The launch's device time once it has run, and its status: CL_COMPLETE (0) with no
    time when its queue does not profile, above 0 while it may still run (its time can
    come later), below 0 when it failed or nothing can be asked."""
    if event is None:
        return None, -1
    try:
        status = int(event.get_info(_STATUS))
    except Exception:
        return None, -1
    if status != 0:
        return None, status
    try:
        info = event.get_profiling_info
        return int(info(_END) - info(_START)), 0
    except Exception:
        return None, 0


def _device_time(event: Any, queue: int, unprofiled: set[int]) -> int | None:
    """An ended launch's device time; None, and its queue remembered, when the queue does
    not profile."""
    if queue in unprofiled:
        return None
    try:
        return int(event.get_profiling_info(_END) - event.get_profiling_info(_START))
    except Exception:
        unprofiled.add(queue)
        return None


def _handle(obj: Any) -> int:
    return int(obj.int_ptr)


def _numpy_bytes(value: Any) -> bytes:
    import numpy as np

    return bytes(np.asarray(value).tobytes())


def _ndrange(args: tuple[Any, ...], kw: dict[str, Any]) -> tuple[Any, Any, Any, Any]:
    """enqueue_nd_range_kernel's global size, local size, offset and g_times_l as given,
    whichever way they were passed."""
    names = ("global_size", "local_size", "global_offset", "wait_for", "g_times_l")
    given = dict(zip(names, args[2:], strict=False))
    given.update({k: v for k, v in kw.items() if k in names})
    given.setdefault("global_size", kw.get("global_work_size"))
    given.setdefault("local_size", kw.get("local_work_size"))
    return (
        given["global_size"],
        given.get("local_size"),
        given.get("global_offset"),
        given.get("g_times_l"),
    )


def _sizes(global_size: Any, local: Any, offset: Any, g_times_l: Any) -> dict[str, Any]:
    """The NDRange as the journal says it: global size in work-items, local size or None,
    whether there is an offset."""
    sizes = [int(n) for n in global_size]
    local_size = None if local is None else [int(n) for n in local]
    if g_times_l and local_size is not None:
        sizes = [g * lo for g, lo in zip(sizes, local_size, strict=False)]
    return {
        "global_size": sizes,
        "local_size": local_size,
        "global_offset": offset is not None and any(int(n) for n in offset),
    }


def _device(queue: Any) -> dict[str, Any]:
    device = queue.device
    return {
        "device": str(device.name).strip(),
        "platform": str(device.platform.name).strip(),
        "context": _handle(queue.context),
    }


def _write_atomically(path: str, data: bytes) -> None:
    part = path + ".part"
    try:
        with open(part, "wb") as out:
            out.write(data)
        os.replace(part, path)
    except OSError:
        if os.path.exists(part):
            os.unlink(part)  # a full disk leaves no torn file behind
        raise


def _built_source(program: object) -> tuple[Any, object] | None:
    """A built pyopencl Program's driver program and its source as given; None for one
    made from binaries or IL, which has no source to record."""
    source = getattr(program, "_source", None)
    built = getattr(program, "_prg", None)
    return None if source is None or built is None else (built, source)


def _claim(journal: str) -> bool:
    """Whether this process is the one recorded: the first to import pyopencl."""
    try:
        os.close(os.open(os.path.join(journal, CLAIM), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except OSError:
        return False
    return True


def install(cl: ModuleType, settings_text: str) -> None:
    """Patch pyopencl for the capture the settings describe (`clstudio capture` wrote them):
    to help the C layer record the program where it was built, else to record it here."""
    settings = json.loads(settings_text)
    journal = str(settings["journal"])
    layer = _layer(settings)
    if layer is None:
        if _claim(journal):
            _profile_queues(cl, lambda: True)
            _record(cl, settings)
        return
    known: list[bool] = []

    def recorded() -> bool:
        """Whether this process is recorded, asked at its first queue (the loader has run
        by then): by the layer, or here when the loader loaded no layer."""
        if not known:
            by_layer = bool(layer.clstudio_capture_recording())
            by_hook = not by_layer and _claim(journal)
            if by_hook:
                _record(cl, settings)
            known.append(by_layer or by_hook)
        return known[0]

    give_source = layer.clstudio_capture_source
    give_source.argtypes = (ctypes.c_void_p, ctypes.c_char_p)
    give_source.restype = None

    def source_to_layer(program: Any, options: Any) -> None:
        found = _built_source(program)
        if found is not None:
            built, source = found
            text = source if isinstance(source, bytes) else str(source).encode("utf-8")
            give_source(built.int_ptr, text)

    _profile_queues(cl, recorded)
    _patch_build(cl, source_to_layer)
    atexit.register(layer.clstudio_capture_flush)


def _layer(settings: dict[str, Any]) -> ctypes.PyDLL | None:
    """The capture's C layer, the same library the loader loads, once it has taken the
    learner's file names; None where it was not built or cannot read Python's stack."""
    path = settings.get("layer")
    if not path:
        return None
    try:
        layer = ctypes.PyDLL(str(path))
        take = layer.clstudio_capture_python
    except (OSError, AttributeError):
        return None
    take.argtypes = (ctypes.py_object,)
    take.restype = ctypes.c_int
    return layer if take(LearnerFiles()) else None


def _profile_queues(cl: ModuleType, profiled: Callable[[], bool]) -> None:
    """The program's queues profile, when its launches are recorded, so that every
    launch's device time can be read from its event without waiting for it; what the
    queue runs is the same."""

    class ProfiledQueue(cl.CommandQueue):  # type: ignore[misc, name-defined]
        def __init__(
            self, context: Any, device: Any = None, properties: Any = None, *args: Any
        ) -> None:
            if (properties is None or isinstance(properties, int)) and profiled():
                properties = (properties or 0) | cl.command_queue_properties.PROFILING_ENABLE
            super().__init__(context, device, properties, *args)

    ProfiledQueue.__name__ = ProfiledQueue.__qualname__ = "CommandQueue"
    setattr(cl, "CommandQueue", ProfiledQueue)  # noqa: B010 (the program makes its queues)


def _patch_build(cl: ModuleType, built: Callable[[Any, Any], None]) -> None:
    """`built(program, options)` hears of every program built, with the options pyopencl
    gave the compiler."""
    original = cl.Program.build

    def build(self: Any, options: Any = None, *args: Any, **kw: Any) -> Any:
        try:
            given = self._process_build_options(self._context, options)[0]
        except Exception:
            given = None
        done = original(self, options, *args, **kw)
        if given is not None:
            built(self, given)
        return done

    cl.Program.build = build


def _record(cl: ModuleType, settings: dict[str, Any]) -> None:
    """Record the program here: its launches, arguments and programs, through pyopencl."""
    recorder = LaunchRecorder(cl, settings)
    kernel_class = cl._cl.Kernel

    def patched_set_arg(original: Callable[..., Any]) -> Callable[..., Any]:
        def set_arg(self: Any, index: int, value: object) -> Any:
            recorder.remember(self, index, value)
            return original(self, index, value)

        return set_arg

    def patched_multi(original: Callable[..., Any], way: int) -> Callable[..., Any]:
        set_calls = recorder.set_calls

        def set_args(self: Any, flat: tuple[Any, ...]) -> Any:
            # Kept as it came: most launches are never captured, and unpacking the call
            # at each would cost them a microsecond (LaunchRecorder.arguments unpacks).
            set_calls[self.int_ptr, way] = flat
            return original(self, flat)

        return set_args

    def patched_invokers(original: Callable[..., Any]) -> Callable[..., Any]:
        def set_invokers(self: Any, *args: Any) -> Any:
            # New invokers may set other indices in each way: the calls kept so far are
            # unpacked before a call of theirs can take their place.
            recorder.arguments(_handle(self))
            return original(self, *args)

        return set_invokers

    kernel_class.set_arg = patched_set_arg(kernel_class.set_arg)
    kernel_class._set_arg_multi = patched_multi(kernel_class._set_arg_multi, _PAIRS)
    kernel_class._set_arg_buf_multi = patched_multi(kernel_class._set_arg_buf_multi, _BUFFER_PAIRS)
    kernel_class._set_arg_buf_pack_multi = patched_multi(
        kernel_class._set_arg_buf_pack_multi, _PACKED
    )
    kernel_class._set_enqueue_and_set_args = patched_invokers(
        kernel_class._set_enqueue_and_set_args
    )
    _patch_build(cl, recorder.remember_program)
    launch = recorder.launcher(cl._cl.enqueue_nd_range_kernel)
    # pyopencl's own name for it too, which programs call directly.
    cl._cl.enqueue_nd_range_kernel = launch
    setattr(cl, "enqueue_nd_range_kernel", launch)  # noqa: B010
