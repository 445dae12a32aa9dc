"""LLVM IR from bitcode, through llvmlite: one function's listing and its work-group loop.

llvmlite carries an LLVM of its own, so bitcode from PoCL's older LLVM reads in the
newer syntax (`ptr`, `captures(none)`). The line table comes from the `!dbg` attachments
and their `!DILocation`s, kept when their scope lies in the learner's file; a location
inlined from elsewhere (a header) is followed along `inlinedAt` to the learner's line.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from clstudio.compiler.listing import IR, Listing, ListingLine

_METADATA = re.compile(r"^!(?P<id>\d+) = (?:distinct )?!(?P<kind>\w*)(?P<body>.*)$")
_FIELD = re.compile(r'(?P<name>\w+): (?P<value>!\d+|"(?:[^"\\]|\\.)*"|[-\w]+)')
_DEFINE = re.compile(r"^define .*?@(?P<name>[\w.$]+|\"[^\"]+\")\(")
_ATTACHMENT = re.compile(r",? !(?P<name>[\w.]+) !(?P<id>\d+)")
_ASSIGNED = re.compile(r"^\s*%[\w.\-]+ = (?P<rest>.*)$")
_CALLEE = re.compile(r"@(?P<name>[\w.$]+)\(")
_LABEL = re.compile(r'^(?:[\w.$-]+|"[^"]+"):')
_LANES = re.compile(r"<(?P<lanes>\d+) x (?P<type>[\w*]+)>")
_PREFIXES = ("tail", "musttail", "notail")
PARALLEL_LOOP = "llvm.loop.parallel_accesses"  # PoCL marks its work-group loops so
VECTORISED_LOOP = "llvm.loop.isvectorized"


class BitcodeError(ValueError):
    """Bytes that llvmlite does not read as LLVM bitcode."""


@dataclass(frozen=True)
class WorkGroupLoop:
    """How the loop PoCL made over a work-group's items came out of the optimiser."""

    found: bool  # False when the loop was unrolled away, or the group has one item
    vectorised: bool
    width: int  # the vector lanes its body works on; 1 when scalar, 0 when not found


def module_text(bitcode: bytes) -> str:
    """The module's IR as text; BitcodeError when the bytes are not bitcode."""
    import llvmlite.binding as llvm  # loaded only by those that read IR: it is large

    try:
        return str(llvm.parse_bitcode(bitcode))
    except RuntimeError as exc:
        raise BitcodeError(str(exc).strip()) from None


def defined_functions(text: str) -> tuple[str, ...]:
    """The functions the module defines (not only declares), in order."""
    found = (_DEFINE.match(line) for line in text.splitlines())
    return tuple(m["name"].strip('"') for m in found if m)


def ir_listing(text: str, function: str, source_name: str = "") -> Listing:
    """The listing of `function`; its lines carry the learner's source lines.

    `source_name` is the end of the learner's file name as the debug information has
    it (PoCL's temporary copy); "" takes any `.cl` file.
    """
    table = _LineTable(text, source_name)
    rows = []
    for raw in _function_lines(text, function):
        attachments = {m["name"]: int(m["id"]) for m in _ATTACHMENT.finditer(raw)}
        shown = _ATTACHMENT.sub("", raw).rstrip()
        line, column = table.place(attachments.get("dbg", -1))
        rows.append(ListingLine(shown, line, column, _opcode(shown)))
    return Listing(IR, function, tuple(rows))


def work_group_loop(text: str, function: str) -> WorkGroupLoop:
    """The work-group loop of `function`: whether it vectorised, and over how many lanes."""
    loops = _loop_properties(text)
    lines = list(_function_lines(text, function))
    block_start = 0
    found = False
    widths: Counter[int] = Counter()
    for index, raw in enumerate(lines):
        if _LABEL.match(raw):
            block_start = index
        loop = next(
            (int(m["id"]) for m in _ATTACHMENT.finditer(raw) if m["name"] == "llvm.loop"), -1
        )
        if PARALLEL_LOOP not in loops.get(loop, ()):
            continue
        found = True
        if VECTORISED_LOOP in loops[loop]:
            for body in lines[block_start:index]:
                widths.update(int(m["lanes"]) for m in _LANES.finditer(body) if m["type"] != "i1")
    if not found:
        return WorkGroupLoop(False, False, 0)
    if not widths:
        return WorkGroupLoop(True, False, 1)
    return WorkGroupLoop(True, True, widths.most_common(1)[0][0])


def _function_lines(text: str, function: str) -> list[str]:
    lines = text.splitlines()
    for start, line in enumerate(lines):
        match = _DEFINE.match(line)
        if match and match["name"].strip('"') == function:
            end = next((i for i in range(start, len(lines)) if lines[i] == "}"), len(lines) - 1)
            return lines[start : end + 1]
    raise KeyError(function)


def _opcode(shown: str) -> str:
    """The instruction's opcode (`fmul`, `call @llvm.fmuladd.v8f32`); "" for other lines."""
    if not shown.startswith("  ") or shown.lstrip().startswith(";"):
        return ""
    assigned = _ASSIGNED.match(shown)
    words = (assigned["rest"] if assigned else shown).split()
    while words and words[0] in _PREFIXES:
        words = words[1:]
    if not words:
        return ""
    if words[0] in ("call", "invoke"):
        callee = _CALLEE.search(shown)
        return f"{words[0]} @{callee['name']}" if callee else words[0]
    return words[0]


def _loop_properties(text: str) -> dict[int, tuple[str, ...]]:
    """Each loop metadata node (`!78 = distinct !{!78, !61, !80}`) with the names it holds."""
    names: dict[int, str] = {}
    nodes: dict[int, list[int]] = {}
    for line in text.splitlines():
        match = _METADATA.match(line)
        if match is None or match["kind"]:
            continue
        body = match["body"]
        name = re.match(r'^\{!"(?P<name>[\w.]+)"', body)
        if name:
            names[int(match["id"])] = name["name"]
        nodes[int(match["id"])] = [int(n) for n in re.findall(r"!(\d+)", body)]
    return {
        node: tuple(names[member] for member in members if member in names)
        for node, members in nodes.items()
    }


class _LineTable:
    """`!dbg` numbers to the learner's (line, column), from the module's metadata."""

    def __init__(self, text: str, source_name: str) -> None:
        self._fields: dict[int, dict[str, str]] = {}
        self._kinds: dict[int, str] = {}
        for line in text.splitlines():
            match = _METADATA.match(line)
            if match and match["kind"]:
                node = int(match["id"])
                self._kinds[node] = match["kind"]
                self._fields[node] = {m["name"]: m["value"] for m in _FIELD.finditer(match["body"])}
        self._source_name = source_name

    def place(self, location: int) -> tuple[int, int]:
        for _ in range(64):  # inlinedAt chains are short; a cycle would be a broken module
            fields = self._fields.get(location)
            if fields is None or self._kinds.get(location) != "DILocation":
                return 0, 0
            if self._in_learner_file(fields.get("scope", "")):
                return int(fields.get("line", 0)), int(fields.get("column", 0))
            location = _reference(fields.get("inlinedAt", ""))
        return 0, 0

    def _in_learner_file(self, scope: str) -> bool:
        node = _reference(scope)
        fields = self._fields.get(node, {})
        if self._kinds.get(node) != "DIFile":
            node = _reference(fields.get("file", ""))
            fields = self._fields.get(node, {})
        name = fields.get("filename", "").strip('"')
        wanted = self._source_name or ".cl"
        return name.endswith(wanted)


def _reference(value: str) -> int:
    return int(value[1:]) if value.startswith("!") and value[1:].isdigit() else -1
