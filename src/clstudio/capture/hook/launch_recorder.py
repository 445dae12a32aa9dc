"""Every kernel launch of the learner's pyopencl program, recorded into the capture's journal.

Loaded by the hook's sitecustomize once the program has imported pyopencl, in the learner's
own interpreter: it imports nothing of CL Studio and writes only raw facts (the program's
source and options, each launch's NDRange and argument values, the bytes of its buffers
before and after a selected launch). `clstudio capture` turns them into sessions.

Every launch style ends in the same few places, which are the ones patched: a kernel's
arguments are set through `Kernel.set_arg` or the invokers' `_set_arg*_multi` (what
`kernel(queue, ...)`, `set_args` and pyopencl.array's generated kernels call), and every
launch is `_cl.enqueue_nd_range_kernel` (the invokers look it up at each call).
"""

from __future__ import annotations

import atexit
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
MOST_WAITING = 4096
MOST_PIECES = 4096
_MISSING = object()


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
        # A file's name as call sites show it; None for a file that is not the learner's.
        self.places: dict[str, str | None] = {}
        self.devices: dict[int, dict[str, Any]] = {}  # cl_command_queue -> its device
        self.pieces: dict[object, str] = {}  # JSON text of what launches repeat
        self.lock = threading.RLock()
        self.lines = open(os.path.join(self.journal, JOURNAL_LINES), "a", encoding="utf-8")  # noqa: SIM115
        # Lines not yet written, each with its launch's event, to read its time from once
        # the device has run it, and when it was enqueued.
        self.waiting: list[tuple[dict[str, Any] | str, Any, float]] = []
        self.flushed = time.monotonic()
        self.library = tuple(
            os.path.normcase(os.path.abspath(p))
            for p in {
                sysconfig.get_paths()[key] for key in ("stdlib", "platstdlib", "purelib", "platlib")
            }
            | {os.path.dirname(os.path.abspath(__file__))}
        )
        self.pid = os.getpid()
        atexit.register(self.flush)
        # A process forked from the program inherits the recorder and the journal's
        # unwritten lines: flushed before the fork, so the child cannot write them again,
        # and the child records nothing (one process is recorded, launches keep their numbers).
        os.register_at_fork(before=self.flush)

    # {{{ arguments

    def remember(self, kernel: object, index: int, value: object) -> None:
        self.args.setdefault(_handle(kernel), {})[int(index)] = value

    # }}}

    def remember_program(self, program: object, options: object) -> None:
        """A built program's source and the options pyopencl gave the compiler."""
        source = getattr(program, "_source", None)
        built = getattr(program, "_prg", None)
        if source is None or built is None:
            return  # made from binaries or IL: no source to record
        if isinstance(source, bytes):
            source = source.decode("utf-8", "replace")
        text = options.decode("utf-8", "replace") if isinstance(options, bytes) else str(options)
        self.programs[_handle(built)] = (str(source), text)

    def launch(
        self, original: Callable[..., Any], args: tuple[Any, ...], kw: dict[str, Any]
    ) -> Any:
        if os.getpid() != self.pid:
            return original(*args, **kw)  # a forked child: not the process recorded
        with self.lock:
            queue, kernel = args[0], args[1]
            self.count += 1
            number = self.count
            name = str(kernel.function_name)
            nth = self.per_kernel[name] = self.per_kernel.get(name, 0) + 1
            site = self.call_site()
            sizes = _ndrange(args, kw)
            reason = self.unselected(number, name, nth)
            if reason is not None:
                event = original(*args, **kw)
                self.write(self.listed(number, name, site, sizes, queue, reason), False, event)
                return event
            line: dict[str, Any] = {
                "number": number,
                "kernel": name,
                "call_site": site,
                **sizes,
                **self.device_of(queue),
            }
            return self.capture(original, args, kw, line)

    def listed(
        self,
        number: int,
        name: str,
        site: str | None,
        sizes: dict[str, Any],
        queue: Any,
        reason: str,
    ) -> str:
        """The line of a launch not captured, as json.dumps writes it but for its time
        and closing brace (added once it is known): made of pieces kept, since a
        program's launches repeat their kernel, device and call site."""
        pieces = self.pieces
        if len(pieces) > MOST_PIECES:
            pieces.clear()
        key = (name, _handle(queue), reason)
        fixed = pieces.get(key)
        if fixed is None:
            facts = {"kernel": name, **self.device_of(queue), "captured": False, "reason": reason}
            fixed = pieces[key] = json.dumps(facts)[1:-1]
        where = pieces.get(site)
        if where is None:
            where = pieces[site] = json.dumps(site)
        local = sizes["local_size"]
        return (
            f'{{"number": {number}, {fixed}, "call_site": {where}, "global_size": '
            f"{_numbers(sizes['global_size'])}, "
            f'"local_size": {"null" if local is None else _numbers(local)}, '
            f'"global_offset": {"true" if sizes["global_offset"] else "false"}'
        )

    def unselected(self, number: int, name: str, nth: int) -> str | None:
        if self.kernels and name not in self.kernels:
            return "not_selected"
        if self.numbers:
            return None if number in self.numbers else "not_selected"
        return None if nth <= self.first else "not_selected"

    def capture(
        self,
        original: Callable[..., Any],
        args: tuple[Any, ...],
        kw: dict[str, Any],
        line: dict[str, Any],
    ) -> Any:
        queue, kernel = args[0], args[1]
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
        number = line["number"]
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
        values = self.args.get(_handle(kernel), {})
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

    def call_site(self) -> str | None:
        """`train.py:42`: the innermost frame in a file of the learner's, not a library's.
        Each file is looked at once: a launch costs a few dictionary look-ups."""
        frame: FrameType | None = sys._getframe(2)
        places = self.places
        while frame is not None:
            name = frame.f_code.co_filename
            shown = places.get(name, _MISSING)
            if shown is _MISSING:
                shown = places[name] = self.shown_name(name)
            if shown is not None:
                return f"{shown}:{frame.f_lineno}"
            frame = frame.f_back
        return None

    def shown_name(self, name: str) -> str | None:
        """The file as call sites name it (relative to the folder the program started
        in when it lies below it); None for Python's own files and installed packages."""
        if name.startswith("<") or os.path.normcase(os.path.abspath(name)).startswith(self.library):
            return None
        try:
            shown = os.path.relpath(name)
        except ValueError:
            shown = name
        return name if shown.startswith("..") else shown

    def device_of(self, queue: Any) -> dict[str, Any]:
        """The queue's device, platform and context, asked of the driver once per queue."""
        known = self.devices.get(_handle(queue))
        if known is None:
            known = self.devices[_handle(queue)] = _device(queue)
        return known

    def write(self, line: dict[str, Any] | str, flush: bool, event: Any = None) -> None:
        """Queue the line (a dict, or a listed launch's text); the batch is written when
        asked, or every FLUSH_EVERY_S."""
        now = time.monotonic()
        self.waiting.append((line, event, now))
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
            if self.lines.closed or os.getpid() != self.pid:
                return
            now = time.monotonic()
            written = 0
            # A full disk: `clstudio capture` says so, never the program, which goes on
            # (the lines it could not take are dropped).
            try:
                for line, event, when in self.waiting:
                    timed = _profiled(event) if event is not None else {}
                    waits = not timed and not every and now - when < WAIT_FOR_TIME_S
                    if waits and _running(event):
                        break
                    if isinstance(line, str):
                        time_ns = timed.get("time_ns")
                        timing = "" if time_ns is None else _TIMING.format(time_ns)
                        self.lines.write(f"{line}{timing}}}\n")
                    else:
                        line.update(timed)
                        self.lines.write(json.dumps(line) + "\n")
                    written += 1
                self.lines.flush()
            except OSError:
                written = len(self.waiting)
            del self.waiting[:written]
            self.flushed = now


