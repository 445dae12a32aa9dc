"""A replay folder of Intel's opencl-intercept-layer (`CaptureReplay`, its `Pre/`, `Post/`
and `memDumpPostEnqueue/` buffers, both generations of its file names), read as data: a
file is read only when it is a regular file inside the folder, within the import's budget
(docs/capture.md#importing-captures-made-elsewhere). The layer's run.py is never run."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import numpy as np

from clstudio.capture.foreign_launches import (
    KERNEL_NAME,
    MAX_WORK_ITEMS,
    ForeignArgument,
    ForeignCapture,
    ForeignCaptureError,
    ForeignLaunch,
    unread,
)
from clstudio.common import gettext, open_regular_file

MAX_LOCAL_BYTES = 2**34
MAX_SMALL_FILE = 2**20  # worksizes.txt, kernelName.txt, Local<i>.txt…
MAX_LAUNCHES = 4096
MAX_ARGUMENTS = 1024
INSPECTION_AFTER = "memDumpPostEnqueue"  # DumpBuffersAfterEnqueue's folder, in the dump folder


_PRE_RE = re.compile(r"Enqueue_(\d+)_Kernel_(.+)_Arg_(\d+)_Buffer_(\d+)\.bin\Z")
_NUMBERED_RE = re.compile(
    r"(Argument|Local|Sampler|Image_MetaData_|SVM_Arg_Offset_)(\d+)\.(bin|txt)\Z"
)


def read_intercept_folder(root: Path) -> ForeignCapture:
    """The launches of an intercept-layer dump: one replay folder (`Enqueue_<n>_<kernel>`,
    holding `kernel.cl`), or a folder holding such folders, or `Replay/` of them."""
    capture = ForeignCapture("intercept", root)
    for number, folder in enumerate(_replay_folders(root)):
        capture.launches.append(_replay_launch(capture, root, folder, number))
    return capture


def _replay_folders(root: Path) -> list[Path]:
    if _entry(root, root / "worksizes.txt", must_exist=False) is not None:
        return [root]
    parent = root / "Replay" if (root / "Replay").is_dir() else root
    _inside(root, parent)
    found = []
    for child in sorted(parent.iterdir()):
        replay = (child / "worksizes.txt").exists() or (child / "kernel.cl").exists()
        if child.name.startswith("Enqueue_") and not child.is_symlink() and replay:
            found.append(child)
    if not found:
        said = gettext(
            "{folder}: no capture of the intercept layer here (no worksizes.txt, "
            "no Replay/Enqueue_… folders)"
        )
        raise ForeignCaptureError(said.format(folder=root))
    if len(found) > MAX_LAUNCHES:
        said = gettext("{folder}: {count} launches, more than the {most} an import takes")
        raise ForeignCaptureError(said.format(folder=root, count=len(found), most=MAX_LAUNCHES))
    found.sort(key=lambda folder: _enqueue_number(folder.name))
    return found


def _enqueue_number(name: str) -> int:
    match = re.match(r"Enqueue_(\d+)", name)
    return int(match.group(1)) if match else 0


def _within(root: Path, path: Path) -> bool:
    real, top = os.path.realpath(path), os.path.realpath(root)
    return real == top or real.startswith(top + os.sep)


def _inside(root: Path, path: Path) -> None:
    """Refuse a path whose real place is outside the capture folder (a symbolic link out)."""
    if not _within(root, path):
        real = os.path.realpath(path)
        said = gettext("{file} points outside the capture folder, to {target}")
        raise ForeignCaptureError(said.format(file=path, target=real))


def _entry(root: Path, path: Path, must_exist: bool = True) -> Path | None:
    try:
        info = path.lstat()
    except FileNotFoundError:
        if must_exist:
            said = gettext("{file} is missing; the capture is incomplete")
            raise ForeignCaptureError(said.format(file=path)) from None
        return None
    if stat.S_ISLNK(info.st_mode):
        _inside(root, path)
    return path


def _read(root: Path, path: Path, most: int, must_exist: bool = True) -> bytes | None:
    """A regular file inside the folder, of at most `most` bytes."""
    if _entry(root, path, must_exist) is None:
        return None
    try:
        with open_regular_file(path, most) as stream:
            data = stream.read(most + 1)
    except OSError as exc:
        raise ForeignCaptureError(unread(path, exc)) from None
    if len(data) > most:
        said = gettext("{file} holds more than the {most} bytes it may")
        raise ForeignCaptureError(said.format(file=path, most=most))
    return data


def _text(root: Path, path: Path, must_exist: bool = True, most: int = MAX_SMALL_FILE) -> str:
    data = _read(root, path, most, must_exist)
    if data is None:
        return ""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        said = gettext("{file} is not UTF-8 text")
        raise ForeignCaptureError(said.format(file=path)) from None


def _replay_launch(capture: ForeignCapture, root: Path, folder: Path, index: int) -> ForeignLaunch:
    # The layer writes CL_PROGRAM_SOURCE whole, with its terminating NUL.
    source = _text(root, folder / "kernel.cl", must_exist=False, most=64 * 2**20).rstrip("\0")
    if not source:
        if (folder / "kernel.spv").exists() or (folder / "DeviceBinary0.bin").exists():
            said = gettext(
                "{folder}: the program was built from SPIR-V or a binary, not from source; "
                "CL Studio needs its OpenCL C"
            )
            raise ForeignCaptureError(said.format(folder=folder))
        _entry(root, folder / "kernel.cl")
    named = folder / "kernelName.txt"
    if _entry(root, named, must_exist=False) is None:
        named = folder / "knlName.txt"  # the layer's first releases (2023)
        if _entry(root, named, must_exist=False) is None:
            said = gettext("{file} is missing; the capture is incomplete")
            raise ForeignCaptureError(said.format(file=folder / "kernelName.txt"))
    kernel = _text(root, named).strip()
    if not KERNEL_NAME.match(kernel):
        said = gettext("{file}: {name} is not a kernel's name")
        raise ForeignCaptureError(said.format(file=named, name=repr(kernel[:80])))
    options = " ".join(_text(root, folder / "buildOptions.txt", must_exist=False).split())
    global_size, local_size = _work_sizes(root, folder / "worksizes.txt")
    number_text = _text(root, folder / "enqueueNumber.txt", must_exist=False).strip()
    number = int(number_text) if number_text.isdigit() else _enqueue_number(folder.name)
    args = _replay_arguments(capture, root, folder, index, number, kernel)
    place = str(folder)
    return ForeignLaunch(index, kernel, source, options, global_size, local_size, args, place)


def _work_sizes(root: Path, path: Path) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """worksizes.txt: the global size, the local size (zeros: none given) and the global
    offset, each a line of numbers."""
    lines = _text(root, path).splitlines()
    try:
        rows = [tuple(int(word) for word in line.split()) for line in lines[:3]]
    except ValueError:
        rows = []
    if len(rows) != 3 or not 1 <= len(rows[0]) <= 3 or any(len(r) != len(rows[0]) for r in rows):
        said = gettext("{file}: not three lines of 1 to 3 whole numbers each")
        raise ForeignCaptureError(said.format(file=path))
    global_size, local_size, offset = rows
    if any(n <= 0 for n in global_size) or any(n < 0 for n in local_size + offset):
        said = gettext("{file}: a work size that is zero or negative")
        raise ForeignCaptureError(said.format(file=path))
    if int(np.prod([float(n) for n in global_size])) > MAX_WORK_ITEMS:
        said = gettext("{file}: {size} work-items, more than the {most} a session takes")
        size = "×".join(map(str, global_size))
        raise ForeignCaptureError(said.format(file=path, size=size, most="2^34"))
    if any(offset):
        said = gettext("{file}: the launch has a global offset, which a session cannot hold")
        raise ForeignCaptureError(said.format(file=path))
    return global_size, None if not any(local_size) else local_size


def _replay_arguments(
    capture: ForeignCapture, root: Path, folder: Path, index: int, number: int, kernel: str
) -> tuple[ForeignArgument, ...]:
    numbered: dict[str, dict[int, Path]] = {}
    for child in folder.iterdir():
        match = _NUMBERED_RE.match(child.name)
        if match:
            numbered.setdefault(match.group(1), {})[int(match.group(2))] = child
    for kind in ("Image_MetaData_", "Sampler"):
        if numbered.get(kind):
            arg = min(numbered[kind])
            said = gettext(
                "{folder}: argument {index} is an image or a sampler, "
                "which an import cannot hold yet"
            )
            raise ForeignCaptureError(said.format(folder=folder, index=arg))
    before = _buffer_files(root, folder, "Pre", number, kernel)
    after = _buffer_files(root, folder, "Post", number, kernel)
    types = _text(root, folder / "ArgumentDataTypes.txt", must_exist=False).splitlines()
    indexes = set(numbered.get("Argument", {})) | set(numbered.get("Local", {})) | set(before)
    count = len(types) if types else (max(indexes) + 1 if indexes else 0)
    if count > MAX_ARGUMENTS:
        said = gettext("{folder}: {count} arguments, more than the {most} a kernel may have here")
        raise ForeignCaptureError(said.format(folder=folder, count=count, most=MAX_ARGUMENTS))
    args = []
    for arg in range(count):
        args.append(_replay_argument(capture, root, folder, index, arg, numbered, before, after))
    _refuse_aliases(folder, args)
    return tuple(args)


def _refuse_aliases(folder: Path, args: list[ForeignArgument]) -> None:
    """One buffer passed as two arguments: a session's arguments are separate buffers,
    so it would compute otherwise; refused rather than replayed wrong."""
    seen: dict[int, int] = {}
    for position, given in enumerate(args):
        if given.kind != "buffer":
            continue
        if given.buffer in seen:
            said = gettext(
                "{folder}: arguments {first} and {second} are one buffer, which a session "
                "cannot pass twice"
            )
            raise ForeignCaptureError(
                said.format(folder=folder, first=seen[given.buffer], second=position)
            )
        seen[given.buffer] = position


def _buffer_files(
    root: Path, folder: Path, when: str, number: int, kernel: str
) -> dict[int, tuple[int, Path]]:
    """Argument number → (buffer number, file) of the buffers dumped before (`Pre`) or after
    (`Post`) the launch; the first releases put `Buffer<i>.bin` beside kernel.cl instead."""
    found: dict[int, tuple[int, Path]] = {}
    sub = folder / when
    # DumpBuffersAfterEnqueue: the same names, in the dump folder's memDumpPostEnqueue.
    inspection = folder.parent.parent / INSPECTION_AFTER
    in_dump = folder.parent.name == "Replay" and _within(root, inspection)
    if when == "Post" and not sub.is_dir() and in_dump and inspection.is_dir():
        sub = inspection
    if _entry(root, sub, must_exist=False) is not None and sub.is_dir():
        for child in sub.iterdir():
            match = _PRE_RE.match(child.name)
            if match and int(match.group(1)) == number and match.group(2) == kernel:
                found[int(match.group(3))] = (int(match.group(4)), child)
    elif when == "Pre":
        for child in folder.iterdir():
            match = re.match(r"Buffer(\d+)\.bin\Z", child.name)
            if match:
                found[int(match.group(1))] = (-1, child)
    return found


def _replay_argument(
    capture: ForeignCapture,
    root: Path,
    folder: Path,
    index: int,
    arg: int,
    numbered: dict[str, dict[int, Path]],
    before: dict[int, tuple[int, Path]],
    after: dict[int, tuple[int, Path]],
) -> ForeignArgument:
    offsets = numbered.get("SVM_Arg_Offset_", {})
    if arg in offsets and _text(root, offsets[arg]).strip() not in ("", "0"):
        said = gettext(
            "{file}: a pointer into the middle of an allocation, which an import cannot hold"
        )
        raise ForeignCaptureError(said.format(file=offsets[arg]))
    if arg in numbered.get("Local", {}):
        text = _text(root, numbered["Local"][arg]).strip()
        if not text.isdigit() or not 0 < int(text) <= MAX_LOCAL_BYTES:
            said = gettext("{file}: {size} is no local memory size from 1 to 2^34 bytes")
            raise ForeignCaptureError(
                said.format(file=numbered["Local"][arg], size=repr(text[:40]))
            )
        return ForeignArgument("local", size=int(text))
    raw = numbered.get("Argument", {}).get(arg)
    value = _read(root, raw, MAX_SMALL_FILE) if raw is not None else None
    if arg in before:
        buffer, path = before[arg]
        data = _read(root, path, capture.room()) or b""
        capture.take(len(data), str(path))
        key = buffer if buffer >= 0 else int.from_bytes((value or b"")[:8], "little") or arg
        capture.before[(index, key)] = data
        if arg in after:
            post = after[arg][1]
            later = _read(root, post, capture.room()) or b""
            if len(later) != len(data) and post.parent.name == INSPECTION_AFTER:
                return ForeignArgument("buffer", buffer=key, size=len(data))  # a hash dumped
            if len(later) != len(data):
                said = gettext(
                    "{after} holds {later} bytes, but {before} holds {size}: not the same buffer"
                )
                raise ForeignCaptureError(
                    said.format(after=post, later=len(later), before=path, size=len(data))
                )
            capture.take(len(later), str(post))
            capture.after[(index, key)] = later
        return ForeignArgument("buffer", buffer=key, size=len(data))
    if value is None:
        said = gettext(
            "{folder}: argument {index} has no Argument{index}.bin nor buffer file; "
            "the capture is incomplete"
        )
        raise ForeignCaptureError(said.format(folder=folder, index=arg))
    return ForeignArgument("bytes", value=value)
