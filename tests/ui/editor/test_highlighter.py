"""The OpenCL C highlighter: what each kind of token looks like on screen."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from PySide6.QtGui import QPalette, QTextDocument
from PySide6.QtWidgets import QApplication, QPlainTextDocumentLayout
from pytestqt.qtbot import QtBot

from clstudio.ui.editor.editor_colors import DARK, LIGHT, colors_for
from clstudio.ui.editor.highlighter import OpenCLHighlighter
from clstudio.ui.theme import dark_palette, light_palette


class Highlight:
    """Highlight some source; returns a function (line, text) -> colour of that token."""

    def __init__(self) -> None:
        self.document = QTextDocument()
        # As in the editor: a document without a layout announces no changes to highlight.
        self.document.setDocumentLayout(QPlainTextDocumentLayout(self.document))
        self.highlighter = OpenCLHighlighter(self.document, LIGHT)

    def __call__(self, source: str) -> Callable[[int, str], str | None]:
        document = self.document
        document.setPlainText(source)

        def colour_of(line: int, token: str) -> str | None:
            """The colour of the first whole `token` on the line; None when uncoloured."""
            block = document.findBlockByNumber(line - 1)
            found = re.search(rf"(?<!\w){re.escape(token)}(?!\w)", block.text())
            assert found is not None, token
            start = found.start()
            for fmt in block.layout().formats():
                if fmt.start <= start and start + len(token) <= fmt.start + fmt.length:
                    return fmt.format.foreground().color().name()
            return None

        return colour_of


@pytest.fixture
def highlight(qapp: QApplication) -> Highlight:
    return Highlight()


KERNEL = """#define N 256
// Add two vectors of float4
__kernel void add(__global const float4 *a, __global float4 *out, __local uchar16 *tmp,
                  read_only image2d_t img, sampler_t s)
{
    size_t i = get_global_id(0);
    if (i >= N) return;
    float4 v = vload4(i, (__global const float *)a) * 1.0f + 0x1Fu + 10UL + 1e-3h;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&counter, 1);
    out[i] = convert_float4_sat(v) + native_sqrt(v); /* a comment
    that spans lines */ int after;
    printf("i = %d\\n", i);
}
"""


def test_keywords_qualifiers_types_and_builtins_have_their_colours(
    highlight: Highlight,
) -> None:
    colour = highlight(KERNEL)
    assert colour(7, "if") == LIGHT.keyword
    assert colour(7, "return") == LIGHT.keyword
    assert colour(3, "__kernel") == LIGHT.qualifier
    assert colour(3, "__global") == LIGHT.qualifier
    assert colour(3, "__local") == LIGHT.qualifier
    assert colour(4, "read_only") == LIGHT.qualifier
    assert colour(3, "float4") == LIGHT.type
    assert colour(3, "uchar16") == LIGHT.type
    assert colour(4, "image2d_t") == LIGHT.type
    assert colour(4, "sampler_t") == LIGHT.type
    assert colour(6, "size_t") == LIGHT.type
    assert colour(6, "get_global_id") == LIGHT.builtin
    assert colour(8, "vload4") == LIGHT.builtin
    assert colour(9, "barrier") == LIGHT.builtin
    assert colour(10, "atomic_add") == LIGHT.builtin
    assert colour(11, "convert_float4_sat") == LIGHT.builtin
    assert colour(11, "native_sqrt") == LIGHT.builtin
    assert colour(9, "CLK_LOCAL_MEM_FENCE") == LIGHT.constant


def test_plain_names_stay_plain(
    highlight: Highlight,
) -> None:
    colour = highlight(KERNEL)
    assert colour(3, "add") is None
    assert colour(6, "i") is None
    assert colour(10, "counter") is None


def test_numbers_with_suffixes_are_numbers(
    highlight: Highlight,
) -> None:
    colour = highlight(KERNEL)
    for token in ("1.0f", "0x1Fu", "10UL", "1e-3h"):
        assert colour(8, token) == LIGHT.number, token
    assert colour(6, "0") == LIGHT.number
    # The 4 of float4 belongs to the type, not to a number.
    assert colour(8, "float4") == LIGHT.type


def test_comments_strings_and_directives(
    highlight: Highlight,
) -> None:
    colour = highlight(KERNEL)
    assert colour(1, "#define N 256") == LIGHT.preprocessor
    assert colour(2, "// Add two vectors of float4") == LIGHT.comment
    assert colour(11, "/* a comment") == LIGHT.comment
    assert colour(12, "that spans lines */") == LIGHT.comment
    assert colour(12, "int") == LIGHT.type, "code resumes after the comment closes"
    assert colour(13, '"i = %d\\n"') == LIGHT.string
    assert colour(13, "printf") == LIGHT.builtin


def test_an_unclosed_comment_runs_to_the_end(
    highlight: Highlight,
) -> None:
    colour = highlight("int a; /* open\nfloat4 b;\n__kernel */ int c;")
    assert colour(2, "float4 b;") == LIGHT.comment
    assert colour(3, "__kernel */") == LIGHT.comment
    assert colour(3, "int") == LIGHT.type


def test_a_directive_continues_over_a_backslash(
    highlight: Highlight,
) -> None:
    colour = highlight("#define SQUARE(x) \\\n    ((x) * (x))\nint y;")
    assert colour(2, "((x) * (x))") == LIGHT.preprocessor
    assert colour(3, "int") == LIGHT.type


def test_colours_follow_a_dark_palette(
    highlight: Highlight,
) -> None:
    colour = highlight("__kernel void f() {}")
    assert colors_for(dark_palette()) is DARK
    assert colors_for(light_palette()) is LIGHT
    highlight.highlighter.set_colors(colors_for(dark_palette()))
    assert colour(1, "__kernel") == DARK.qualifier
    assert colour(1, "void") == DARK.type


def test_the_editor_recolours_when_the_application_palette_turns_dark(
    qtbot: QtBot, qapp: QApplication
) -> None:
    from clstudio.ui.editor.code_editor import CodeEditor

    editor = CodeEditor()
    qtbot.addWidget(editor)
    editor.set_source("__kernel void f() {}")
    qapp.setPalette(dark_palette())
    qtbot.waitUntil(lambda: editor.colors is DARK)
    block = editor.document().firstBlock()
    first = block.layout().formats()[0]
    assert first.format.foreground().color().name() == DARK.qualifier
    assert editor.palette().color(QPalette.ColorRole.Window).lightness() < 128
