"""The host program of a session in C with the OpenCL C API: main.c of an export."""

from __future__ import annotations

from clstudio.hostcode.c_arguments import (
    byte_count,
    c_roles,
    host_ctype,
    host_value,
    npy_header_descr,
)
from clstudio.hostcode.c_checks import CHECK_CL, COMPARE, HALF_VALUE
from clstudio.hostcode.c_devices import DEVICE_CHOICE
from clstudio.hostcode.c_steps import CSteps
from clstudio.hostcode.c_structs import (
    StructNames,
    field_ctype,
    gathered_field,
    name_structs,
    struct_definitions,
)
from clstudio.hostcode.code_text import CodeText, StepRegion
from clstudio.hostcode.literals import c_comment, c_string
from clstudio.hostcode.names import NameAllocator, Names, argument_names, c_reserved
from clstudio.hostcode.plan import ArgPlan, HostPlan, ReferencePlan
from clstudio.hostcode.steps import EXPORT_VERSION
from clstudio.session import ImageArg, SamplerArg


def c_program(plan: HostPlan, pocl_runner: bool) -> tuple[str, tuple[StepRegion, ...]]:
    """main.c's text and the lines of its eleven steps."""
    session = plan.session
    swapped = set(plan.swapped)
    allocator = NameAllocator(c_reserved)
    names = argument_names(plan.args, c_reserved, lambda arg: _roles(arg, swapped), allocator)
    struct_names = name_structs(plan, allocator, names)
    steps = CSteps(plan, names, allocator, struct_names)
    code = CodeText("    ")
    what = f"kernel {c_comment(session.kernel)}"
    if len(plan.launches) > 1:
        kernels = ", ".join(dict.fromkeys(launch.kernel for launch in plan.launches))
        what = f"program of {len(plan.launches)} launches (kernels {c_comment(kernels)})"
    code.add(f"/* The host program of the OpenCL {what}, in eleven steps.", " *")
    if session.description:
        code.add(f" * {c_comment(session.description)}", " *")
    code.add(
        f" * Exported by CL Studio (export version {EXPORT_VERSION}). Build it with make, then",
        " * run ./main [--list] [--device N|NAME] [--save-outputs OUT]: --list numbers the",
        " * OpenCL devices, --device chooses one",
    )
    if pocl_runner:
        code.add(" * (./run.sh with the same options runs it on the PoCL that came with pyopencl).")
    code.add(
        " * It prints the kernel time of every repeat and their median, checks each output",
        " * against the expected values the export computed from its reference, and exits",
        " * with 0 only if every output matches.",
        " */",
        "#define CL_TARGET_OPENCL_VERSION 120",
        "",
        "#include <CL/cl.h>",
        "#include <math.h>",
        *(["#include <stddef.h>"] if struct_names else []),
        "#include <stdio.h>",
        "#include <stdlib.h>",
        "#include <string.h>",
        "",
        '#include "cl_errors.h"',
        '#include "support.h"',
        "",
        "/* The device to use unless --device says: by parts of its platform's name and its",
        ' * own; else one of the type the session ran on ("" for any); else the first. */',
        f"static const char PLATFORM_NAME[] = {c_string(plan.device.platform)};",
        f"static const char DEVICE_NAME[] = {c_string(plan.device.device)};",
        f"static const char DEVICE_TYPE[] = {c_string(plan.device_type)};",
        f"static const char BUILD_OPTIONS[] = {c_string(session.build_options)};",
    )
    steps.constants(code)
    code.add(f"#define REPEATS {session.repeats}")
    if any(isinstance(a.spec, ImageArg) for a in plan.memory):
        code.add(
            "static const size_t ORIGIN[3] = {0, 0, 0}; /* image copies start at pixel 0, 0 */"
        )
    struct_definitions(plan, struct_names, code)
    if any(a.filled for a in plan.written):
        code.add("static const cl_uchar ZERO = 0; /* clEnqueueFillBuffer's pattern */")
    code.add("", *CHECK_CL.splitlines())
    code.add("", *DEVICE_CHOICE.splitlines())
    compared = dict.fromkeys(_compared_ctype(ref, names) for ref in plan.references)
    if "cl_half" in compared:
        code.add("", *HALF_VALUE.splitlines())
    for ctype in compared:
        short = ctype.removeprefix("cl_")
        pad = " " * len(f"static int compare_{short}(")
        value = "half_value" if ctype == "cl_half" else "(double)"
        said = COMPARE.format(short=short, ctype=ctype, pad=pad, value=value)
        code.add("", *said.splitlines())
    code.add("", "int main(int argc, char **argv)", "{")
    with code.indented():
        _main_body(plan, names, struct_names, code, steps)
    code.add("}")
    return code.text(), tuple(code.regions)


