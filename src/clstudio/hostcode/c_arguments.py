"""How each kernel argument appears in main.c: its names, host copy, memory object, copies.

c_program writes the eleven steps and calls these for each argument in its place.
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from clstudio.hostcode.c_structs import StructNames, struct_value
from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.literals import c_comment, c_number, c_string, c_type, wrapped
from clstudio.hostcode.plan import ArgPlan, fill_value
from clstudio.session import (
    BufferArg,
    ImageArg,
    LocalArg,
    NullArg,
    SamplerArg,
    ScalarArg,
    format_name,
)

_FLAGS = {
    "in": "CL_MEM_READ_ONLY",
    "out": "CL_MEM_WRITE_ONLY",
    "inout": "CL_MEM_READ_WRITE",
    "read_only": "CL_MEM_READ_ONLY",
    "write_only": "CL_MEM_WRITE_ONLY",
}
_ADDRESSING = {
    "none": "CL_ADDRESS_NONE",
    "clamp_to_edge": "CL_ADDRESS_CLAMP_TO_EDGE",
    "clamp": "CL_ADDRESS_CLAMP",
    "repeat": "CL_ADDRESS_REPEAT",
    "mirrored_repeat": "CL_ADDRESS_MIRRORED_REPEAT",
}


def c_roles(arg: ArgPlan) -> dict[str, str]:
    """The names an argument gives main.c: host and device copies, and an image's parts."""
    spec = arg.spec
    if isinstance(spec, ScalarArg):
        return {"value": "{}"}
    if isinstance(spec, SamplerArg):
        return {"sampler": "s_{}"}
    if not isinstance(spec, BufferArg | ImageArg):
        return {}
    roles = {"host": "h_{}", "device": "d_{}"}
    if arg.written:
        roles |= {"out": "h_{}_out", "expected": "{}_expected"}
        struct = arg.struct
        if struct is not None:  # a field gathered out of the structs, for its reference
            for path in struct.field_paths():
                flat = path.replace(".", "_")
                roles |= {
                    f"field {path}": f"{{}}_{flat}",
                    f"expected {path}": f"{{}}_{flat}_expected",
                }
    if isinstance(spec, ImageArg):
        roles |= {"format": "{}_format", "desc": "{}_desc", "region": "{}_region"}
    return roles


def host_ctype(arg: ArgPlan, own: dict[str, str]) -> str:
    """The host type of one scalar of the argument: cl_float for a float4 buffer too;
    a buffer of structs' struct type (its role "type")."""
    return own["type"] if arg.struct is not None else c_type(arg.element.scalar)


def byte_count(arg: ArgPlan, own: dict[str, str]) -> str:
    """The argument's size in bytes, as C code: 1024 * sizeof(cl_float)."""
    return f"{arg.count} * sizeof({host_ctype(arg, own)})"


def npy_header_descr(arg: ArgPlan) -> str:
    """numpy's description of one element as a .npy header holds it: '<f4', or the fields."""
    return repr(np.lib.format.dtype_to_descr(arg.element.scalar))


def npy_descr(arg: ArgPlan) -> str:
    """The .npy type of the host array: a struct's bytes are one void of its size."""
    struct = arg.struct
    return arg.element.scalar.str if struct is None else f"|V{struct.size}"


def host_value(
    arg: ArgPlan, own: dict[str, str], struct_names: StructNames, code: CodeText
) -> None:
    """The argument's starting value on the host, as the session starts it."""
    spec = arg.spec
    if isinstance(spec, ScalarArg) and arg.struct is not None:
        struct_value(arg.struct, arg.scalar_value, own["value"], struct_names, code)
        return
    if isinstance(spec, ScalarArg):
        element = arg.element
        ctype = c_type(element.scalar, element.width)
        values = [c_number(v.item(), element.scalar) for v in arg.scalar_value]
        if element.width == 1:
            code.add(f"{ctype} {own['value']} = {values[0]};")
        else:
            code.add(f"{ctype} {own['value']} = {{{{{', '.join(values)}}}}};")
        return
    if not isinstance(spec, BufferArg | ImageArg):
        return
    ctype = host_ctype(arg, own)
    name = own["host"]
    if arg.start == "file":
        call = (
            f"read_npy(argv[0], {c_string(arg.file_name)}, {c_string(npy_descr(arg))}, {arg.count}"
        )
        fit(
            code,
            f"{ctype} *{name} = {call}, sizeof({ctype}));",
            f"{ctype} *{name} = {call},",
            f"{' ' * (len(ctype) + len(name) + 14)}sizeof({ctype}));",
        )
    elif arg.start == "values":
        assert arg.values is not None
        items = [c_number(v.item(), arg.element.scalar) for v in arg.values.ravel()]
        one_line = f"{ctype} {name}[{arg.count}] = {{{', '.join(items)}}};"
        if len(one_line) <= 96:
            code.add(one_line)
        else:
            code.add(f"{ctype} {name}[{arg.count}] = {{", *wrapped(items, 96, "    "), "};")
    elif arg.start == "zeros":
        code.add(f"{ctype} *{name} = new_array({arg.count}, sizeof *{name}); /* zeros */")
    elif arg.start == "uninitialised":
        code.add(
            f"{ctype} *{name} = new_array({arg.count}, sizeof *{name}); "
            "/* never copied: no host data */"
        )
    else:
        value = c_number(fill_value(arg), arg.element.scalar)
        code.add(
            f"{ctype} *{name} = new_array({arg.count}, sizeof *{name});",
            f"for (size_t i = 0; i < {arg.count}; i++) {{",
            f"    {name}[i] = {value};",
            "}",
        )


