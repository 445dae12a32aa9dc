"""OpenCL C syntax colouring, line by line, with comments and #defines that span lines."""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument

from clstudio.ui.editor.editor_colors import LIGHT, EditorColors
from clstudio.ui.editor.opencl_words import classify

# Block states carried from one line to the next.
NORMAL = -1  # Qt's own "no state"
IN_COMMENT = 1  # inside /* ... */
IN_DIRECTIVE = 2  # a preprocessor line ended with a backslash

# One pass over a line: the first alternative that matches at a position wins, so an
# identifier swallows its digits (float4) before the number rule could see them.
_TOKEN = re.compile(
    r"""(?P<line_comment>//.*)
    |(?P<block_comment>/\*)
    |(?P<string>"(?:\\.|[^"\\])*"?)
    |(?P<char>'(?:\\.|[^'\\])*'?)
    |(?P<word>[A-Za-z_]\w*)
    |(?P<number>
        0[xX][0-9a-fA-F]*(?:\.[0-9a-fA-F]*)?(?:[pP][+-]?\d+)?[uUlLfFhH]*
        |(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[uUlLfFhH]*)
    """,
    re.VERBOSE,
)
_DIRECTIVE = re.compile(r"^\s*#")


class OpenCLHighlighter(QSyntaxHighlighter):
    """Colours keywords, qualifiers, types, built-ins, numbers, strings, comments, directives."""

    def __init__(self, document: QTextDocument, colors: EditorColors = LIGHT) -> None:
        super().__init__(document)
        self._formats: dict[str, QTextCharFormat] = {}
        self._colors = colors
        self._make_formats(colors)

    @property
    def colors(self) -> EditorColors:
        return self._colors

    def set_colors(self, colors: EditorColors) -> None:
        """Recolour the whole document, for a theme change."""
        if colors == self._colors:
            return
        self._colors = colors
        self._make_formats(colors)
        self.rehighlight()

    def _make_formats(self, colors: EditorColors) -> None:
        kinds = (
            "keyword",
            "qualifier",
            "type",
            "builtin",
            "constant",
            "number",
            "string",
            "comment",
            "preprocessor",
        )
        for kind in kinds:
            fmt = QTextCharFormat()
            fmt.setForeground(QColor(getattr(colors, kind)))
            if kind in ("keyword", "qualifier"):
                fmt.setFontWeight(QFont.Weight.Bold)
            if kind == "comment":
                fmt.setFontItalic(True)
            self._formats[kind] = fmt

    def highlightBlock(self, text: str) -> None:
        self.setCurrentBlockState(NORMAL)
        previous = self.previousBlockState()
        position = 0
        if previous == IN_COMMENT:
            position = self._comment_from(text, 0, continued=True)
            if self.currentBlockState() == IN_COMMENT:
                return
        in_directive = previous == IN_DIRECTIVE or bool(_DIRECTIVE.match(text))
        if in_directive:
            self.setFormat(position, len(text) - position, self._formats["preprocessor"])
        while position < len(text):
            match = _TOKEN.search(text, position)
            if match is None:
                break
            kind = match.lastgroup
            start, end = match.span()
            if kind == "block_comment":
                end = self._comment_from(text, start)
            elif kind == "line_comment":
                self.setFormat(start, end - start, self._formats["comment"])
            elif kind in ("string", "char"):
                self.setFormat(start, end - start, self._formats["string"])
            elif not in_directive:
                self._format_code(kind, match.group(), start, end)
            position = max(end, start + 1)
        if in_directive and text.endswith("\\") and self.currentBlockState() != IN_COMMENT:
            self.setCurrentBlockState(IN_DIRECTIVE)

    def _format_code(self, kind: str | None, token: str, start: int, end: int) -> None:
        group = classify(token) if kind == "word" else kind
        if group is not None:
            self.setFormat(start, end - start, self._formats[group])

    def _comment_from(self, text: str, start: int, continued: bool = False) -> int:
        """Colour a /* comment from `start`; returns where code resumes on this line.

        `continued` says the comment was opened on an earlier line, so a `*/` right at
        `start` closes it; a fresh `/*` needs two more characters (`/*/` is still open).
        """
        close = text.find("*/", start if continued else start + 2)
        if close < 0:
            self.setFormat(start, len(text) - start, self._formats["comment"])
            self.setCurrentBlockState(IN_COMMENT)
            return len(text)
        end = close + 2
        self.setFormat(start, end - start, self._formats["comment"])
        return end
