"""The instrumented build's rewrite: each access found with its kind, or the kernel refused."""

from pathlib import Path

import pytest

from clstudio.traffic import TrafficRefusal, instrument

KERNELS = Path(__file__).parents[2] / "kernels"
HEAD = "__kernel void k(__global float *a, __global const float *b, const uint n)\n{\n"


def kinds(body: str) -> list[tuple[str, str]]:
    found = instrument(HEAD + body + "\n}\n", "k")
    return [(found.buffers[a.buffer].name, a.kind) for a in found.accesses]


def refusal(source: str) -> str:
    with pytest.raises(TrafficRefusal) as refused:
        instrument(source, "k")
    return str(refused.value)


def refusal_of_line_4(line: str) -> str:
    """The refusal of a kernel whose body is one line, the kernel's fourth: it names it."""
    said = refusal(HEAD + "\n" + line + "\n}\n")
    assert said.startswith("line 4: "), said
    return said


def test_loads_stores_and_updates_are_told_apart() -> None:
    assert kinds("a[0] = b[1]; a[1] += b[2]; a[2]++; --a[3]; float x = a[4] == b[0];") == [
        ("a", "store"),
        ("b", "load"),
        ("a", "update"),
        ("b", "load"),
        ("a", "update"),
        ("a", "update"),
        ("a", "load"),
        ("b", "load"),
    ]


def test_a_nested_index_is_its_own_access_and_evaluated_once() -> None:
    found = instrument(HEAD + "a[(uint)b[n]] = 1.0f;\n}\n", "k")
    assert [a.text for a in found.accesses] == ["b[n]", "a[(uint)b[n]]"]
    assert found.source.count("b[n]") == 1


def test_the_rewrite_keeps_the_kernels_line_numbers() -> None:
    source = (KERNELS / "transpose_tiled.cl").read_text()
    rewritten = instrument(source, "transpose_tiled")
    assert rewritten.source.count("\n") == source.count("\n")
    lines = rewritten.source.splitlines()
    store = next(a for a in rewritten.accesses if a.text.startswith("out["))
    assert "__cls_at_out" in lines[store.line - 1]
    assert [(b.name, b.space, b.dims) for b in rewritten.buffers] == [
        ("a", "global", 1),
        ("out", "global", 1),
        ("tile", "local", 2),
    ]


def test_an_atomic_on_an_element_is_an_update() -> None:
    source = "__kernel void k(__global uint *h) { atomic_inc(&h[get_global_id(0) % 4]); }"
    (access,) = instrument(source, "k").accesses
    assert (access.kind, access.text) == ("update", "&h[get_global_id(0) % 4]")


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("float4 v = vload4(0, a);", "'a' is used other than as one element"),
        ("helper(a);", "'a' is used other than as one element"),
        ("float *p = &a[1];", "the address of an element of 'a' is taken"),
        ("float s = work_group_reduce_add(b[0]);", "work_group_reduce_add acts for the whole"),
    ],
)
def test_what_the_rewrite_cannot_follow_is_refused_with_the_line(body: str, words: str) -> None:
    assert words in refusal_of_line_4(body)


def test_a_barrier_outside_the_kernel_is_refused() -> None:
    helper = "void wait(void) { barrier(CLK_LOCAL_MEM_FENCE); }\n" + HEAD + "wait();\n}\n"
    assert "a barrier outside the kernel" in refusal(helper)


def test_a_macro_that_names_a_buffer_is_expanded_where_the_kernel_uses_it() -> None:
    """NVIDIA's oclMatrixMul: AS(i, j) for As[j + i * BLOCK_SIZE], BLOCK_SIZE left to -D."""
    source = (
        "#define AT(i, j) a[j + i * BLOCK_SIZE]\n#define SYNC barrier(CLK_LOCAL_MEM_FENCE)\n"
        + HEAD
        + "AT(n,\n   1) = b[0];\nSYNC;\nb[1] = AT(2, n) + 1.0f;\n}\n"
    )
    found = instrument(source, "k")
    assert [(a.line, a.kind, a.text) for a in found.accesses] == [
        (5, "store", "AT(n, 1)"),
        (6, "load", "b[0]"),
        (8, "store", "b[1]"),
        (8, "load", "AT(2, n)"),
    ]
    assert found.source.count("\n") == source.count("\n")
    lines = found.source.splitlines()
    assert "__cls_at_a(&(a[ 1 + n * BLOCK_SIZE ])" in lines[4]
    assert "++__cls_phase" in lines[6]


