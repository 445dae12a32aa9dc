"""The files PoCL leaves in its cache for one build: its copy of the source, and per kernel and
local size the work-group function (`parallel.bc`) and its machine code (`KERNEL.so`).

With POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES=1 the cache holds, for a program,
`XX/HASH/program.bc` and `XX/HASH/KERNEL/X-Y-Z-goffs0-smallgrid/` for each local size
X x Y x Z a launch used. PoCL writes its copy of the source as `tempfile_XXXXXX.cl` at
the top of the cache; the remarks and the debug information name that file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

WORK_GROUP_BITCODE = "parallel.bc"
_SOURCE_GLOB = "tempfile_*.cl"
DYNAMIC = 0  # in a folder's size: a work-group function for any local size


@dataclass(frozen=True)
class PoclFiles:
    """What the cache holds for one kernel; empty bytes for what it lacks."""

    source_path: str  # absolute path of PoCL's copy of the source, "" if none
    work_group_bitcode: bytes
    machine_code: bytes
    local_size: tuple[int, ...]  # what the work-group function was made for; () for any size


def pocl_files(
    cache: Path, kernel: str, local_size: tuple[int, ...] | None, dimensions: int, source: str
) -> PoclFiles:
    """The files for `kernel` built for `local_size` (None: whichever size the launch used)
    in an index space of `dimensions`, from the program whose text is `source`."""
    source_path = _copy_of(cache, source)
    folders = sorted(p.parent for p in cache.glob(f"*/*/{kernel}/*/{WORK_GROUP_BITCODE}"))
    sized = [(folder, _size_of(folder.name)) for folder in folders]
    if local_size:
        wanted = _padded(local_size)
        sized = [(f, s) for f, s in sized if s == wanted]
    # PoCL also makes a function for any local size (`0-0-0`), to fill in a program
    # binary, say; a launch it made a function for its own size for ran that one.
    sized.sort(key=lambda found: (DYNAMIC in found[1], found[0].name))
    chosen = sized[0] if sized else None
    if chosen is None:
        return PoclFiles(source_path, b"", b"", ())
    folder, size = chosen
    code = folder / f"{kernel}.so"
    machine_code = code.read_bytes() if code.is_file() else b""
    used = () if DYNAMIC in size else size[:dimensions]
    return PoclFiles(source_path, (folder / WORK_GROUP_BITCODE).read_bytes(), machine_code, used)


def _size_of(name: str) -> tuple[int, ...]:
    """`64-1-1-goffs0-smallgrid` -> (64, 1, 1); () for a name of another shape."""
    parts = name.split("-")[:3]
    return tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else ()


def _padded(size: tuple[int, ...]) -> tuple[int, ...]:
    return (*size, *(1,) * (3 - len(size)))


def _copy_of(cache: Path, source: str) -> str:
    """PoCL's copy of `source` (its line table names it), "" if none.

    The cache holds a copy of every program the worker built, under a random name: a
    typedef'd argument's probe program (engine/type_probe) sits beside the session's.
    """
    wanted = source.encode("utf-8")
    copies = sorted(cache.glob(_SOURCE_GLOB), key=lambda path: path.stat().st_mtime_ns)
    same = [path for path in copies if _holds(path, wanted)]
    chosen = same or copies  # a driver that rewrote the text: the latest program built
    return str(chosen[-1].resolve()) if chosen else ""


def _holds(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False
