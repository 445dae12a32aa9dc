"""The C and C++ lexer: every string the compiler sees, and nothing it does not."""

from clstudio.embedded.c_strings import decode_c, scan_c


def texts(source: str) -> list[str]:
    scan = scan_c(source)
    assert scan.problem == ""
    return [string.text for string in scan.strings]


def test_quotes_inside_comments_characters_and_numbers_are_not_strings() -> None:
    source = (
        '// a "comment" with quotes\n'
        '/* another "one" spanning\n lines */\n'
        "char q = '\"'; char e = '\\'';\n"
        "int n = 1'000'000; double x = 1e+5;\n"
        "#error don't stop here\n"
        'const char *s = "real";\n'
    )
    assert texts(source) == ["real"]


def test_adjacent_literals_join_across_comments_and_line_splices() -> None:
    """Apple's hello.c style: each kernel line a literal, each host line ending in `\\`."""
    source = (
        'const char *KernelSource = "\\n" \\\n'
        '"__kernel void square(__global float *in,\\n" \\\n'
        '"                     __global float *out)\\n" /* the body */\n'
        '"{ out[get_global_id(0)] = in[get_global_id(0)]; }\\n";\n'
        'puts("other");\n'
    )
    scan = scan_c(source)
    assert [s.text for s in scan.strings] == [
        "\n__kernel void square(__global float *in,\n"
        "                     __global float *out)\n"
        "{ out[get_global_id(0)] = in[get_global_id(0)]; }\n",
        "other",
    ]
    first = scan.strings[0]
    assert first.quoting == "c" and len(first.pieces) == 4 and first.line == 1
    assert first.host_line(3, source) == 3  # kernel line 3 is the literal on host line 3


def test_raw_strings_with_any_delimiter_and_prefix_are_verbatim() -> None:
    source = (
        'auto a = R"CLC(\nkernel void f() { /* "x" \\n */ }\n)CLC";\n'
        'auto b = u8R"(a "quoted" b)";\n'
        'auto c = LR"xyz()" )xy" )xyz";\n'
        'auto d = R"(\\\nline)";\n'
    )
    scan = scan_c(source)
    assert [s.text for s in scan.strings] == [
        '\nkernel void f() { /* "x" \\n */ }\n',
        'a "quoted" b',
        ')" )xy" ',
        "\\\nline",
    ]
    assert [s.quoting for s in scan.strings] == ["raw", "raw", "raw", "raw"]
    assert scan.strings[0].host_line(2, source) == 2


def test_escapes_decode_as_the_compiler_reads_them() -> None:
    assert (
        decode_c(
            r"a\tb\n\"q\"\\ \101\x42\u00e9\?\
next"
        )
        == 'a\tb\n"q"\\ AB\u00e9?next'
    )
    assert decode_c(r"\344\270\255") == "中"  # UTF-8 bytes in octal
    assert decode_c(r"\x4e2d", wide=True) == "中"  # a wide literal's escape is a character


def test_a_string_joined_at_run_time_says_with_what() -> None:
    scan = scan_c(
        'std::string s = "kernel void f(" + type + "* a) {}";\n'
        'const char *t = "kernel void g(" TYPE "* a) {}";\n'
    )
    assert [s.joined for s in scan.strings] == ["+", "+", "TYPE", ""]


def test_a_string_or_comment_that_never_closes_names_its_line() -> None:
    assert scan_c('int a;\nconst char *s = "open\nint b;\n').problem == (
        "line 2: a string that never closes"
    )
    assert scan_c('x\n\nR"CLC(kernel void f() {}\n)CL"').problem == (
        "line 3: a string that never closes"
    )
    assert scan_c("/* open\n").problem == "line 1: a /* comment that never closes"
    assert scan_c('"ok" /* open').strings[0].text == "ok"  # what came before is kept
