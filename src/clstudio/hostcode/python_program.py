"""The host program of a session in Python with pyopencl: main.py of an export."""

from __future__ import annotations

import ast

from clstudio.hostcode.code_text import CodeText, StepRegion
from clstudio.hostcode.literals import (
    python_comment,
    python_docstring_line,
    python_number,
    python_string,
    wrapped,
)
from clstudio.hostcode.names import Names, argument_names, python_reserved
from clstudio.hostcode.plan import ArgPlan, HostPlan, fill_value
from clstudio.hostcode.steps import EXPORT_VERSION
from clstudio.session import BufferArg, ImageArg, LocalArg, SamplerArg, ScalarArg

_CHECK = '''
def check(name, actual, expected, rtol, atol):
    """Whether the output matches its reference as CL Studio checks it: each value
    within atol + rtol * |expected|, NaN equal to NaN."""
    expected = np.asarray(expected)
    if expected.shape != actual.shape and expected.size == actual.size:
        expected = expected.reshape(actual.shape)
    if expected.shape != actual.shape:
        print(f"{name}: FAIL, the reference has shape {expected.shape}, the output {actual.shape}")
        return False
    e, a = expected.astype(np.float64), actual.astype(np.float64)
    with np.errstate(all="ignore"):
        same = (a == e) | (np.isnan(a) & np.isnan(e))
        bad = ~same & ~(np.isfinite(e) & (np.abs(a - e) <= atol + rtol * np.abs(e)))
    tolerance = f"rtol={rtol:g}, atol={atol:g}"
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        print(
            f"{name}: FAIL, {np.count_nonzero(bad)} of {a.size} values differ beyond {tolerance};"
            f" first at {list(where)}: expected {e[where]:.7g}, got {a[where]:.7g}"
        )
        return False
    print(f"{name}: ok, all {a.size} values match within {tolerance}")
    return True
'''

_DEVICES = '''
def device_kinds(device):
    """The types a device reports, "CPU", "GPU" or "ACCELERATOR" (a simulator reports all)."""
    kinds = ("CPU", "GPU", "ACCELERATOR")
    return [k for k in kinds if device.type & getattr(cl.device_type, k)] or ["DEFAULT"]


def describe(device):
    """A device as --list and the chosen device's line show it."""
    kinds = " | ".join(device_kinds(device))
    return (
        f"{device.name.strip()} ({kinds}, {device.max_compute_units} compute units)"
        f" on {device.platform.name.strip()}"
    )


def choose_device(devices, wanted):
    """--device N (its number in --list) or NAME (part of its platform's name or its own);
    without it, the device named above, else one of DEVICE_TYPE (one that is only of that
    type first), else the first. None when --device matches no device."""
    if wanted is not None:
        if wanted.isdigit():
            return devices[int(wanted)] if int(wanted) < len(devices) else None
        part = wanted.lower()
        return next((d for d in devices if part in f"{d.platform.name} {d.name}".lower()), None)
    for d in devices:
        platform, name = d.platform.name.lower(), d.name.lower()
        if PLATFORM_NAME.lower() in platform and DEVICE_NAME.lower() in name:
            return d
    typed = [d for d in devices if DEVICE_TYPE in device_kinds(d)]
    return min(typed, key=lambda d: len(device_kinds(d)), default=devices[0])
'''

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


def _roles(arg: ArgPlan) -> dict[str, str]:
    """The names an argument gives main.py: its host value, device object, read-back copy."""
    if isinstance(arg.spec, LocalArg):
        return {}
    if not arg.is_memory:
        return {"value": "{}"}
    device = "{}_img" if isinstance(arg.spec, ImageArg) else "{}_buf"
    return {"value": "{}", "device": device} | ({"out": "{}_out"} if arg.written else {})


def python_program(plan: HostPlan) -> tuple[str, tuple[StepRegion, ...]]:
    """main.py's text and the lines of its eleven steps."""
    session = plan.session
    names = argument_names(plan.args, python_reserved, _roles)
    code = CodeText("    ")
    about = f"\n{python_docstring_line(session.description)}\n" if session.description else ""
    code.add(
        f'"""The host program of the OpenCL kernel {python_docstring_line(session.kernel)}, '
        "in eleven steps.",
        about,
        f"Exported by CL Studio (export version {EXPORT_VERSION}). Usage: python main.py",
        "[--list] [--device N|NAME] [--save-outputs OUT]; it needs numpy and pyopencl.",
        "--list numbers the OpenCL devices; --device chooses one. It prints the kernel time of",
        "every repeat and their median, checks each output against its reference, and",
        "exits with 0 only if every output matches.",
        '"""',
        "",
        "import argparse",
        "import statistics",
        "import sys",
        "from pathlib import Path",
        "",
        "import numpy as np",
        "import pyopencl as cl",
        "",
        "HERE = Path(__file__).resolve().parent",
        "# The device to use unless --device says: by parts of its platform's name and its",
        "# own; else one of the type the session ran on; else the first.",
        f"PLATFORM_NAME = {python_string(plan.device.platform)}",
        f"DEVICE_NAME = {python_string(plan.device.device)}",
        f"DEVICE_TYPE = {python_string(plan.device_type or 'any')}",
        f"BUILD_OPTIONS = {python_string(session.build_options)}",
        f"GLOBAL_SIZE = {tuple(session.global_size)!r}",
    )
    if session.local_size is None:
        code.add("LOCAL_SIZE = None  # the driver chooses the work-group size")
    else:
        code.add(f"LOCAL_SIZE = {tuple(session.local_size)!r}")
    code.add(f"REPEATS = {session.repeats}", "")
    code.add(*_DEVICES.splitlines(), "")
    if plan.references:
        code.add(*_CHECK.splitlines(), "")
    code.add(
        "",
        "def main():",
    )
    with code.indented():
        _main_body(plan, names, code)
    code.add("", "", 'if __name__ == "__main__":', "    sys.exit(main())")
    text = code.text()
    return text, tuple(code.regions)


