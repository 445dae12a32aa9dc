"""File > New's kernel: its comments in the user's language, its code the same in every one."""

from __future__ import annotations

from clstudio.common import N_, gettext

# Each line a comment of its own, above the kernel: a translation never changes the code.
_COMMENTS = (
    N_("Vector addition: each work-item adds one pair of numbers."),
    N_("Try changing the operation, or the global size in the session."),
)
_CODE = """\
__kernel void vadd(__global const float *a,
                   __global const float *b,
                   __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
"""


def starter_source() -> str:
    """The kernel File > New opens, with comments in the current language."""
    return "".join(f"// {gettext(comment)}\n" for comment in _COMMENTS) + _CODE
