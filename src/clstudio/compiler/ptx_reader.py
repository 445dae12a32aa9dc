"""NVIDIA's OpenCL program binary (PTX text) as a listing, and the registers, spills and
stack per kernel that ptxas prints in a `-cl-nv-verbose` build log.

PTX is NVIDIA's portable assembly: the driver's ptxas turns it into the GPU's own code
when the program is loaded, so the registers a kernel really uses are known only from
ptxas's verbose log, not from the PTX (whose `%r<6>` counts are virtual registers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from clstudio.compiler.listing import ASM, Listing, ListingLine

VERBOSE_OPTION = "-cl-nv-verbose"
_ENTRY = re.compile(r"^\s*(?:\.visible\s+)?\.entry\s+(?P<name>[\w$]+)\s*\(?")
_LOC = re.compile(r"^\s*\.loc\s+(?P<file>\d+)\s+(?P<line>\d+)\s+(?P<column>\d+)")
_LABEL = re.compile(r"^\s*[\w$]+:\s*$")
_PREDICATE = re.compile(r"^@!?%\w+\s+")
_COMPILING = re.compile(r"Compiling entry function '(?P<name>[^']+)'")
_PROPERTIES = re.compile(r"Function properties for (?P<name>\S+)")
_FRAME = re.compile(
    r"(?P<stack>\d+) bytes stack frame, (?P<stores>\d+) bytes spill stores, "
    r"(?P<loads>\d+) bytes spill loads"
)
_USED = re.compile(r"Used (?P<registers>\d+) registers")
_SHARED = re.compile(r"(?P<bytes>\d+) bytes smem")


@dataclass(frozen=True)
class KernelResources:
    """What ptxas allotted one kernel, per work-item (registers, stack, spills) or per
    work-group (shared memory, OpenCL's __local)."""

    kernel: str
    registers: int | None = None
    stack_bytes: int | None = None
    spill_store_bytes: int | None = None
    spill_load_bytes: int | None = None
    shared_bytes: int = 0


def ptx_listing(text: str, kernel: str) -> Listing | None:
    """The `.entry` of `kernel` in PTX `text`, each instruction tied to the source line of
    the `.loc` before it (0 where the driver wrote none); None when the kernel is absent."""
    rows: list[ListingLine] = []
    line = column = 0
    inside = False
    for raw in text.splitlines():
        stripped = raw.strip()
        if not inside:
            match = _ENTRY.match(raw)
            inside = bool(match and match["name"] == kernel)
            if inside:
                rows.append(ListingLine(raw.rstrip()))
            continue
        located = _LOC.match(raw)
        if located:
            line, column = int(located["line"]), int(located["column"])
        rows.append(ListingLine(raw.rstrip(), line, column, _mnemonic(stripped)))
        if stripped == "}":
            return Listing(ASM, kernel, tuple(rows))
    return Listing(ASM, kernel, tuple(rows)) if rows else None


def _mnemonic(stripped: str) -> str:
    """`ld.global.f32` of an instruction; "" for directives, labels, braces and comments."""
    if not stripped or stripped[0] in ".{}/)(" or _LABEL.match(stripped):
        return ""
    stripped = _PREDICATE.sub("", stripped)
    return stripped.split(None, 1)[0].rstrip(";")


def kernel_resources(log: str) -> dict[str, KernelResources]:
    """Each kernel's registers, stack frame and spills from a verbose build log (ptxas's
    `info` lines); empty when the log has none (not NVIDIA, or no `-cl-nv-verbose`)."""
    found: dict[str, KernelResources] = {}
    entry = properties = ""
    for line in log.splitlines():
        if match := _COMPILING.search(line):
            entry = properties = match["name"]
            found.setdefault(entry, KernelResources(entry))
        elif match := _PROPERTIES.search(line):
            properties = match["name"]
        elif (match := _FRAME.search(line)) and properties in found:
            found[properties] = replace(
                found[properties],
                stack_bytes=int(match["stack"]),
                spill_store_bytes=int(match["stores"]),
                spill_load_bytes=int(match["loads"]),
            )
        elif (match := _USED.search(line)) and entry in found:
            shared = _SHARED.search(line)
            found[entry] = replace(
                found[entry],
                registers=int(match["registers"]),
                shared_bytes=int(shared["bytes"]) if shared else 0,
            )
    return found
