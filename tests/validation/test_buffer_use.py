"""The scans that find buffers a kernel never reads, and pointers it dereferences untested."""

import pytest

from clstudio.validation.buffer_use import null_dereferences, unread_buffers

SOURCE = """\
// grad[i] = x[i];   (a comment is not code)
__kernel void other(__global float *grad) { float v = grad[0]; }
__kernel void step(__global const float *x, __global float2 *grad, __global float *acc,
                   __global float4 *packed, __global float *unused, __global float *p) {
    size_t i = get_global_id(0);
    grad[i] = (float2)(x[i], 2.0f * x[i]);
    acc[i] += x[i];
    vstore4((float4)(1.0f), i, (__global float *)packed);
    if (grad[i].x == 0) p[i] = 1;
}
"""


def test_only_written_and_unused_buffers_are_unread() -> None:
    # grad is compared in the `if`, acc is added to, and a cast hides packed from the
    # vstore rule: all three count as read. Comments and other kernels do not count.
    names = ["x", "grad", "acc", "packed", "unused", "p"]
    assert unread_buffers(SOURCE, "step", names) == {"unused", "p"}


def test_a_plain_store_is_not_a_read_and_compound_assignment_is() -> None:
    source = "__kernel void k(__global float *a, __global float *b) { a[i] = 1; b[i] += 1; }"
    assert unread_buffers(source, "k", ["a", "b"]) == {"a"}


def test_vstore_writes_and_an_unknown_kernel_says_nothing() -> None:
    source = "kernel void k(global float *out) { vstore2((float2)(0), 0, out); }"
    assert unread_buffers(source, "k", ["out"]) == {"out"}
    assert unread_buffers(source, "missing", ["out"]) == frozenset()


@pytest.mark.parametrize(
    ("body", "crashes"),
    [
        ("out[i] = p[i];", True),
        ("out[i] = *p;", True),
        ("out[i] = p ? p[i] : 0;", False),
        ("if (p) out[i] = p[i];", False),
        ("if (p != 0) out[i] = p[i];", False),
        ("if (!p) return; out[i] = p[i];", False),
        ("out[i] = 1;", False),  # never dereferenced: NULL is harmless
    ],
)
def test_a_pointer_dereferenced_without_a_test_is_found(body: str, crashes: bool) -> None:
    source = f"__kernel void k(__global float *p, __global float *out) {{ int i = 0; {body} }}"
    assert null_dereferences(source, "k", ["p"]) == (frozenset({"p"}) if crashes else frozenset())
