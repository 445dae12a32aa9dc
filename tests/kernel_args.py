"""Kernel arguments as a build reports them, for tests that make a signature by hand."""

from __future__ import annotations

from clstudio.common import KernelArgInfo, KernelSignature


def kernel_arg(name: str, type_name: str, const: bool = False) -> KernelArgInfo:
    """A global pointer (a type ending in `*`) or a private value, with no access qualifier."""
    space = "global" if type_name.endswith("*") else "private"
    return KernelArgInfo(name, type_name, space, "none", const)


# The gallery's game_of_life kernel (kernels/game_of_life.json), as its build reports it.
LIFE = KernelSignature(
    "life",
    (
        kernel_arg("grid", "uchar*", True),
        kernel_arg("next", "uchar*"),
        kernel_arg("width", "int"),
        kernel_arg("height", "int"),
    ),
)
