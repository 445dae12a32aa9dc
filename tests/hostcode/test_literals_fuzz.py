"""Random text and random hostile sessions through the escaping, the real compiler and parser.

Each string must come back exactly: a literal as its value, a docstring line as the
docstring's line, and a comment must end where it should, whatever the text holds
(line breaks, NUL, quotes, backslashes, trigraphs, `*/`, Chinese, lone surrogates), and
sessions whose argument names collide give programs that parse and compile cleanly.
"""

import ast
import keyword
import random
import shutil
import subprocess
import tokenize
from io import StringIO
from pathlib import Path

import pytest

from clstudio.common import KernelArgInfo, KernelSignature, parse_element_type
from clstudio.devices import DeviceSelector
from clstudio.hostcode import host_program
from clstudio.hostcode.c_support import cl_errors_header, support_header
from clstudio.hostcode.literals import (
    c_comment,
    c_string,
    python_comment,
    python_docstring_line,
    python_string,
)
from clstudio.session import (
    ACCESS_MODES,
    ArgSpec,
    BufferArg,
    Launch,
    Reference,
    ScalarArg,
    Session,
    choice_of,
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
    standard: str, tmp_path: Path
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


# Names that have collided, or could: the programs' own, the languages', derived ones.
HOSTILE_NAMES = sorted(
    {"a", "a_out", "a_buf", "a_img", "d_a", "h_a", "h_a_out", "s_a", "a_expected", "a_arg"}
    | {"arg_a", "a_format", "a_desc", "a_region", "errno", "WORK_DIMS", "CL_SUCCESS", "size_t"}
    | {"stderr", "INFINITY", "NAN", "EOF", "isnan", "strlen", "main", "argv", "print", "len"}
    | {"np", "cl", "HERE", "check", "queue", "context", "None", "True", "lambda", "int"}
    | {"_x", "__x", "E2BIG", "SIGINT", "INT_MAX", "M_PI", "compare_float", "i", "err", "log"}
)


def random_session(rng: random.Random) -> tuple[Session, KernelSignature]:
    names = rng.sample(HOSTILE_NAMES, rng.randint(2, 9))
    infos: list[KernelArgInfo] = []
    args: dict[str, ArgSpec] = {}
    for name in names:
        kind = rng.choice(["float", "int", *ACCESS_MODES])
        access = choice_of(kind, ACCESS_MODES)
        if access is None:
            infos.append(KernelArgInfo(name, kind, "private", "none", False))
            args[name] = ScalarArg(rng.randint(-5, 5))
        else:
            infos.append(KernelArgInfo(name, "float*", "global", "none", access == "in"))
            size = rng.choice([4, 100])
            args[name] = BufferArg(parse_element_type("float32"), (size,), access=access)
    usable = [n for n in names if n.isidentifier() and not keyword.iskeyword(n) and n != "np"]
    references = {
        name: Reference(" + ".join(rng.sample(usable, min(3, len(usable)))) + " # c")
        for name in names
        if isinstance(spec := args[name], BufferArg) and spec.access != "in" and usable
    }
    session = Session(
        source="",
        launches=(Launch("k", (4,)),),
        args=args,
        references=references,
        description=random_text(rng, surrogates=False).replace("\n", " ").replace("\r", " "),
        build_options=random_text(rng, surrogates=False).replace("\x00", ""),
        device=DeviceSelector(random_text(rng, False), random_text(rng, False)),
    )
    return session, KernelSignature("k", tuple(infos))


def test_programs_of_random_hostile_sessions_parse_and_compile(tmp_path: Path) -> None:
    rng = random.Random(32)
    for number in range(40):
        session, signature = random_session(rng)
        ast.parse(host_program(session, signature, "python").text)
        folder = tmp_path / str(number)
        folder.mkdir()
        (folder / "main.c").write_text(host_program(session, signature, "c").text)
        (folder / "support.h").write_text(support_header(reads_npy=True))
        (folder / "cl_errors.h").write_text(cl_errors_header())
        build = subprocess.run(
            ["gcc", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", str(folder / "main.c")],
            capture_output=True,
            text=True,
        )
        assert build.returncode == 0, (session.args, build.stderr)
