"""The names a reference expression sees, and a by-value argument as the kernel declares it.

Pure numpy, so that the window can check a reference written after a run (the Outputs
tab) without the engine, and an exported program encodes scalars as a run does.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from clstudio.common import KernelSignature, kernel_type, struct_array
from clstudio.expressions import expression_name
from clstudio.session import ScalarArg, Session


def reference_namespace(
    session: Session, signature: KernelSignature, inputs: Mapping[str, np.ndarray]
) -> dict[str, object]:
    """The names a reference expression sees: each named size, each buffer's initial
    contents, each scalar (an argument hides a size of its name); an argument named with a
    Python keyword as `in_` (expression_name)."""
    namespace: dict[str, object] = dict(session.sizes)
    namespace.update({expression_name(name): a for name, a in inputs.items()})
    for info in signature.args:
        spec = session.args.get(info.name)
        if isinstance(spec, ScalarArg):
            value = scalar_bytes(info.type_name, spec)
            whole = isinstance(spec.value, tuple) or spec.struct is not None
            namespace[expression_name(info.name)] = value if whole else value[0]
    return namespace


def scalar_bytes(type_name: str, spec: ScalarArg) -> np.ndarray:
    """A by-value argument as the kernel declares it (pyopencl refuses plain numbers).

    A struct is a 0-d structured array laid out as the kernel's struct.
    """
    if spec.struct is not None:
        assert isinstance(spec.value, Mapping)
        return struct_array(spec.struct, spec.value)
    assert not isinstance(spec.value, Mapping)
    element = kernel_type(type_name)
    values = spec.value if isinstance(spec.value, tuple) else (spec.value,)
    padded = list(values) + [0] * (element.lanes - len(values))
    return np.array(padded, dtype=element.scalar)
