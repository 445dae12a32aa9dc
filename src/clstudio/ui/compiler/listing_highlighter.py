"""Syntax colouring of an LLVM IR or x86-64 assembly listing, in the editor's colours.

Each row starts with the learner's source line number (or blanks), which is coloured
like the editor's gutter; then the IR's or the instruction's own words.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument

from clstudio.compiler import IR
from clstudio.ui.editor.editor_colors import LIGHT, EditorColors

GUTTER = 6  # "  18  " before each row's text
_IR_TOKENS = re.compile(
    r"""(?P<comment>;.*)
    |(?P<vector><\d+\ x\ [\w*]+>)
    |(?P<value>[%@][\w.$-]+|[%@]"[^"]*")
    |(?P<metadata>![\w.]+)
    |(?P<number>-?\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b|0x[0-9A-Fa-f]+)
    |(?P<word>\b[a-z_][\w.]*\b)
    """,
    re.VERBOSE,
)
_ASM_TOKENS = re.compile(
    r"""(?P<vector>\b[xyz]mm\d+\b|\bk[0-7]\b)
    |(?P<register>\b(?:[re]?[abcd]x|[abcd][lh]|[re]?(?:si|di|bp|sp|ip)|r\d+[dwb]?)\b)
    |(?P<number>\b0x[0-9a-f]+\b|\b\d+\b)
    |(?P<size>\b(?:byte|word|dword|qword|xmmword|ymmword|zmmword)\ ptr\b)
    """,
    re.VERBOSE,
)
_IR_TYPES = frozenset(("void", "float", "double", "half", "ptr", "i1", "i8", "i16", "i32", "i64"))
_LABEL = re.compile(r"^[\w.$-]+:")


class ListingHighlighter(QSyntaxHighlighter):
    """Colours opcodes, mnemonics, vector types and registers, values, numbers, comments."""

    def __init__(self, document: QTextDocument, language: str, colors: EditorColors = LIGHT):
        super().__init__(document)
        self._language = language
        self._formats: dict[str, QTextCharFormat] = {}
        self.set_colors(colors)

    def set_colors(self, colors: EditorColors) -> None:
        roles = {
            "gutter": colors.gutter_text,
            "mnemonic": colors.keyword,
            "vector": colors.qualifier,
            "type": colors.type,
            "value": colors.builtin,
            "register": colors.type,
            "number": colors.number,
            "comment": colors.comment,
            "metadata": colors.comment,
            "size": colors.comment,
            "label": colors.preprocessor,
        }
        for role, colour in roles.items():
            fmt = QTextCharFormat()
            fmt.setForeground(QColor(colour))
            if role in ("mnemonic", "vector", "label"):
                fmt.setFontWeight(QFont.Weight.Bold)
            self._formats[role] = fmt
        self.rehighlight()

    def highlightBlock(self, text: str) -> None:
        self.setFormat(0, min(GUTTER, len(text)), self._formats["gutter"])
        body = text[GUTTER:]
        if self._language == IR:
            self._ir(body)
        else:
            self._asm(body)

    def _ir(self, body: str) -> None:
        if _LABEL.match(body):
            self.setFormat(GUTTER, body.index(":") + 1, self._formats["label"])
        first_word = True
        for match in _IR_TOKENS.finditer(body):
            kind = match.lastgroup or ""
            if kind == "word":
                word = match.group()
                if word in _IR_TYPES:
                    kind = "type"
                elif first_word and not body.startswith("define"):
                    kind, first_word = "mnemonic", False
                else:
                    continue
            self.setFormat(GUTTER + match.start(), len(match.group()), self._formats[kind])

    def _asm(self, body: str) -> None:
        mnemonic = len(body.split(" ", 1)[0])
        self.setFormat(GUTTER, mnemonic, self._formats["mnemonic"])
        for match in _ASM_TOKENS.finditer(body, mnemonic):
            kind = match.lastgroup or ""
            self.setFormat(GUTTER + match.start(), len(match.group()), self._formats[kind])
