"""The kernel's parameters and variables, found in its source: names, types, scopes.

Oclgrind has no `info locals` and prints values without types, so the debugger
asks for the variables the source declares where the work-item is paused, and
types what comes back by their declarations. A light scanner suffices for the
kernels learners write: it knows OpenCL C's scalar and vector type names,
`__local` and `__private`, arrays, and the scope of blocks and `for` loops.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from clstudio.common import OPENCL_SCALARS, VECTOR_WIDTHS

_SCALARS = (*OPENCL_SCALARS, "size_t", "ptrdiff_t", "intptr_t", "uintptr_t")
_TYPES = "|".join(
    [*(f"{s}{w}" for s in OPENCL_SCALARS if s != "bool" for w in VECTOR_WIDTHS), *_SCALARS]
)
_SPACES = {"__global": "global", "global": "global", "__local": "local", "local": "local"}
_SPACES |= {"__constant": "constant", "constant": "constant"}
_SPACES |= {"__private": "private", "private": "private"}
_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.S)
_CALL_OR_DEFINITION = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
_NOT_FUNCTIONS = frozenset(("if", "for", "while", "switch", "return", "sizeof", "__attribute__"))


def _declaration_pattern(types: str) -> re.Pattern[str]:
    return re.compile(
        r"(?:(?<=[;{}(])|^)\s*(?P<quals>(?:(?:__local|local|__private|private|const|volatile|"
        rf"unsigned|signed)\s+)*)(?P<type>{types})\b(?P<rest>(?:[^;{{}}]|\{{[^;{{}}]*\}})*?);",
        re.M,
    )


_DECLARATION = _declaration_pattern(_TYPES)
NO_TYPE_NAMES: Mapping[str, str] = {}
_DECLARATOR = re.compile(
    r"^\s*(?P<stars>\**)\s*(?P<name>[A-Za-z_]\w*)\s*(?P<dims>(?:\[[^\]]*\]\s*)*)"
)


@dataclass(frozen=True)
class Declaration:
    """One parameter or variable of the kernel."""

    name: str
    type_name: str  # "float", "float4", "float*", "float[16]"
    space: str  # "private", "local", "global" or "constant"; a pointer's: where it points
    pointer: bool
    dims: tuple[str, ...]  # an array's sizes as written ("16", "TILE"); () if not an array
    line: int  # where it is declared
    last_line: int  # where its scope ends
    parameter: bool = False
    written_type: str = ""  # as the source spells it, when a typedef names the type

    def in_scope(self, line: int) -> bool:
        return self.line <= line <= self.last_line

    @property
    def shown_type(self) -> str:
        """`DATA_TYPE (float)` for a typedef's name, else the type."""
        return f"{self.written_type} ({self.type_name})" if self.written_type else self.type_name


def kernel_declarations(
    source: str, function: str, type_names: Mapping[str, str] = NO_TYPE_NAMES
) -> tuple[Declaration, ...]:
    """The parameters of the kernel (or other function) `function`, then its variables in
    source order; () if the source defines no such function.

    `type_names` are the names a typedef or a macro gives types, with what the compiler
    says they stand for (DATA_TYPE: float): variables declared with them are found too,
    typed as the compiler types them."""
    code = _COMMENTS.sub(lambda m: re.sub(r"[^\n]", " ", m[0]), source)
    starts = [0, *(i + 1 for i, c in enumerate(code) if c == "\n")]

    def line_of(offset: int) -> int:
        return bisect.bisect_right(starts, offset)

    for match in _CALL_OR_DEFINITION.finditer(code):
        if match[1] != function or match[1] in _NOT_FUNCTIONS:
            continue
        close = _matching(code, match.end() - 1)
        after = code[close + 1 :].lstrip() if close >= 0 else ""
        if not after.startswith("{"):
            continue  # a call or a prototype, not the definition
        body = code.index("{", close)
        end = _matching(code, body)
        last = line_of(end if end >= 0 else len(code))
        found = list(_parameters(code[match.end() : close], line_of(match.start()), last))
        found += _variables(code, body, end if end >= 0 else len(code), line_of, type_names)
        return tuple(_resolved(d, type_names) for d in found)
    return ()