def memory_object(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    """Step 7 for a buffer or image: its memory object, and its contents when only read."""
    spec = arg.spec
    name = own["device"]
    later = ""
    if not arg.uploaded:
        later = " /* no host data: its contents are undefined */"
    elif arg.written:
        later = (
            " /* filled with zeros before each repeat */"
            if arg.filled
            else " /* copied before each repeat */"
        )
    if isinstance(spec, ImageArg):
        image_format, desc = own["format"], own["desc"]
        code.add(
            f"cl_image_format {image_format} = {{{format_name(spec.order, spec.channel_type)}}};",
            f"cl_image_desc {desc} = {{.image_type = CL_MEM_OBJECT_IMAGE2D,",
            f"{' ' * (len(desc) + 17)}.image_width = {spec.width}, "
            f".image_height = {spec.height}}};",
            f"const size_t {own['region']}[3] = {{{spec.width}, {spec.height}, 1}};",
            f"cl_mem {name} = clCreateImage(context, {_FLAGS[arg.access]}, "
            f"&{image_format}, &{desc},",
            f"{' ' * (len(name) + 24)}NULL, &err);{later}",
            'check_cl(err, "clCreateImage");',
        )
    else:
        head = (
            f"cl_mem {name} = clCreateBuffer(context, {_FLAGS[arg.access]}, {byte_count(arg, own)},"
        )
        fit(code, f"{head} NULL, &err);{later}", head, f"{' ' * 30}NULL, &err);{later}")
        code.add('check_cl(err, "clCreateBuffer");')
    if not arg.written and arg.uploaded:
        write_to_device(arg, own, code)
    code.add("")


def write_to_device(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    """A copy of the host contents into the memory object, or zeros filled on the device."""
    if not arg.filled:
        _copy("Write", arg, own, own["host"], code)
        return
    head = f"err = clEnqueueFillBuffer(queue, {own['device']}, &ZERO, sizeof ZERO, 0,"
    tail = f"{byte_count(arg, own)}, 0, NULL, NULL);"
    fit(code, f"{head} {tail}", head, f"{' ' * 26}{tail}")
    code.add('check_cl(err, "clEnqueueFillBuffer");')


def read_back(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    """Step 11 for an output: a host array, and the blocking copy into it."""
    out = own["out"]
    code.add(f"{host_ctype(arg, own)} *{out} = new_array({arg.count}, sizeof *{out});")
    _copy("Read", arg, own, out, code)


def _copy(
    verb: Literal["Write", "Read"], arg: ArgPlan, own: dict[str, str], host: str, code: CodeText
) -> None:
    """The copy between the whole memory object and `host`: a read blocks, a write not."""
    call = f"clEnqueue{verb}{'Image' if isinstance(arg.spec, ImageArg) else 'Buffer'}"
    head = f"err = {call}(queue, {own['device']}, {'CL_TRUE' if verb == 'Read' else 'CL_FALSE'},"
    tail = f"{' ' * (len(call) + 7)}{host}, 0, NULL, NULL);"
    if isinstance(arg.spec, ImageArg):  # from pixel 0, 0, the whole image
        code.add(f"{head} ORIGIN, {own['region']}, 0, 0,", tail)
    else:
        head += f" 0, {byte_count(arg, own)},"
        fit(code, f"{head} {host}, 0, NULL, NULL);", head, tail)
    code.add(f"check_cl(err, {c_string(call)});")


def set_arg(
    arg: ArgPlan, own: dict[str, str], code: CodeText, kernel: str, index: int, make_sampler: bool
) -> None:
    """Step 8 for one argument: the parameter `index` of the kernel object `kernel`. A
    sampler is made where it is first needed (`make_sampler`)."""
    spec = arg.spec
    call = f"clSetKernelArg({kernel}, {index}"
    if isinstance(spec, BufferArg | ImageArg):
        code.add(f"err = {call}, sizeof(cl_mem), &{own['device']});")
    elif isinstance(spec, NullArg):
        code.add(f"err = {call}, sizeof(cl_mem), NULL); /* {c_comment(arg.name)}: NULL */")
    elif isinstance(spec, LocalArg):
        ctype = c_type(spec.dtype.scalar, spec.dtype.width)
        code.add(
            f"err = {call}, {spec.count} * sizeof({ctype}), NULL); "
            f"/* {c_comment(arg.name)}: local memory */"
        )
    elif isinstance(spec, SamplerArg):
        normalized = "CL_TRUE" if spec.normalized_coords else "CL_FALSE"
        filter_mode = "CL_FILTER_LINEAR" if spec.filter == "linear" else "CL_FILTER_NEAREST"
        sampler = own["sampler"]
        if make_sampler:
            code.add(
                f"cl_sampler {sampler} = clCreateSampler(context, {normalized}, "
                f"{_ADDRESSING[spec.addressing]},",
                f"{' ' * (len(sampler) + 31)}{filter_mode}, &err);",
                'check_cl(err, "clCreateSampler");',
            )
        code.add(f"err = {call}, sizeof(cl_sampler), &{sampler});")
    else:
        code.add(f"err = {call}, sizeof {own['value']}, &{own['value']});")
    code.add(f"check_cl(err, {c_string(f'clSetKernelArg ({arg.name})')});")


def fit(code: CodeText, one_line: str, *split: str) -> None:
    """One line when it fits in 100 characters at the current depth, else the split ones."""
    if len(code.pad) + len(one_line) <= 100:
        code.add(one_line)
    else:
        code.add(*split)
