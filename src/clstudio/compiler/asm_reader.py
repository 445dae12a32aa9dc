"""x86-64 assembly of one function in an ELF file, tied to source lines by its DWARF line table.

pyelftools finds the function's bytes (its symbol) and the line program; capstone
decodes the bytes. Nothing here runs the code or needs binutils: a learner's machine
has only what pip brings.
"""

from __future__ import annotations

import io
import re
from bisect import bisect_right
from dataclasses import dataclass

from clstudio.compiler.listing import ASM, Listing, ListingLine

_FRAME_SETUP = ("rbp, rsp",)
_ALIGNS = re.compile(r"^and rsp, ")


class ElfError(ValueError):
    """Bytes that are not an ELF file for x86-64, or that lack the function asked for."""


@dataclass(frozen=True)
class FunctionCode:
    """A function's machine code and where it sits."""

    name: str
    address: int
    code: bytes


def function_names(elf_bytes: bytes) -> tuple[str, ...]:
    """The functions an ELF file defines, in address order."""
    return tuple(f.name for f in sorted(_functions(elf_bytes), key=lambda f: f.address))


def asm_listing(elf_bytes: bytes, function: str, source_name: str = "") -> Listing:
    """The assembly of `function`, each instruction with the learner's line where DWARF has one.

    `source_name` is the end of the learner's file name in the line table; "" takes any
    `.cl` file.
    """
    import capstone

    code = next((f for f in _functions(elf_bytes) if f.name == function), None)
    if code is None:
        raise ElfError(f"no function {function!r} in the file")
    places = _line_places(elf_bytes, source_name)
    addresses = [address for address, _, _ in places]
    decoder = capstone.Cs(capstone.CS_ARCH_X86, capstone.CS_MODE_64)
    rows = []
    for instruction in decoder.disasm(code.code, code.address):
        line = column = 0
        at = bisect_right(addresses, instruction.address) - 1
        if at >= 0:
            _, line, column = places[at]
        text = f"{instruction.mnemonic} {instruction.op_str}".strip()
        offset = instruction.address - code.address
        rows.append(ListingLine(text, line, column, instruction.mnemonic, offset))
    return Listing(ASM, function, tuple(rows))


def stack_bytes(listing: Listing) -> int | None:
    """The stack frame the function's prologue sets up: its pushes and `sub rsp, N`.

    A frame pointer (`mov rbp, rsp`) and a realignment (`and rsp, -32`) are passed over;
    None when the frame is made some other way (`sub rsp, rax`).
    """
    total = 0
    for row in listing.lines:
        operands = row.text.removeprefix(row.mnemonic).strip()
        if row.mnemonic == "push":
            total += 8
        elif row.mnemonic == "sub" and operands.startswith("rsp, "):
            try:
                return total + int(operands.removeprefix("rsp, "), 0)
            except ValueError:
                return None
        elif not (row.mnemonic == "endbr64" or operands in _FRAME_SETUP or _ALIGNS.match(row.text)):
            return total
    return total


def _functions(elf_bytes: bytes) -> list[FunctionCode]:
    """Every defined function symbol with its bytes."""
    from elftools.common.exceptions import ELFError
    from elftools.elf.elffile import ELFFile
    from elftools.elf.sections import SymbolTableSection

    try:
        elf = ELFFile(io.BytesIO(elf_bytes))
        if elf["e_machine"] != "EM_X86_64":
            raise ElfError(f"the code is for {elf['e_machine']}, not x86-64")
        found: dict[str, FunctionCode] = {}
        for table in elf.iter_sections():
            if not isinstance(table, SymbolTableSection):
                continue
            for symbol in table.iter_symbols():
                if symbol["st_info"]["type"] != "STT_FUNC" or not symbol["st_size"]:
                    continue
                index = symbol["st_shndx"]
                if not isinstance(index, int) or symbol.name in found:
                    continue
                section = elf.get_section(index)
                start = symbol["st_value"] - (section["sh_addr"] or 0)
                data = section.data()[start : start + symbol["st_size"]]
                found[symbol.name] = FunctionCode(symbol.name, symbol["st_value"], data)
        return list(found.values())
    except ELFError as exc:
        raise ElfError(str(exc)) from None


def _line_places(elf_bytes: bytes, source_name: str) -> list[tuple[int, int, int]]:
    """(address, line, column) rows of the DWARF line table, sorted; line 0 for other files.

    Every row counts, the learner's or not, so that an instruction from a header is not
    credited to the learner line before it.
    """
    from elftools.common.exceptions import DWARFError, ELFError
    from elftools.elf.elffile import ELFFile

    wanted = source_name or ".cl"
    places = []
    try:
        elf = ELFFile(io.BytesIO(elf_bytes))
        if not elf.has_dwarf_info():
            return []
        dwarf = elf.get_dwarf_info()
        for unit in dwarf.iter_CUs():
            program = dwarf.line_program_for_CU(unit)
            if program is None:
                continue
            files = _file_names(program)
            for entry in program.get_entries():
                state = entry.state
                if state is None or state.end_sequence:
                    continue
                mine = files.get(state.file, "").endswith(wanted)
                line, column = (state.line, state.column) if mine else (0, 0)
                places.append((state.address, line, column))
    except (ELFError, DWARFError):
        return []
    places.sort(key=lambda place: place[0])
    return places


def _file_names(program: object) -> dict[int, str]:
    """File numbers of a line program to their names: 1-based before DWARF 5, 0-based from it."""
    header = program.header  # type: ignore[attr-defined]
    entries = header["file_entry"]
    first = 0 if header["version"] >= 5 else 1
    return {
        first + index: entry.name.decode("utf-8", errors="replace")
        for index, entry in enumerate(entries)
    }
