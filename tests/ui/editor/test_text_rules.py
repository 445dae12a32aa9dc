"""The editor's rules without the widget: token spans, columns, indentation, bracket pairs."""

from __future__ import annotations

import pytest

from clstudio.ui.editor import brackets, indentation
from clstudio.ui.editor.text_positions import (
    char_index,
    index_to_utf16,
    line_span,
    token_span,
    utf16_to_index,
)


@pytest.mark.parametrize(
    ("line", "index", "span"),
    [
        ("    a[i] = b + 1.0f;", 11, (11, 12)),  # b
        ("    int total = x;", 8, (8, 13)),  # total
        ("uint h = 2.5f;", 9, (9, 13)),  # 2.5f
        ("x = 0x1Fu + 1e-3h;", 4, (4, 9)),  # 0x1Fu
        ("x = 0x1Fu + 1e-3h;", 12, (12, 17)),  # 1e-3h
        ("    int total = x;", 10, (8, 13)),  # inside a word: the whole word
        ("a = b +;", 6, (6, 8)),  # no token starts here: the rest of the line
        ("c[i] = a[i] + * b[i];  ", 14, (14, 21)),
        ("float4 v = (float4)(1.0f)", 25, (11, 25)),  # past the end: the last run of text
        ("    return x", 40, (11, 12)),
        ("   ", 1, None),
        ("", 0, None),
    ],
)
def test_token_span(line: str, index: int, span: tuple[int, int] | None) -> None:
    assert token_span(line, index) == span


def test_line_span_is_the_visible_text() -> None:
    assert line_span("    return;  ") == (4, 11)
    assert line_span("  ") is None


def test_byte_columns_to_characters_and_document_positions() -> None:
    line = "/* é 😀 */ x"
    x_byte_column = len(line.encode("utf-8"))  # x is the last character
    assert char_index(line, x_byte_column) == len(line) - 1
    assert char_index(line, 10_000) == len(line)
    # The emoji takes two positions in a QTextDocument.
    assert index_to_utf16(line, len(line) - 1) == len(line)
    assert utf16_to_index(line, len(line)) == len(line) - 1
    assert utf16_to_index("abc", 2) == 2


@pytest.mark.parametrize(
    ("before", "after", "indents"),
    [
        ("    x = 1;", "", ("    ", None)),
        ("kernel void f() {", "", ("    ", None)),
        ("    if (a) {", "}", ("        ", "    ")),
        ("\tif (a) {  ", "", ("\t    ", None)),
    ],
)
def test_newline_indents(
    before: str, after: str, indents: tuple[str, None] | tuple[str, str]
) -> None:
    assert indentation.newline_indents(before, after) == indents


@pytest.mark.parametrize(
    ("whitespace", "less"), [("        ", "    "), ("      ", "    "), ("  ", ""), ("\t\t", "\t")]
)
def test_a_closing_brace_dedents_to_the_previous_stop(whitespace: str, less: str) -> None:
    assert indentation.dedented(whitespace) == less


def test_tab_stops_and_unindent() -> None:
    assert indentation.spaces_to_tab_stop(0) == "    "
    assert indentation.spaces_to_tab_stop(6) == "  "
    assert indentation.unindented("      x") == "  x"
    assert indentation.unindented("\tx") == "x"
    assert indentation.unindented("  x") == "x"


def test_bracket_pairs_skip_comments_and_strings() -> None:
    text = 'f(a, ")", /* ( */ g(b)) // )'
    assert brackets.match_brackets(text, 2) == (1, 22)
    assert brackets.match_brackets(text, 23) == (22, 1)
    assert brackets.match_brackets(text, 7) is None, "a bracket in a string pairs with nothing"
    assert brackets.match_brackets("(a", 1) == (0, None)
    code = brackets.code_only("a /* x\ny */ b")
    assert code == "a     \n     b", "blanked, with the line break kept"
