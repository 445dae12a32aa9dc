"""Oclgrind's executed instruction counts read into operations by kind and bytes per space.

With OCLGRIND_INST_COUNTS=1 Oclgrind prints, after each kernel, one line per
instruction name: `4096 - call llvm.fmuladd.f32()`, `64 - load global (1024 bytes)`.
Plain opcodes (`fadd`, `fmul`) carry no type, so a vector instruction counts once:
their lane widths come from the kernel's IR (lane_widths), never guessed. Built-ins
that move memory inside the simulator (vload4) count no load: built_in_memory
reads their bytes from their names, or refuses the kernel.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from clstudio.counts.built_in_memory import refused_call, vector_memory
from clstudio.counts.lane_widths import CountingError, LaneWidths, call_lanes

KINDS = ("add", "multiply", "fma", "division", "special")
SPACES = ("global", "constant", "local", "private")
FLOPS_PER_OPERATION = {"add": 1, "multiply": 1, "fma": 2, "division": 1, "special": 1}

_LINE = re.compile(r"^\s*(?P<count>\d+) - (?P<name>.+?)\s*$")
_MEMORY = re.compile(r"^(?P<op>load|store) (?P<space>\w+) \((?P<bytes>\d+) bytes\)$")
_CALL = re.compile(r"^call (?P<callee>[\w.$]+)\(\)$")
OPCODE_KINDS = {"fadd": "add", "fsub": "add", "fneg": "add", "fmul": "multiply", "fdiv": "division"}
OPCODE_KINDS["frem"] = "division"
_FMA = {"fma", "mad", "fmuladd"}
_DIVISION = {"divide", "native_divide", "half_divide", "recip", "native_recip", "half_recip"}
_SPECIAL = {
    "sqrt", "rsqrt", "cbrt", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p",
    "pow", "pown", "powr", "rootn", "sin", "cos", "tan", "sincos", "asin", "acos", "atan",
    "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "sinpi", "cospi", "tanpi",
    "erf", "erfc", "tgamma", "lgamma", "hypot",
}  # fmt: skip


@dataclass(frozen=True)
class ExecutedCounts:
    """What one launch executed: the raw lines, read for one kernel."""

    kernel: str
    instructions: tuple[tuple[str, int], ...]  # (name as Oclgrind prints it, count)


@dataclass(frozen=True)
class OperationCounts:
    """Floating-point operations by kind (each vector lane counted) and bytes per space."""

    operations: Mapping[str, int]  # KINDS -> executed operations
    loaded: Mapping[str, int]  # SPACES -> bytes
    stored: Mapping[str, int]

    @property
    def flops(self) -> int:
        """A fused multiply-add is two floating-point operations."""
        return sum(FLOPS_PER_OPERATION[k] * n for k, n in self.operations.items())

    @property
    def global_bytes(self) -> int:
        """Bytes loaded and stored in __global (and __constant, which lives there)."""
        spaces = ("global", "constant")
        return sum(self.loaded.get(s, 0) + self.stored.get(s, 0) for s in spaces)

    def scaled(self, factor: float) -> OperationCounts:
        """Counts of a sample of work-groups scaled to the whole range."""

        def scale(values: Mapping[str, int]) -> dict[str, int]:
            return {key: round(value * factor) for key, value in values.items()}

        return OperationCounts(scale(self.operations), scale(self.loaded), scale(self.stored))


def read_counts(printed: str, kernel: str) -> ExecutedCounts | None:
    """The block of counts for `kernel` that `printed`, one launch's output, ends with.

    Oclgrind prints the block when the kernel has ended, after every work-item's printf,
    so only its end is Oclgrind's: a kernel that prints a block, or a heading, or leaves
    its last line open, cannot speak for it. None when the text does not end with one.
    """
    lines = printed.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()  # the blank line Oclgrind ends its block with
    instructions = []
    while lines and (line := _LINE.match(lines[-1])):
        instructions.append((line["name"], int(line["count"])))
        lines.pop()
    # The heading may follow a kernel's printf that left its line open.
    if not lines or not lines[-1].endswith(_heading(kernel)):
        return None
    return ExecutedCounts(kernel, tuple(reversed(instructions)))


def _heading(kernel: str) -> str:
    return f"Instructions executed for kernel '{kernel}':"


def classify(executed: ExecutedCounts, widths: LaneWidths) -> OperationCounts:
    """Operations by kind and bytes by space; raises CountingError when a width is unknown."""
    operations = dict.fromkeys(KINDS, 0)
    loaded = dict.fromkeys(SPACES, 0)
    stored = dict.fromkeys(SPACES, 0)
    for name, count in executed.instructions:
        memory = _MEMORY.match(name)
        if memory is not None:
            side = loaded if memory["op"] == "load" else stored
            space = memory["space"]
            side[space] = side.get(space, 0) + int(memory["bytes"])
            continue
        if name in OPCODE_KINDS:
            operations[OPCODE_KINDS[name]] += count * widths.lanes(name)
            continue
        call = _CALL.match(name)
        if call is None:
            continue
        moved = vector_memory(call["callee"])
        if moved is not None:
            side = loaded if moved[0] == "load" else stored
            side[moved[1]] += count * moved[2]
            continue
        refused = refused_call(call["callee"])
        if refused is not None:
            raise CountingError(refused)
        kind = _call_kind(call["callee"])
        if kind is not None:
            operations[kind] += count * call_lanes(call["callee"])
    return OperationCounts(operations, loaded, stored)


def _call_kind(callee: str) -> str | None:
    """The kind of a built-in call, by its demangled name or its LLVM intrinsic."""
    if callee.startswith("llvm."):
        base = callee.split(".")[1]
        if base in _FMA:
            return "fma"
        return "special" if base in _SPECIAL else None
    name = _demangled_name(callee)
    for prefix in ("native_", "half_"):
        if name.startswith(prefix) and name[len(prefix) :] in _SPECIAL:
            return "special"
    if name in _FMA:
        return "fma"
    if name in _DIVISION:
        return "division"
    return "special" if name in _SPECIAL else None


def _demangled_name(callee: str) -> str:
    """`_Z4sqrtf` -> `sqrt`: the Itanium name's length-prefixed identifier."""
    found = re.match(r"_Z(\d+)", callee)
    if found is None:
        return callee
    start = found.end()
    return callee[start : start + int(found.group(1))]
