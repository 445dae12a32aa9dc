"""Random text through the escaping functions, then the real C compiler and Python parser.

Each string must come back exactly: a literal as its value, a docstring line as the
docstring's line, and a comment must end where it should, whatever the text holds
(line breaks, NUL, quotes, backslashes, trigraphs, `*/`, Chinese, lone surrogates).
"""

import ast
import random
import shutil
import subprocess
import tokenize
from io import StringIO

import pytest

from clstudio.hostcode.literals import (
    c_comment,
    c_string,
    python_comment,
    python_docstring_line,
    python_string,
)

# Characters that have ended literals and lines before, and ordinary ones around them.
NASTY = [*"\\\"'?*/#\n\r\t\x00\x0b\x0c\x1b\x7f\x85\u2028\u2029\ufeff{}%", "??/", '"""']
ALPHABETS = [
    (0x20, 0x7E),  # printable ASCII
    (0x00, 0x1F),  # control characters
    (0x80, 0xFF),  # Latin-1, C1 controls
    (0x4E00, 0x4E80),  # Chinese
    (0x1F600, 0x1F640),  # emoji, outside the BMP
    (0xD800, 0xDFFF),  # lone surrogates: Python literals only
]


def random_text(rng: random.Random, surrogates: bool) -> str:
    pieces = []
    for _ in range(rng.randrange(0, 24)):
        if rng.random() < 0.4:
            pieces.append(rng.choice(NASTY))
        else:
            low, high = rng.choice(ALPHABETS[:5] + ALPHABETS[5:] * surrogates)
            pieces.append(chr(rng.randint(low, high)))
    text = "".join(pieces)
    # a hex escape would swallow the digits after it: give them to the escaper
    return text + rng.choice(["", "0", "a", "F", "7"])


def texts(seed: int, count: int, surrogates: bool) -> list[str]:
    rng = random.Random(seed)
    return [random_text(rng, surrogates) for _ in range(count)] + [
        "",
        '-DA=1\\\n);} int main2(void){return 0;} static const char X[] = ("',
        '\\x41"\\',
        "\x001",
        "??/\n??=",
        "*/ /* //",
    ]


def test_python_literals_docstrings_and_comments_read_back_exactly() -> None:
    values = texts(seed=30, count=400, surrogates=True)
    lines = [f"VALUES = [{', '.join(python_string(v) for v in values)}]"]
    for i, value in enumerate(values):
        lines += [
            f"def f{i}():",
            '    """Summary.',
            python_docstring_line(value),
            '    """',
            f"    return {i}  # {python_comment(value)}",
        ]
    text = "\n".join(lines) + "\n"
    namespace: dict[str, object] = {}
    exec(compile(text, "main.py", "exec"), namespace)
    assert namespace["VALUES"] == values
    functions = [node for node in ast.parse(text).body if isinstance(node, ast.FunctionDef)]
    for i, (value, node) in enumerate(zip(values, functions, strict=True)):
        assert ast.get_docstring(node, clean=False) == f"Summary.\n{value}\n    "
        assert namespace[f"f{i}"]() == i  # type: ignore[operator]
    comments = [
        t for t in tokenize.generate_tokens(StringIO(text).readline) if t.type == tokenize.COMMENT
    ]
    assert len(comments) == len(values)  # each comment ended at its own line's end


C_PROGRAM = """\
#include <stdio.h>
{declarations}
int main(void)
{{
    int markers = 0;
{statements}
    printf("%d\\n", markers);
    return 0;
}}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="no C compiler")
@pytest.mark.parametrize("standard", ["gnu17", "c99"])  # c99 turns trigraphs on
def test_c_literals_hold_the_exact_bytes_and_comments_end_where_they_should(
    standard, tmp_path
) -> None:
    values = texts(seed=31, count=400, surrogates=False)
    declarations = "\n".join(
        f"static const char S{i}[] = {c_string(v)};" for i, v in enumerate(values)
    )
    statements = "\n".join(
        f"    fwrite(S{i}, 1, sizeof S{i} - 1, stdout); fputc(0xff, stdout);\n"
        f"    /* {c_comment(v)} */ markers++;"
        for i, v in enumerate(values)
    )
    source = tmp_path / "literals.c"
    source.write_text(C_PROGRAM.format(declarations=declarations, statements=statements))
    program = tmp_path / "literals"
    build = subprocess.run(
        ["gcc", f"-std={standard}", "-Wall", "-Wextra", "-Werror", "-o", program, source],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    out = subprocess.run([program], capture_output=True, check=True).stdout
    # 0xff never occurs in UTF-8, so it separates the strings
    *written, count = out.split(b"\xff")
    assert [w.decode("utf-8") for w in written] == values
    assert int(count) == len(values)
