"""OpenCL C split into tokens with their positions, for the instrumented build's rewrite.

Comments and whitespace are not tokens (the rewrite copies the text between tokens
as it was); a preprocessor line, continuations included, is one token of kind "pp".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PUNCTUATORS = (  # longest first, so that "<<=" is not read as "<" "<="
    *("<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&"),
    *("||", "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "##"),
    *"[](){}.&*+-~!/%<>^|?:;=,#",
)
_PATTERN = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<comment>//[^\n]*|/\*.*?(?:\*/|\Z))"
    r"|(?P<ident>[A-Za-z_]\w*)"
    r"|(?P<number>\.?\d(?:[eEpP][+-]|[\w.])*)"
    r"|(?P<string>\"(?:\\.|[^\"\\\n])*\"?|'(?:\\.|[^'\\\n])*'?)"
    r"|(?P<punct>" + "|".join(re.escape(p) for p in _PUNCTUATORS) + r")"
    r"|(?P<other>.)",
    re.DOTALL,
)
_PP_LINE = re.compile(r"#(?:[^\n\\]|\\.|\\\n)*", re.DOTALL)


@dataclass(frozen=True)
class Token:
    kind: str  # ident, number, string, punct, pp, other
    text: str
    start: int  # offsets into the source
    end: int
    line: int  # 1-based


def tokenize(source: str) -> list[Token]:
    tokens: list[Token] = []
    position = 0
    line = 1
    while position < len(source):
        line_start = source.rfind("\n", 0, position) + 1
        if source[position] == "#" and not source[line_start:position].strip():
            found = _PP_LINE.match(source, position)
            assert found is not None
            tokens.append(Token("pp", found.group(), position, found.end(), line))
        else:
            found = _PATTERN.match(source, position)
            assert found is not None  # "other" matches any character
            kind = found.lastgroup or "other"
            if kind not in ("space", "comment"):
                tokens.append(Token(kind, found.group(), position, found.end(), line))
        line += found.group().count("\n")
        position = found.end()
    return tokens


def matching(tokens: list[Token], opening: int) -> int:
    """The index of the bracket that closes tokens[opening]; -1 when it is never closed."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    want = pairs[tokens[opening].text]
    depth = 0
    for index in range(opening, len(tokens)):
        text = tokens[index].text
        if tokens[index].kind != "punct":
            continue
        if text == tokens[opening].text:
            depth += 1
        elif text == want:
            depth -= 1
            if depth == 0:
                return index
    return -1
