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
    said = refusal(HEAD + "\n" + body + "\n}\n")
    assert said.startswith("line 4: ") and words in said


def test_a_macro_that_names_a_buffer_or_a_barrier_outside_the_kernel_is_refused() -> None:
    macro = "#define AT(i) a[i]\n" + HEAD + "AT(0) = 1.0f;\n}\n"
    assert "a macro names 'a'" in refusal(macro)
    helper = "void wait(void) { barrier(CLK_LOCAL_MEM_FENCE); }\n" + HEAD + "wait();\n}\n"
    assert "a barrier outside the kernel" in refusal(helper)


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