def _parameters(text: str, line: int, last: int) -> list[Declaration]:
    found = []
    for part in _top_level_split(text):
        words = part.replace("*", " * ").split()
        names = [w for w in words if re.fullmatch(r"[A-Za-z_]\w*", w)]
        if len(names) < 2:
            continue
        pointer = "*" in words
        space = next((_SPACES[w] for w in words if w in _SPACES), "private")
        type_words = [w for w in words[:-1] if w not in _SPACES and w not in ("const", "restrict")]
        type_name = " ".join(type_words).replace(" *", "*")
        found.append(Declaration(names[-1], type_name, space, pointer, (), line, last, True))
    return found


def _resolved(declaration: Declaration, type_names: Mapping[str, str]) -> Declaration:
    """The declaration typed as the compiler types it, its written type kept."""
    words = re.split(r"(\W)", declaration.type_name)
    if not any(w in type_names for w in words):
        return declaration
    resolved = "".join(type_names.get(w, w) for w in words)
    return replace(declaration, type_name=resolved, written_type=declaration.type_name)


def _variables(
    code: str,
    body: int,
    end: int,
    line_of: Callable[[int], int],
    type_names: Mapping[str, str] = NO_TYPE_NAMES,
) -> list[Declaration]:
    found = []
    pattern = _DECLARATION
    if type_names:
        names = "|".join(re.escape(n) for n in sorted(type_names, key=len, reverse=True))
        pattern = _declaration_pattern(f"{_TYPES}|{names}")
    for match in pattern.finditer(code, body + 1, end):
        quals = match["quals"].split()
        space = next((_SPACES[w] for w in quals if w in _SPACES), "private")
        base = ("u" + match["type"]) if "unsigned" in quals else match["type"]
        scope_end = _scope_end(code, match.start("type"), end)
        for part in _top_level_split(match["rest"]):
            declarator = _DECLARATOR.match(part)
            if declarator is None:
                break  # an expression such as `x * y;`, not a declaration
            dims = tuple(d.strip() for d in re.findall(r"\[([^\]]*)\]", declarator["dims"]))
            pointer = bool(declarator["stars"])
            type_name = base + ("*" if pointer else "") + "".join(f"[{d}]" for d in dims)
            found.append(
                Declaration(
                    declarator["name"],
                    type_name,
                    space,
                    pointer,
                    dims,
                    line_of(match.start("type")),
                    line_of(scope_end),
                )
            )
    return found


def _scope_end(code: str, at: int, end: int) -> int:
    """Where the block (or the `for` statement) holding offset `at` ends."""
    depth = 0
    for index in range(at - 1, -1, -1):
        char = code[index]
        if char in ")}":
            depth += 1
        elif char in "({":
            if depth:
                depth -= 1
                continue
            if char == "{":
                close = _matching(code, index)
                return close if close >= 0 else end
            close = _matching(code, index)  # a `for (...)`: its body ends its scope
            after = close + 1
            while after < len(code) and code[after].isspace():
                after += 1
            if after < len(code) and code[after] == "{":
                body_end = _matching(code, after)
                return body_end if body_end >= 0 else end
            statement_end = code.find(";", after)
            return statement_end if statement_end >= 0 else end
    return end


def _matching(code: str, open_at: int) -> int:
    """The offset of the bracket closing the one at `open_at`, or -1."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    closing = pairs[code[open_at]]
    depth = 0
    for index in range(open_at, len(code)):
        if code[index] == code[open_at]:
            depth += 1
        elif code[index] == closing:
            depth -= 1
            if depth == 0:
                return index
    return -1


def _top_level_split(text: str) -> list[str]:
    """`text` split at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return [p for p in parts if p.strip()]