def test_a_macro_named_as_its_buffer_is_expanded_once() -> None:
    """Parboil's sgemm writes A(i, j) for A[(i) + (j) * lda], the buffer A within."""
    source = (
        "#define A(i, j) A[(i) + (j) * lda]\n"
        "__kernel void k(__global float *A, int lda) { A(1, 2) = A[0]; }\n"
    )
    found = instrument(source, "k")
    assert [(a.kind, a.text) for a in found.accesses] == [("store", "A(1, 2)"), ("load", "A[0]")]
    assert "&(A[ ( 1 ) + ( 2 ) * lda ])" in found.source


def test_a_buffer_a_macro_declares_is_followed_through_its_macros() -> None:
    """pyopencl's cluda: GLOBAL_MEM and LOCAL_MEM for the address spaces, LOCAL_BARRIER."""
    source = (
        "#define GLOBAL_MEM __global\n#define LOCAL_MEM __local\n"
        "#define LOCAL_BARRIER barrier(CLK_LOCAL_MEM_FENCE)\n#define AT(i) tile[i]\n"
        "__kernel void k(GLOBAL_MEM float *out, GLOBAL_MEM const float *in)\n{\n"
        "    LOCAL_MEM float tile[64];\n"
        "    AT(get_local_id(0)) = in[get_global_id(0)];\n"
        "    LOCAL_BARRIER;\n"
        "    out[get_global_id(0)] = AT(63 - get_local_id(0));\n}\n"
    )
    found = instrument(source, "k")
    assert [(b.name, b.space) for b in found.buffers] == [
        ("out", "global"),
        ("in", "global"),
        ("tile", "local"),
    ]
    assert [(a.line, a.kind, a.text) for a in found.accesses] == [
        (8, "store", "AT(get_local_id(0))"),
        (8, "load", "in[get_global_id(0)]"),
        (10, "store", "out[get_global_id(0)]"),
        (10, "load", "AT(63 - get_local_id(0))"),
    ]
    assert "++__cls_phase" in found.source.splitlines()[8]
    assert found.source.count("\n") == source.count("\n")


@pytest.mark.parametrize(
    ("macros", "words"),
    [
        ("#ifdef T\n#define AT(i) a[i]\n#endif\n", "'AT' is defined under #if"),
        ("#define AT(i) a[i]\n#undef AT\n#define AT(i) a[i + 1]\n", "more than once"),
        ("#define AT(i) a[#i]\n", "uses # or ##"),
        ("#define AT(...) a[__VA_ARGS__]\n", "a variable number of arguments"),
    ],
)
def test_a_macro_naming_a_buffer_that_cannot_be_expanded_as_the_compiler_would_is_refused(
    macros: str, words: str
) -> None:
    said = refusal(macros + HEAD + "AT(0) = 1.0f;\n}\n")
    assert "the macro 'AT'" in said and words in said


def test_a_macro_defined_unless_already_defined_is_expanded_unless_an_option_defines_it() -> None:
    """Stan Math's kernels: #ifndef A / #define A(i, j) A[(j) * rows + (i)] / #endif, in a
    file that an include guard wraps."""
    source = (
        "#ifndef KERNELS_H\n#define KERNELS_H\n"
        "#ifndef A\n#define A(i, j) A[(j) * rows + (i)]\n#endif\n"
        "__kernel void k(__global float *A, int rows) { A(1, 0) = 2.0f; }\n#endif\n"
    )
    (access,) = instrument(source, "k").accesses
    assert (access.kind, access.text) == ("store", "A(1, 0)")
    # The option's A and the source's: which one holds is the preprocessor's to tell.
    with pytest.raises(TrafficRefusal, match="'A' is defined more than once"):
        instrument(source, "k", "-cl-fast-relaxed-math -D 'A(i,j)=A[i]'")
    with pytest.raises(TrafficRefusal, match="'A' is defined under #if"):
        instrument(source.replace("#define KERNELS_H\n", ""), "k")