def _main_body(plan: HostPlan, names: Names, code: CodeText) -> None:
    about = python_string(f"Run the kernel {plan.session.kernel} as CL Studio did.")
    code.add(
        "parser = argparse.ArgumentParser(",
        f"    description={about}",
        ")",
        "parser.add_argument(",
        '    "--save-outputs", type=Path, metavar="OUT", help="write each output to OUT/NAME.npy"',
        ")",
        'parser.add_argument("--list", action="store_true", help="number the devices and stop")',
        "parser.add_argument(",
        '    "--device", metavar="N|NAME", help="the device: its number in --list, or its name"',
        ")",
        "options = parser.parse_args()",
        "",
        "# The arguments, as the session starts them.",
    )
    for arg in plan.args:
        _host_value(arg, names[arg.index], code)
    code.add("")
    code.step(1, "# {} (clGetPlatformIDs).")
    code.add("platforms = cl.get_platforms()", "")
    code.step(2, "# {} (clGetDeviceIDs): --device, else as choose_device says.")
    code.add(
        "devices = [d for p in platforms for d in p.get_devices()]",
        "if not devices:",
        '    print("no OpenCL device found", file=sys.stderr)',
        "    return 2",
        "if options.list:",
        "    for number, d in enumerate(devices):",
        '        print(f"{number}: {describe(d)}")',
        "    return 0",
        "device = choose_device(devices, options.device)",
        "if device is None:",
        '    print(f"no device {options.device!r}; --list shows them", file=sys.stderr)',
        "    return 2",
        'print(f"device: {describe(device)}")',
        "",
    )
    code.step(3, "# {} (clCreateContext).")
    code.add("context = cl.Context([device])", "")
    code.step(4, "# {} (clCreateCommandQueue), profiling on to time the kernel.")
    code.add(
        "queue = cl.CommandQueue(context, properties=cl.command_queue_properties.PROFILING_ENABLE)",
        "",
    )
    code.step(5, "# {} (clCreateProgramWithSource, clBuildProgram).")
    code.add(
        f"source = (HERE / {python_string(plan.session.kernel + '.cl')})"
        '.read_text(encoding="utf-8")',
        "program = cl.Program(context, source).build(options=BUILD_OPTIONS)",
        "",
    )
    code.step(6, "# {} (clCreateKernel).")
    code.add(f"kernel = cl.Kernel(program, {python_string(plan.kernel_symbol)})", "")
    images = any(isinstance(a.spec, ImageArg) for a in plan.memory)
    creates = "clCreateBuffer, clCreateImage" if images else "clCreateBuffer"
    reads = "clEnqueueReadBuffer, clEnqueueReadImage" if images else "clEnqueueReadBuffer"
    code.step(7, f"# {{}} ({creates}); copy the inputs.")
    code.add("mf = cl.mem_flags")
    for arg in plan.memory:
        _memory_object(arg, names[arg.index], code)
    code.add("")
    code.step(8, "# {} (clSetKernelArg), in the kernel's order.")
    for arg in plan.args:
        _set_arg(arg, names[arg.index], code)
    code.add("")
    code.step(9, "# {} (clEnqueueNDRangeKernel) REPEATS times. Before each launch,")
    code.add("# the buffers the kernel writes get their starting contents again.")
    if any(arg.filled for arg in plan.written):
        code.add("# Those that start from zeros are filled on the device (clEnqueueFillBuffer).")
    code.add("launches = []", "for _ in range(REPEATS):")
    with code.indented():
        for arg in plan.written:
            own = names[arg.index]
            if arg.filled:
                code.add(
                    f"cl.enqueue_fill_buffer(queue, {own['device']}, np.zeros(1, np.uint8), 0, "
                    f"{own['value']}.nbytes)"
                )
            else:
                code.add(f"cl.enqueue_copy(queue, {own['device']}, {own['value']}{_region(arg)})")
        code.add(
            "launches.append(cl.enqueue_nd_range_kernel(queue, kernel, GLOBAL_SIZE, LOCAL_SIZE))"
        )
    code.add("")
    code.step(10, "# {} (clFinish): every launch has ended after this.")
    code.add("queue.finish()", "")
    code.step(11, f"# {{}} ({reads}).")
    for arg in plan.written:
        own = names[arg.index]
        code.add(
            f"{own['out']} = np.empty_like({own['value']})",
            f"cl.enqueue_copy(queue, {own['out']}, {own['device']}{_region(arg)})",
        )
    code.end_step()
    code.add(
        "",
        "# The kernel time of each launch, from its profiling information.",
        "times_ms = [(e.profile.end - e.profile.start) * 1e-6 for e in launches]",
        "for repeat, ms in enumerate(times_ms, 1):",
        '    print(f"repeat {repeat}: {ms:.3f} ms")',
        'print(f"median: {statistics.median(times_ms):.3f} ms")',
        "",
        "if options.save_outputs:",
        "    options.save_outputs.mkdir(parents=True, exist_ok=True)",
    )
    for arg in plan.written:
        file = python_string(arg.file_name)
        code.add(f"    np.save(options.save_outputs / {file}, {names[arg.index]['out']})")
    code.add("")
    if not plan.references:
        code.add("return 0  # the session gives no reference to check")
        return
    code.add("# Each output against its reference; an argument's name means its starting contents.")
    code.add("checks = [")
    renames = {a.name: names[a.index]["value"] for a in plan.args if "value" in names[a.index]}
    for ref in plan.references:
        out = ref.output
        expected = (
            f"np.load(HERE / {python_string(ref.file_name)})"
            if ref.golden is not None
            else _renamed(ref.expr, renames)
        )
        code.add(
            f"    check({python_string(out.name)}, {names[out.index]['out']}, {expected}, "
            f"rtol={ref.rtol!r}, atol={ref.atol!r}),"
        )
    code.add("]", "return 0 if all(checks) else 1")


