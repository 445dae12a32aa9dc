"""Kernel arguments as a build reports them, for tests that make a signature by hand."""

from __future__ import annotations

from clstudio.common import KernelArgInfo


def kernel_arg(name: str, type_name: str, const: bool = False) -> KernelArgInfo:
    """A global pointer (a type ending in `*`) or a private value, with no access qualifier."""
    space = "global" if type_name.endswith("*") else "private"
    return KernelArgInfo(name, type_name, space, "none", const)