def _roles(arg: ArgPlan, swapped: set[str]) -> dict[str, str]:
    """c_roles, and for a buffer a swap moves, the one its name stands for now."""
    return c_roles(arg) | ({"now": "d_{}_now"} if arg.name in swapped else {})


def _main_body(
    plan: HostPlan, names: Names, struct_names: StructNames, code: CodeText, steps: CSteps
) -> None:
    code.add(
        "const char *save_outputs = NULL; /* --save-outputs OUT: a folder for NAME.npy files */",
        "const char *wanted = NULL; /* --device N|NAME */",
        "int list_only = 0; /* --list */",
        "for (int i = 1; i < argc; i++) {",
        '    if (strcmp(argv[i], "--list") == 0) {',
        "        list_only = 1;",
        '    } else if (strcmp(argv[i], "--device") == 0 && i + 1 < argc) {',
        "        wanted = argv[++i];",
        '    } else if (strcmp(argv[i], "--save-outputs") == 0 && i + 1 < argc) {',
        "        save_outputs = argv[++i];",
        "    } else {",
        '        fprintf(stderr, "usage: %s [--list] [--device N|NAME] [--save-outputs OUT]\\n",',
        "                argv[0]);",
        "        return 2;",
        "    }",
        "}",
        "cl_int err;",
        "",
        "/* The arguments, as the session starts them. */",
    )
    for arg in plan.args:
        host_value(arg, names[arg.index], struct_names, code)
    code.add("")
    steps.write(code)
    code.add('printf("median: %.3f ms\\n", median(times_ms, REPEATS));')
    steps.loop_report(code)
    code.add("", "if (save_outputs != NULL) {")
    _rest(plan, names, struct_names, code, steps)


def _rest(
    plan: HostPlan, names: Names, struct_names: StructNames, code: CodeText, steps: CSteps
) -> None:
    """Save the outputs, check them against their references, release everything."""
    with code.indented():
        for arg in plan.written:
            shape = c_string(repr(tuple(arg.host_shape)))
            code.add(
                f"write_npy(save_outputs, {c_string(arg.file_name)}, "
                f"{c_string(npy_header_descr(arg))}, {shape}, {names[arg.index]['out']},",
                f"          {byte_count(arg, names[arg.index])});",
            )
    code.add("}", "")
    code.add("int failures = 0;")
    code.add(
        *(
            f"failures += !{held}; /* a loop that ran out of rounds fails the program */"
            for held in steps.held_names
        )
    )
    if plan.references:
        code.add("/* Each output against the values the export computed from its reference. */")
    for ref in plan.references:
        own = names[ref.output.index]
        what = f"the golden file {ref.golden}" if ref.golden is not None else ref.expr
        expected = own["expected" if ref.field is None else f"expected {ref.field_path}"]
        code.add(f"/* {c_comment(ref.name)}: {c_comment(what)} */")
        actual = own["out"] if ref.field is None else gathered_field(ref, own, struct_names, code)
        code.add(
            f"double *{expected} = read_npy(argv[0], {c_string(ref.file_name)}, "
            f'"<f8", {ref.count},',
            f"{' ' * (len(expected) + 29)}sizeof(double));",
            f"failures += !compare_{_compared_ctype(ref, names).removeprefix('cl_')}("
            f"{c_string(ref.name)}, {actual}, {expected},",
            f"                     {ref.count}, {ref.rtol!r}, {ref.atol!r});",
            f"free({expected});",
        )
        if ref.field is not None:
            code.add(f"free({actual});")
    code.add("", "/* Release what the program created, the OpenCL objects last to first. */")
    for arg in reversed(plan.args):
        own = names[arg.index]
        if arg.is_memory:
            code.add(f'check_cl(clReleaseMemObject({own["device"]}), "clReleaseMemObject");')
        elif isinstance(arg.spec, SamplerArg):
            code.add(f'check_cl(clReleaseSampler({own["sampler"]}), "clReleaseSampler");')
    steps.release_kernels(code)
    code.add(
        'check_cl(clReleaseProgram(program), "clReleaseProgram");',
        'check_cl(clReleaseCommandQueue(queue), "clReleaseCommandQueue");',
        'check_cl(clReleaseContext(context), "clReleaseContext");',
    )
    code.add(*steps.free_parts())
    freed = ["platforms", *(["source"] if len(plan.source_files) == 1 else []), "launches"]
    freed.append("times_ms")
    for arg in plan.memory:
        if arg.start != "values":
            freed.append(names[arg.index]["host"])
    freed += [names[arg.index]["out"] for arg in plan.written]
    code.add(*(f"free({name});" for name in freed))
    code.add("return failures == 0 ? 0 : 1;")


def _compared_ctype(ref: ReferencePlan, names: Names) -> str:
    """The C type of the values a reference compares: a field's, or the output's."""
    if ref.field is not None:
        return field_ctype(ref)
    return host_ctype(ref.output, names[ref.output.index])