def _host_value(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    spec = arg.spec
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
                f"  # {python_comment(arg.info.type_name)}"
            )
        return
    if not isinstance(spec, BufferArg | ImageArg):
        return
    name = own["value"]
    dtype = f"np.{arg.element.scalar.name}"
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
    else:
        value = python_number(fill_value(arg), arg.element.scalar)
        code.add(f"{name} = np.full({shape_text}, {value}, dtype={dtype})")


def _region(arg: ArgPlan) -> str:
    """enqueue_copy's extra arguments for an image: the whole of it."""
    if not isinstance(arg.spec, ImageArg):
        return ""
    return f", origin=(0, 0), region=({arg.spec.width}, {arg.spec.height})"


def _memory_object(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    spec = arg.spec
    flags = f"mf.{_FLAGS[arg.access]}"
    later = ""
    if arg.written:
        later = (
            "  # filled with zeros before each launch"
            if arg.filled
            else "  # copied before each launch"
        )
    device, host = own["device"], own["value"]
    if isinstance(spec, ImageArg):
        channel = "UNORM_INT8" if spec.channel_type == "uint8" else "FLOAT"
        code.add(
            f"{device} = cl.create_image(",
            "    context,",
            f"    {flags},",
            f"    cl.ImageFormat(cl.channel_order.{spec.order}, cl.channel_type.{channel}),",
            f"    shape=({spec.width}, {spec.height}),",
            f"){later}",
        )
    else:
        code.add(f"{device} = cl.Buffer(context, {flags}, {host}.nbytes){later}")
    if not arg.written:
        code.add(f"cl.enqueue_copy(queue, {device}, {host}{_region(arg)})")


def _set_arg(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    spec = arg.spec
    if isinstance(spec, BufferArg | ImageArg):
        code.add(f"kernel.set_arg({arg.index}, {own['device']})")
    elif isinstance(spec, LocalArg):
        what = python_comment(f"{arg.name}: {spec.count} x {spec.dtype.opencl_name}")
        code.add(f"kernel.set_arg({arg.index}, cl.LocalMemory({spec.nbytes}))  # {what}")
    elif isinstance(spec, SamplerArg):
        filter_mode = spec.filter.upper()
        code.add(
            f"{own['value']} = cl.Sampler(",
            f"    context, {spec.normalized_coords!r}, "
            f"cl.addressing_mode.{_ADDRESSING[spec.addressing]}, cl.filter_mode.{filter_mode}",
            ")",
            f"kernel.set_arg({arg.index}, {own['value']})",
        )
    else:
        code.add(f"kernel.set_arg({arg.index}, {own['value']})")


class _Renamer(ast.NodeTransformer):
    def __init__(self, renames: dict[str, str]) -> None:
        self.renames = renames

    def visit_Name(self, node: ast.Name) -> ast.Name:
        # `np` is numpy in an expression, never an argument (the evaluator refuses it bare).
        if node.id == "np":
            return node
        return ast.Name(self.renames.get(node.id, node.id), node.ctx)


def _renamed(expr: str, renames: dict[str, str]) -> str:
    """The expression as code: its arguments by their names in main.py, comments and line
    breaks gone (a `#` in an expression would swallow the rest of the line)."""
    tree = ast.parse(expr.strip(), mode="eval")
    return ast.unparse(_Renamer(renames).visit(tree))