_START, _END = 0x1282, 0x1283  # CL_PROFILING_COMMAND_START and _END
_TIMING = ', "time_ns": {}, "timed_by": "profiling"'


def _numbers(values: list[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def _profiled(event: Any) -> dict[str, Any]:
    """The launch's time on the device, from its event's profiling information: nothing
    while it has not run, or when its queue does not profile."""
    try:
        if event.command_execution_status != 0:  # CL_COMPLETE
            return {}
        info = event.get_profiling_info
        return {"time_ns": int(info(_END) - info(_START)), "timed_by": "profiling"}
    except Exception:
        return {}


def _running(event: Any) -> bool:
    """Whether the launch may still end, so that its time can come later."""
    try:
        return int(event.command_execution_status) > 0
    except Exception:
        return False


def _handle(obj: Any) -> int:
    return int(obj.int_ptr)


def _numpy_bytes(value: Any) -> bytes:
    import numpy as np

    return bytes(np.asarray(value).tobytes())


def _ndrange(args: tuple[Any, ...], kw: dict[str, Any]) -> dict[str, Any]:
    """enqueue_nd_range_kernel's sizes, whichever way they were passed (the invokers pass
    every argument by position)."""
    if not kw:  # the invokers' way, every argument by position: read without a dict
        count = len(args)
        global_size = [int(n) for n in args[2]]
        local = args[3] if count > 3 else None
        local_size = None if local is None else [int(n) for n in local]
        offset = args[4] if count > 4 else None
        if count > 6 and args[6] and local_size is not None:
            global_size = [g * lo for g, lo in zip(global_size, local_size, strict=False)]
        return {
            "global_size": global_size,
            "local_size": local_size,
            "global_offset": offset is not None and any(int(n) for n in offset),
        }
    names = ("global_size", "local_size", "global_offset", "wait_for", "g_times_l")
    given = dict(zip(names, args[2:], strict=False))
    if kw:
        given.update({k: v for k, v in kw.items() if k in names})
        given.setdefault("global_size", kw.get("global_work_size"))
        given.setdefault("local_size", kw.get("local_work_size"))
    global_size = [int(n) for n in given["global_size"]]
    local = given.get("local_size")
    local_size = None if local is None else [int(n) for n in local]
    if given.get("g_times_l") and local_size is not None:
        global_size = [g * lo for g, lo in zip(global_size, local_size, strict=False)]
    offset = given.get("global_offset")
    has_offset = offset is not None and any(int(n) for n in offset)
    return {"global_size": global_size, "local_size": local_size, "global_offset": has_offset}


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


def _claim(journal: str) -> bool:
    """Whether this process is the one recorded: the first to import pyopencl."""
    try:
        os.close(os.open(os.path.join(journal, CLAIM), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except OSError:
        return False
    return True


def install(cl: ModuleType, settings_text: str) -> None:
    """Patch pyopencl for the capture the settings describe (`clstudio capture` wrote them)."""
    settings = json.loads(settings_text)
    if not _claim(str(settings["journal"])):
        return
    recorder = LaunchRecorder(cl, settings)
    kernel_class = cl._cl.Kernel

    def patched_set_arg(original: Callable[..., Any]) -> Callable[..., Any]:
        def set_arg(self: Any, index: int, value: object) -> Any:
            recorder.remember(self, index, value)
            return original(self, index, value)

        return set_arg

    def patched_multi(original: Callable[..., Any], width: int) -> Callable[..., Any]:
        def set_args(self: Any, flat: tuple[Any, ...]) -> Any:
            values = recorder.args.setdefault(_handle(self), {})
            if width == 2:  # (index, value) pairs, as every launch of an invoker sets them
                values.update(zip(flat[::2], flat[1::2], strict=True))
            else:
                for at in range(0, len(flat), width):
                    values[flat[at]] = struct.pack(flat[at + 1], flat[at + 2])
            return original(self, flat)

        return set_args

    def patched_build(original: Callable[..., Any]) -> Callable[..., Any]:
        def build(self: Any, options: Any = None, *args: Any, **kw: Any) -> Any:
            try:
                given = self._process_build_options(self._context, options)[0]
            except Exception:
                given = None
            built = original(self, options, *args, **kw)
            if given is not None:
                recorder.remember_program(self, given)
            return built

        return build

    class ProfiledQueue(cl.CommandQueue):  # type: ignore[misc, name-defined]
        """The program's queues profile, so that every launch's device time can be read
        from its event without waiting for it; what the queue runs is the same."""

        def __init__(
            self, context: Any, device: Any = None, properties: Any = None, *args: Any
        ) -> None:
            if properties is None or isinstance(properties, int):
                properties = (properties or 0) | cl.command_queue_properties.PROFILING_ENABLE
            super().__init__(context, device, properties, *args)

    def patched_launch(original: Callable[..., Any]) -> Callable[..., Any]:
        def enqueue_nd_range_kernel(*args: Any, **kw: Any) -> Any:
            return recorder.launch(original, args, kw)

        return enqueue_nd_range_kernel

    kernel_class.set_arg = patched_set_arg(kernel_class.set_arg)
    kernel_class._set_arg_multi = patched_multi(kernel_class._set_arg_multi, 2)
    kernel_class._set_arg_buf_multi = patched_multi(kernel_class._set_arg_buf_multi, 2)
    kernel_class._set_arg_buf_pack_multi = patched_multi(kernel_class._set_arg_buf_pack_multi, 3)
    cl.Program.build = patched_build(cl.Program.build)
    ProfiledQueue.__name__ = ProfiledQueue.__qualname__ = "CommandQueue"
    setattr(cl, "CommandQueue", ProfiledQueue)  # noqa: B010 (the program makes its queues)
    launch = patched_launch(cl._cl.enqueue_nd_range_kernel)
    # pyopencl's own name for it too, which programs call directly.
    cl._cl.enqueue_nd_range_kernel = launch
    setattr(cl, "enqueue_nd_range_kernel", launch)  # noqa: B010
