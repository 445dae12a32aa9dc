"""The Python lexer: Python's own tokenizer, each literal read by ast.literal_eval alone."""

from clstudio.embedded.python_strings import scan_python


def test_triple_quoted_raw_and_implicitly_joined_literals() -> None:
    source = (
        "import pyopencl as cl\n"
        'prg = cl.Program(ctx, """\n'
        "__kernel void sum(__global const float *a, __global float *b)\n"
        "{ b[get_global_id(0)] = a[get_global_id(0)]; }\n"
        '""").build()\n'
        "SRC = (r'__kernel void g(__global int *a)\\n'  # first line\n"
        "       '{ a[0] = 1; }\\n')\n"
        "b = b'__kernel void bytes() {}'\n"
    )
    scan = scan_python(source)
    assert scan.problem == ""
    assert [s.text for s in scan.strings] == [
        "\n__kernel void sum(__global const float *a, __global float *b)\n"
        "{ b[get_global_id(0)] = a[get_global_id(0)]; }\n",
        "__kernel void g(__global int *a)\\n{ a[0] = 1; }\n",
    ]
    joined = scan.strings[1]
    assert len(joined.pieces) == 2 and joined.line == 6


def test_formatted_and_concatenated_strings_are_marked() -> None:
    scan = scan_python(
        'a = f"__kernel void {name}(__global float *x) {{}}"\n'
        'b = "__kernel void " + name + "(void) {}"\n'
        'c = "__kernel void %s() {}" % name\n'
        'd = "__kernel void {}() {{}}".format(name)\n'
    )
    assert [s.joined for s in scan.strings] == ["f-string", "+", "+", "%", "."]


def test_a_string_that_never_closes_names_its_line() -> None:
    assert scan_python('x = 1\ny = """open\n\n').problem == "line 2: a string that never closes"
    assert scan_python('x = 1\ny = "open\nz = 2\n').problem == (
        "line 2: a string that never closes"
    )


def test_windows_line_ends_keep_offsets_exact() -> None:
    source = 'a = 1\r\nK = """\r\n__kernel void f() {}\r\n"""\r\n'
    string = scan_python(source).strings[0]
    assert string.text == "\n__kernel void f() {}\n"
    assert source[string.start : string.end] == '"""\r\n__kernel void f() {}\r\n"""'
