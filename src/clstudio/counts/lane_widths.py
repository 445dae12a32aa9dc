"""How many lanes each floating-point instruction works on, read from the kernel's IR.

Oclgrind counts `fmul` once whether it multiplies a float or a float4; its calls
carry their types (`llvm.fmuladd.v4f32`, `_Z3expDv4_f`). The IR it executed (its
program's binary is that IR's bitcode) tells each opcode's widths; when one opcode appears
at several widths the executed count cannot be split, and counting is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from clstudio.common import gettext

_ARITHMETIC = re.compile(
    r"=\s*(?P<op>fadd|fsub|fmul|fdiv|frem|fneg)\s+(?:(?:fast|nnan|ninf|nsz|arcp|contract|afn"
    r"|reassoc)\s+)*(?P<type><\s*(?P<lanes>\d+)\s*x\s*\w+\s*>|half|float|double)"
)
_INTRINSIC_LANES = re.compile(r"\.v(?P<lanes>\d+)f(?:16|32|64)\b")
_MANGLED_VECTOR = re.compile(r"^_Z\d+\w*?Dv(?P<lanes>\d+)_")


class CountingError(Exception):
    """The counts cannot be told exactly; the message says why, for the learner."""


@dataclass(frozen=True)
class LaneWidths:
    """Each floating-point opcode's set of lane widths in the kernel's IR."""

    widths: dict[str, frozenset[int]]

    def lanes(self, opcode: str) -> int:
        found = self.widths.get(opcode, frozenset({1}))
        if len(found) > 1:
            raise CountingError(
                gettext(
                    "the kernel does '{opcode}' at several widths ({widths} lanes), and "
                    "Oclgrind counts them together, so its floating-point operations "
                    "cannot be counted exactly"
                ).format(opcode=opcode, widths=", ".join(str(w) for w in sorted(found)))
            )
        return next(iter(found))


def lane_widths(ir_text: str) -> LaneWidths:
    """The widths of every floating-point opcode in the IR text."""
    widths: dict[str, set[int]] = {}
    for found in _ARITHMETIC.finditer(ir_text):
        lanes = int(found["lanes"]) if found["lanes"] else 1
        widths.setdefault(found["op"], set()).add(lanes)
    return LaneWidths({op: frozenset(w) for op, w in widths.items()})


def call_lanes(callee: str) -> int:
    """Lanes of a call from its name: `llvm.fma.v4f32` and `_Z3fmaDv4_fS_S_` are 4."""
    found = _INTRINSIC_LANES.search(callee) or _MANGLED_VECTOR.match(callee)
    return int(found["lanes"]) if found else 1
