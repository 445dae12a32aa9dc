"""How each kernel argument appears in main.py: its names, host value, memory object, set_arg.

python_program writes the steps and calls these for each argument in its place.
"""

from __future__ import annotations

from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.literals import python_comment, python_number, python_string, wrapped
from clstudio.hostcode.plan import ArgPlan, fill_value
from clstudio.hostcode.python_structs import struct_value
from clstudio.session import BufferArg, ImageArg, LocalArg, NullArg, SamplerArg, ScalarArg

_ADDRESSING = {
    "none": "NONE",
    "clamp_to_edge": "CLAMP_TO_EDGE",
    "clamp": "CLAMP",
    "repeat": "REPEAT",
    "mirrored_repeat": "MIRRORED_REPEAT",
}
_FLAGS = {
    "in": "READ_ONLY",
    "out": "WRITE_ONLY",
    "inout": "READ_WRITE",
    "read_only": "READ_ONLY",
    "write_only": "WRITE_ONLY",
}


def roles(arg: ArgPlan, swapped: set[str]) -> dict[str, str]:
    """The names an argument gives main.py: its host value, device object, read-back copy,
    and for a buffer a swap moves, the one it stands for now."""
    if isinstance(arg.spec, LocalArg | NullArg):
        return {}
    if not arg.is_memory:
        return {"value": "{}"}
    device = "{}_img" if isinstance(arg.spec, ImageArg) else "{}_buf"
    roles = {"value": "{}", "device": device} | ({"out": "{}_out"} if arg.written else {})
    return roles | ({"now": "{}_now"} if arg.name in swapped else {})


def host_value(
    arg: ArgPlan, own: dict[str, str], type_names: dict[str, str], code: CodeText
) -> None:
    """The argument's value on the host, as the session starts it."""
    spec = arg.spec
    if isinstance(spec, ScalarArg) and arg.struct is not None:
        struct_value(arg.struct, arg.scalar_value, own["value"], type_names, code)
        return
    if isinstance(spec, ScalarArg):
        element = arg.element
        values = arg.scalar_value
        if element.width == 1:
            number = python_number(values[0].item(), element.scalar)
            code.add(f"{own['value']} = np.{element.scalar.name}({number})")
        else:
            lanes = ", ".join(python_number(v.item(), element.scalar) for v in values)
            code.add(
                f"{own['value']} = np.array([{lanes}], dtype=np.{element.scalar.name})"
                f"  # {python_comment(arg.info.shown_type)}"
            )
        return
    if not isinstance(spec, BufferArg | ImageArg):
        return
    name = own["value"]
    struct = arg.struct
    dtype = f"np.{arg.element.scalar.name}" if struct is None else type_names[struct.name]
    shape = arg.host_shape
    shape_text = str(shape[0]) if len(shape) == 1 else repr(shape)
    if arg.start == "file":
        code.add(f"{name} = np.load(HERE / {python_string(arg.file_name)})")
    elif arg.start == "values":
        assert arg.values is not None
        items = [python_number(v.item(), arg.element.scalar) for v in arg.values.ravel()]
        reshape = "" if len(shape) == 1 else f".reshape{shape!r}"
        one_line = f"{name} = np.array([{', '.join(items)}], dtype={dtype}){reshape}"
        if len(one_line) <= 96:
            code.add(one_line)
        else:
            code.add(f"{name} = np.array(")
            code.add("    [", *wrapped(items, 88, "        "), "    ],")
            code.add(f"    dtype={dtype},", f"){reshape}")
    elif arg.start == "zeros":
        code.add(f"{name} = np.zeros({shape_text}, dtype={dtype})")
    elif arg.start == "uninitialised":
        code.add(
            "# No host data: never copied, so the device's contents are undefined.",
            f"{name} = np.empty({shape_text}, dtype={dtype})",
        )
    else:
        value = python_number(fill_value(arg), arg.element.scalar)
        code.add(f"{name} = np.full({shape_text}, {value}, dtype={dtype})")


def image_region(arg: ArgPlan) -> str:
    """enqueue_copy's extra arguments for an image: the whole of it."""
    if not isinstance(arg.spec, ImageArg):
        return ""
    return f", origin=(0, 0), region=({arg.spec.width}, {arg.spec.height})"


def memory_object(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    """The buffer or image on the device, and the copy of an input into it."""
    spec = arg.spec
    flags = f"mf.{_FLAGS[arg.access]}"
    later = ""
    if arg.written and arg.uploaded:
        later = (
            "  # filled with zeros before each repeat"
            if arg.filled
            else "  # copied before each repeat"
        )
    device, host = own["device"], own["value"]
    if isinstance(spec, ImageArg):
        # pyopencl names no CL_ARGB: the number from cl.h stands in for it.
        order = "0x10B7" if spec.order == "ARGB" else f"cl.channel_order.{spec.order}"
        code.add(
            f"{device} = cl.create_image(",
            "    context,",
            f"    {flags},",
            f"    cl.ImageFormat({order}, cl.channel_type.{spec.channel_type}),",
            f"    shape=({spec.width}, {spec.height}),",
            f"){later}",
        )
    else:
        code.add(f"{device} = cl.Buffer(context, {flags}, {host}.nbytes){later}")
    if not arg.written and arg.uploaded:
        code.add(f"cl.enqueue_copy(queue, {device}, {host}{image_region(arg)})")


def set_arg(
    arg: ArgPlan, own: dict[str, str], code: CodeText, kernel: str, index: int, make_sampler: bool
) -> None:
    """Step 8 for one argument: the parameter `index` of the kernel object `kernel`. A
    sampler is made where it is first needed (`make_sampler`)."""
    spec = arg.spec
    call = f"{kernel}.set_arg({index}"
    if isinstance(spec, BufferArg | ImageArg):
        code.add(f"{call}, {own['device']})")
    elif isinstance(spec, NullArg):
        code.add(f"{call}, None)  # {python_comment(arg.name)}: NULL")
    elif isinstance(spec, LocalArg):
        what = python_comment(f"{arg.name}: {spec.count} x {spec.dtype.opencl_name}")
        code.add(f"{call}, cl.LocalMemory({spec.nbytes}))  # {what}")
    elif isinstance(spec, SamplerArg):
        if make_sampler:
            filter_mode = spec.filter.upper()
            code.add(
                f"{own['value']} = cl.Sampler(",
                f"    context, {spec.normalized_coords!r}, "
                f"cl.addressing_mode.{_ADDRESSING[spec.addressing]}, cl.filter_mode.{filter_mode}",
                ")",
            )
        code.add(f"{call}, {own['value']})")
    else:
        code.add(f"{call}, {own['value']})")