@pytest.mark.parametrize(
    ("options", "text"),
    [("-D 'AT(i)=a[i]'", "AT(n)"), ("-DAT(i)=a[(i)+1] -Werror", "AT(n)"), ("-D A0=a[0]", "A0")],
)
def test_a_macro_a_build_option_defines_is_followed_as_one_the_source_defines(
    options: str, text: str
) -> None:
    """A host program's `-D 'AT(i)=a[i]'` is a #define before the source's first line."""
    source = HEAD + f"b[1] = {text} * 2.0f;\n{text} = 0.0f;\n}}\n"
    found = instrument(source, "k", options)
    assert [(a.line, a.kind, a.text) for a in found.accesses] == [
        (3, "store", "b[1]"),
        (3, "load", text),
        (4, "store", text),
    ]
    assert found.source.count("__cls_at_a(") == 3  # the helper's definition and two uses


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ("-D 'AT(...)=a[__VA_ARGS__]'", "a variable number of arguments"),
        ("-D 'AT(i)=a[#i]'", "uses # or ##"),
        ("-D 'AT(i)=a[i]' -D 'AT(i)=a[i+1]'", "more than once"),
    ],
)
def test_an_option_macro_naming_a_buffer_that_cannot_be_followed_is_refused_by_name(
    options: str, words: str
) -> None:
    with pytest.raises(TrafficRefusal) as refused:
        instrument(HEAD + "AT(0) = 1.0f;\n}\n", "k", options)
    said = str(refused.value)
    assert said.startswith("line 3: the macro 'AT' (a -D build option) names a buffer")
    assert words in said


def test_a_macro_naming_a_buffer_that_the_kernel_never_uses_is_no_refusal() -> None:
    source = "#ifdef T\n#define AT(i) a[i]\n#endif\n" + HEAD + "a[0] = 1.0f;\n}\n"
    assert [a.text for a in instrument(source, "k").accesses] == ["a[0]"]


def test_a_pointer_kept_from_a_buffers_is_followed_to_its_elements() -> None:
    """Rodinia's nn: __global LatLong *latLong = d_locations + globalId; latLong->lat."""
    source = (
        "typedef struct { float lat; float lng; } LatLong;\n"
        "__kernel void k(__global LatLong *d, global float *out, int i) {\n"
        "  __global LatLong *p = d + i;\n"
        "  global float *restrict o = out;\n"
        "  __global LatLong *q = p - 1;\n"
        "  *o = p->lat + q[0].lng;\n"
        "  o[1] += d[i].lng;\n"
        "  p->lat = 0.0f;\n"
        "}\n"
    )
    found = instrument(source, "k")
    named = [(found.buffers[a.buffer].name, a.kind, a.text) for a in found.accesses]
    assert named == [
        ("out", "store", "*o"),
        ("d", "load", "p->lat"),
        ("d", "load", "q[0].lng"),
        ("out", "update", "o[1]"),
        ("d", "load", "d[i].lng"),
        ("d", "store", "p->lat"),
    ]
    assert "__cls_at_d(&(p[0]), d, 1u," in found.source


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("__global float *p = a + 1; p++; *p = 0.0f;", "the pointer 'p' kept from a buffer's"),
        ("__global float *p = a; p = a + n;", "the pointer 'p' kept from a buffer's"),
        ("__global float *p = a; float x = *p++;", "the pointer 'p' kept from a buffer's"),
        ("__global float *p = a; *p += 1.0f; p += 2;", "the pointer 'p' kept from a buffer's"),
        ("__global float *p = a, *q = a + 1;", "'a' is used other than as one element"),
        ("__global int *p = a + 1;", "'a' is used other than as one element"),
        ("float x = *a++;", "'a' is used other than as one element"),
    ],
)
def test_a_kept_pointer_that_moves_or_changes_type_is_refused(body: str, words: str) -> None:
    assert words in refusal_of_line_4(body)


def test_a_missing_kernel_is_refused() -> None:
    assert "no definition of kernel 'k'" in refusal("__kernel void other(void) {}")


@pytest.mark.parametrize("path", sorted(KERNELS.glob("*.cl")), ids=lambda p: p.stem)
def test_every_gallery_kernel_is_instrumented_or_refused_with_words(path: Path) -> None:
    try:
        found = instrument(path.read_text(), path.stem)
    except TrafficRefusal as refused:
        assert str(refused).startswith("line ") or "kernel" in str(refused)
    else:
        assert found.accesses and "__cls_record" in found.source


def test_an_element_written_as_a_dereferenced_sum_is_an_access() -> None:
    """Rodinia's gaussian writes *(m_dev + size * row + t) for m_dev[size * row + t]."""
    assert kinds("*(a + n * 2) = *(b + 1) + 1.0f; *(a + 1) += 2.0f;") == [
        ("a", "store"),
        ("b", "load"),
        ("a", "update"),
    ]
    found = instrument(HEAD + "*(a + n) = 0.0f;\n}\n", "k")
    assert [a.text for a in found.accesses] == ["*(a + n)"]
