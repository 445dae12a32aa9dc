"""The structs of main.py: a numpy dtype per struct with the kernel's offsets, and a
struct passed by value filled field by field."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from clstudio.common import StructType, struct_leaves
from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.literals import python_comment, python_number, python_string


def struct_dtypes(
    structs: tuple[StructType, ...], type_names: Mapping[str, str], code: CodeText
) -> None:
    """One `np.dtype` per struct: the fields at the offsets OpenCL C gives them; a struct
    comes after the structs it holds, whose dtypes its fields name."""
    for struct in structs:
        formats = []
        for field in struct.fields:
            inner = field.type.struct
            base = f"np.{field.type.scalar.name}" if inner is None else type_names[inner.name]
            shape = field.host_shape
            if not shape:
                formats.append(base)
            elif len(shape) == 1:
                formats.append(f"({base}, {shape[0]})")
            else:
                formats.append(f"({base}, {shape!r})")
        names = ", ".join(python_string(f.name) for f in struct.fields)
        code.add(
            f"# struct {python_comment(struct.name)}, laid out as the kernel's "
            f"({struct.size} bytes{', packed' if struct.packed else ''})",
            f"{type_names[struct.name]} = np.dtype(",
            "    {",
            f'        "names": [{names}],',
            f'        "formats": [{", ".join(formats)}],',
            f'        "offsets": [{", ".join(str(f.offset) for f in struct.fields)}],',
            f'        "itemsize": {struct.size},',
            "    }",
            ")",
        )


def struct_value(
    struct: StructType,
    value: np.ndarray,
    name: str,
    type_names: Mapping[str, str],
    code: CodeText,
) -> None:
    """A struct passed by value: a 0-d array of its dtype, each value the session gives set
    (`step["gravity"] = [...]`, `box["corners"][1]["x"] = 2.0`)."""
    code.add(f"{name} = np.zeros((), dtype={type_names[struct.name]})")
    for path, field, numbers in struct_leaves(struct, value):
        if not numbers.any():
            continue
        shown = [python_number(v.item(), field.type.scalar) for v in numbers]
        text = shown[0] if field.type.width == 1 else f"[{', '.join(shown)}]"
        place = "".join(f"[{python_string(p) if isinstance(p, str) else p}]" for p in path)
        code.add(f"{name}{place} = {text}")
