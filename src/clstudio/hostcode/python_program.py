"""The host program of a session in Python with pyopencl: main.py of an export."""

from __future__ import annotations

import ast

from clstudio.expressions import expression_name
from clstudio.hostcode.code_text import CodeText, StepRegion
from clstudio.hostcode.literals import (
    python_docstring_line,
    python_string,
)
from clstudio.hostcode.names import NameAllocator, Names, argument_names, python_reserved
from clstudio.hostcode.plan import HostPlan, plan_structs
from clstudio.hostcode.python_arguments import host_value, roles
from clstudio.hostcode.python_steps import PythonSteps
from clstudio.hostcode.python_structs import struct_dtypes
from clstudio.hostcode.python_support import CHECK, DEVICES
from clstudio.hostcode.steps import EXPORT_VERSION


def python_program(plan: HostPlan) -> tuple[str, tuple[StepRegion, ...]]:
    """main.py's text and the lines of its eleven steps."""
    session = plan.session
    swapped = set(plan.swapped)
    allocator = NameAllocator(python_reserved)
    names = argument_names(plan.args, python_reserved, lambda arg: roles(arg, swapped), allocator)
    structs = plan_structs(plan)
    type_names = {s.name: allocator.take(f"{s.name}_dtype") for s in structs}
    steps = PythonSteps(plan, names, allocator, type_names)
    code = CodeText("    ")
    about = f"\n{python_docstring_line(session.description)}\n" if session.description else ""
    code.add(
        f'"""The host program of the OpenCL {_what(plan)}, in eleven steps.',
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
    )
    steps.constants(code)
    code.add(f"REPEATS = {session.repeats}", "")
    if structs:
        struct_dtypes(structs, type_names, code)
        code.add("")
    code.add(*DEVICES.splitlines(), "")
    if plan.references:
        code.add(*CHECK.splitlines(), "")
    code.add(
        "",
        "def main():",
    )
    with code.indented():
        _main_body(plan, names, type_names, code, steps)
    code.add("", "", 'if __name__ == "__main__":', "    sys.exit(main())")
    text = code.text()
    return text, tuple(code.regions)


def _what(plan: HostPlan) -> str:
    """What the program runs, for its docstring: the kernel, or the program's launches."""
    if len(plan.launches) == 1:
        return f"kernel {python_docstring_line(plan.session.kernel)}"
    kernels = python_docstring_line(", ".join(dict.fromkeys(ln.kernel for ln in plan.launches)))
    return f"program of {len(plan.launches)} launches (kernels {kernels})"


def _main_body(
    plan: HostPlan,
    names: Names,
    type_names: dict[str, str],
    code: CodeText,
    steps: PythonSteps,
) -> None:
    what = f"the kernel {plan.session.kernel}" if len(plan.launches) == 1 else "the program"
    about = python_string(f"Run {what} as CL Studio did.")
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
        host_value(arg, names[arg.index], type_names, code)
    code.add("")
    steps.write(code)
    code.add(
        "for repeat, ms in enumerate(times_ms, 1):",
        '    print(f"repeat {repeat}: {ms:.3f} ms")',
        'print(f"median: {statistics.median(times_ms):.3f} ms")',
    )
    steps.loop_report(code)
    code.add(
        "",
        "if options.save_outputs:",
        "    options.save_outputs.mkdir(parents=True, exist_ok=True)",
    )
    for arg in plan.written:
        file = python_string(arg.file_name)
        code.add(f"    np.save(options.save_outputs / {file}, {names[arg.index]['out']})")
    code.add("")
    held = "".join(f" and {name}" for name in steps.held_names)
    if not plan.references:
        if held:
            code.add(f"return 0 if {held.removeprefix(' and ')} else 1  # every loop ended")
        else:
            code.add("return 0  # the session gives no reference to check")
        return
    code.add("# Each output against its reference; an argument's name means its starting contents.")
    code.add("checks = [")
    renames = {size: str(value) for size, value in plan.session.sizes.items()}
    renames.update(
        {
            expression_name(a.name): names[a.index]["value"]
            for a in plan.args
            if "value" in names[a.index]
        }
    )
    for ref in plan.references:
        out = ref.output
        expected = (
            f"np.load(HERE / {python_string(ref.file_name)})"
            if ref.golden is not None
            else _renamed(ref.expr, renames)
        )
        actual = names[out.index]["out"]
        if ref.field is not None:
            actual += "".join(f"[{python_string(p)}]" for p in ref.field_path.split("."))
        code.add(
            f"    check({python_string(ref.name)}, {actual}, {expected}, "
            f"rtol={ref.rtol!r}, atol={ref.atol!r}),"
        )
    code.add("]", f"return 0 if all(checks){held} else 1")


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
