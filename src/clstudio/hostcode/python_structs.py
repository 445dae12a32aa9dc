"""The structs of main.py: a numpy dtype per struct with the kernel's offsets, and a
struct passed by value filled field by field."""

from __future__ import annotations

from collections.abc import Mapping

from clstudio.common import StructType
from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.literals import python_comment, python_number, python_string
from clstudio.hostcode.plan import ArgPlan


def struct_dtypes(
    structs: tuple[StructType, ...], type_names: Mapping[str, str], code: CodeText
) -> None:
    """One `np.dtype` per struct: the fields at the offsets OpenCL C gives them."""
    for struct in structs:
        formats = []
        for field in struct.fields:
            base = f"np.{field.type.scalar.name}"
            formats.append(base if field.type.width == 1 else f"({base}, {field.type.lanes})")
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


def struct_value(arg: ArgPlan, name: str, type_names: Mapping[str, str], code: CodeText) -> None:
    """A struct passed by value: a 0-d array of its dtype, each field the session gives set."""
    struct = arg.struct
    assert struct is not None
    value = arg.scalar_value
    code.add(f"{name} = np.zeros((), dtype={type_names[struct.name]})")
    for field in struct.fields:
        numbers = value[field.name].ravel()
        if not numbers.any():
            continue
        shown = [python_number(v.item(), field.type.scalar) for v in numbers]
        text = shown[0] if field.type.width == 1 else f"[{', '.join(shown)}]"
        code.add(f"{name}[{python_string(field.name)}] = {text}")
