"""Writing a kernel back: only its string changes, quoted as it was, and the compiler or
Python reads back exactly the edited text; what cannot be written so is refused."""

import ast
import random
import subprocess
from pathlib import Path

import pytest

from clstudio.embedded import (
    FileChangedError,
    WriteBackError,
    imported_session,
    read_host_file,
    write_back,
)
from clstudio.embedded.c_strings import scan_c
from clstudio.session import EmbeddedIn

KERNEL = "__kernel void f(__global float *a) { a[get_global_id(0)] = 1.0f; }\n"
HOST_C = (
    "#include <stdio.h>\n"
    "// the kernel, one line a literal\n"
    "static const char *src =\n"
    '    "__kernel void f(__global float *a)\\n"\n'
    '    "{ a[get_global_id(0)] = 1.0f; }\\n";\n'
    'int main(void) { puts("done"); return 0; }\n'
)


def imported(path: Path, index: int = 0) -> tuple[EmbeddedIn, str]:
    host = read_host_file(path)
    session = imported_session(host, host.sources[index]).session
    assert session.embedded_in is not None
    return session.embedded_in, session.source


def outside(data: bytes, start: int, end: int) -> tuple[bytes, bytes]:
    return data[:start], data[end:]


def test_an_unedited_kernel_leaves_the_file_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "host.c"
    path.write_bytes(HOST_C.encode())
    origin, source = imported(path)
    written = write_back(path, origin, source)
    assert not written.changed and path.read_bytes() == HOST_C.encode()


def test_c_literals_are_rewritten_line_by_line_and_nothing_else_changes(tmp_path: Path) -> None:
    path = tmp_path / "host.c"
    path.write_bytes(HOST_C.encode())
    origin, source = imported(path)
    edited = source.replace("1.0f", '2.0f; /* "q" \\ ??= */') + "// 中文\n"
    written = write_back(path, origin, edited)
    assert written.changed
    after = path.read_text()
    assert after.startswith(HOST_C[: HOST_C.index('    "__kernel')])
    assert after.endswith('\nint main(void) { puts("done"); return 0; }\n')
    assert '    "{ a[get_global_id(0)] = 2.0f; /* \\"q\\" \\\\ ?\\?= */; }\\n"\n' in after
    assert read_host_file(path).sources[0].text == edited
    assert written.origin.sha256 != origin.sha256  # the session knows the file as written


def test_gcc_reads_back_the_written_literals(tmp_path: Path) -> None:
    """Random text through the C writer: g++ -fsyntax-only, and a program that prints
    the string, give the same bytes back (trigraphs on: -std=c++11 -trigraphs)."""
    rng = random.Random(40)
    alphabet = "ab\"\\?\n\t'/*{}%中\x01\x7f"
    path = tmp_path / "host.cc"
    path.write_text(HOST_C)
    origin, _ = imported(path)
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 40))) for _ in range(20)]
    for text in texts:
        written = write_back(path, origin, KERNEL + text)
        origin = written.origin
        program = path.read_text().replace(
            'int main(void) { puts("done"); return 0; }',
            "int main(void) { fputs(src, stdout); return 0; }",
        )
        (tmp_path / "print.cc").write_text(program)
        built = subprocess.run(
            ["g++", "-std=c++11", "-trigraphs", "-o", str(tmp_path / "print"), "print.cc"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
        )
        assert built.returncode == 0, built.stderr
        ran = subprocess.run([str(tmp_path / "print")], capture_output=True)
        assert ran.stdout == (KERNEL + text).encode()


def test_a_raw_string_keeps_its_delimiter_and_refuses_its_own_closing(tmp_path: Path) -> None:
    path = tmp_path / "op.cc"
    original = 'static const char *s = R"CLC(\n' + KERNEL + ')CLC";\nint x = 1;\n'
    path.write_text(original)
    origin, source = imported(path)
    edited = source.replace("1.0f", '2.0f; // ")" and )CL" are fine')
    write_back(path, origin, edited)
    assert path.read_text() == original.replace("1.0f", '2.0f; // ")" and )CL" are fine')
    with pytest.raises(WriteBackError, match=r'contains \)CLC", which would end the raw string'):
        write_back(path, imported(path)[0], edited + ')CLC";')
    subprocess.run(["g++", "-fsyntax-only", "-x", "c++", str(path)], check=True)


def test_python_literals_keep_their_prefix_and_quotes(tmp_path: Path) -> None:
    path = tmp_path / "host.py"
    path.write_text(
        "import pyopencl as cl\n"
        f'SRC = """\n{KERNEL}"""\n'
        "LINES = ('__kernel void g(__global int *a)\\n'\n"
        "         '{ a[0] = 1; }\\n')\n"
        f"RAW = r'''{KERNEL}'''\n"
    )
    edited = KERNEL + '// """ \' \\ \\n end"'
    for index in range(3):
        origin, _ = imported(path, index)
        if index == 2:
            with pytest.raises(WriteBackError, match="cannot be written in this raw string"):
                write_back(path, origin, edited + "'''")
        write_back(path, origin, edited)
    text = path.read_text()
    assert 'SRC = """__kernel' in text and "LINES = ('__kernel" in text and "RAW = r'''" in text
    module = ast.parse(text)
    values = [ast.literal_eval(node.value) for node in module.body[1:]]  # type: ignore[attr-defined]
    assert values == [edited, edited, edited]


def test_a_file_changed_on_disk_is_not_replaced_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "host.c"
    path.write_text(HOST_C)
    origin, source = imported(path)
    path.write_text(HOST_C.replace("#include <stdio.h>", "#include <stdio.h>\n#define MINE 1"))
    with pytest.raises(FileChangedError, match="has changed since the kernel was read"):
        write_back(path, origin, source + "// edit\n")
    assert "MINE" in path.read_text()
    write_back(path, origin, source + "// edit\n", force=True)
    text = path.read_text()
    assert "#define MINE 1" in text and read_host_file(path).sources[0].text.endswith("// edit\n")


def test_a_string_gone_from_the_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "host.c"
    path.write_text(HOST_C)
    origin, source = imported(path)
    path.write_text("int main(void) { return 0; }\n")
    with pytest.raises(WriteBackError, match=r"\(line 4\) is no longer there"):
        write_back(path, origin, source + "// edit\n", force=True)


def test_windows_line_ends_stay_windows_line_ends(tmp_path: Path) -> None:
    path = tmp_path / "op.cc"
    original = ('const char *s = R"(\n' + KERNEL + ')";\n').replace("\n", "\r\n")
    path.write_bytes(original.encode())
    origin, source = imported(path)
    write_back(path, origin, source + "// more\n")
    assert path.read_bytes() == original.replace(')";', '// more\r\n)";').encode()
    assert scan_c(path.read_text()).strings[0].text == source + "// more\n"
