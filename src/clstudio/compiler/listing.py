"""A listing of compiled code, LLVM IR or assembly, each line tied to the learner's source line."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

IR = "ir"
ASM = "asm"


@dataclass(frozen=True)
class ListingLine:
    """One line as shown; `line` and `column` are the learner's (1-based), 0 when none."""

    text: str
    line: int = 0
    column: int = 0
    mnemonic: str = ""  # the IR opcode or x86 mnemonic; "" for labels, headers, blanks
    address: int = -1  # assembly: the instruction's offset in the kernel's code


@dataclass(frozen=True)
class Listing:
    """The code of one function: `language` is IR or ASM."""

    language: str
    function: str
    lines: tuple[ListingLine, ...]

    def rows_for(self, source_line: int) -> tuple[int, ...]:
        """The rows (0-based) that came from `source_line`."""
        return tuple(i for i, row in enumerate(self.lines) if row.line == source_line and row.line)

    def source_lines(self) -> tuple[int, ...]:
        """The learner's lines this listing holds code for, in order."""
        return tuple(sorted({row.line for row in self.lines if row.line}))

    @property
    def instruction_count(self) -> int:
        return sum(1 for row in self.lines if row.mnemonic)

    def mnemonic_counts(self) -> dict[str, int]:
        """How often each mnemonic occurs; the basis of comparing two builds."""
        return dict(Counter(row.mnemonic for row in self.lines if row.mnemonic))
