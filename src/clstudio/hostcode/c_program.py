"""The host program of a session in C with the OpenCL C API: main.c of an export."""

from __future__ import annotations

from clstudio.hostcode.code_text import CodeText, StepRegion
from clstudio.hostcode.literals import c_comment, c_number, c_string, c_type, wrapped
from clstudio.hostcode.names import Names, argument_names, c_reserved
from clstudio.hostcode.plan import ArgPlan, HostPlan, fill_value
from clstudio.hostcode.steps import EXPORT_VERSION
from clstudio.session import BufferArg, ImageArg, LocalArg, SamplerArg, ScalarArg

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

_CHECK_CL = """\
/* Every OpenCL call reports an error code: stop with its name when a call failed. */
static void check_cl(cl_int err, const char *call)
{
    if (err != CL_SUCCESS) {
        fprintf(stderr, "%s failed: %s (%d)\\n", call, cl_error_name(err), err);
        exit(2);
    }
}
"""

_COMPARE = """\
/* Whether an output matches its expected values as CL Studio checks them:
 * each value within atol + rtol * |expected|, NaN equal to NaN. */
static int compare_{short}(const char *name, const {ctype} *actual, const double *expected,
{pad}size_t count, double rtol, double atol)
{{
    size_t failures = 0, first = 0;
    for (size_t i = 0; i < count; i++) {{
        double a = (double)actual[i], e = expected[i];
        int same = a == e || (isnan(a) && isnan(e));
        if (!same && !(isfinite(e) && fabs(a - e) <= atol + rtol * fabs(e)) && failures++ == 0) {{
            first = i;
        }}
    }}
    if (failures > 0) {{
        printf("%s: FAIL, %zu of %zu values differ beyond rtol=%g, atol=%g;"
               " first at [%zu]: expected %.7g, got %.7g\\n",
               name, failures, count, rtol, atol, first, expected[first], (double)actual[first]);
        return 0;
    }}
    printf("%s: ok, all %zu values match within rtol=%g, atol=%g\\n", name, count, rtol, atol);
    return 1;
}}
"""


def _roles(arg: ArgPlan) -> dict[str, str]:
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
    if isinstance(spec, ImageArg):
        roles |= {"format": "{}_format", "desc": "{}_desc", "region": "{}_region"}
    return roles


def c_program(plan: HostPlan, pocl_runner: bool) -> tuple[str, tuple[StepRegion, ...]]:
    """main.c's text and the lines of its eleven steps."""
    session = plan.session
    names = argument_names(plan.args, c_reserved, _roles)
    code = CodeText("    ")
    kernel = c_comment(session.kernel)
    code.add(f"/* The host program of the OpenCL kernel {kernel}, in eleven steps.", " *")
    if session.description:
        code.add(f" * {c_comment(session.description)}", " *")
    code.add(
        f" * Exported by CL Studio (export version {EXPORT_VERSION}). Build it with make, then",
        " * run ./main [--save-outputs OUT]",
    )
    if pocl_runner:
        code.add(" * (./run.sh [--save-outputs OUT] runs it on the PoCL that came with pyopencl).")
    code.add(
        " * It prints the kernel time of every repeat and their median, checks each output",
        " * against the expected values the export computed from its reference, and exits",
        " * with 0 only if every output matches.",
        " */",
        "#define CL_TARGET_OPENCL_VERSION 120",
        "",
        "#include <CL/cl.h>",
        "#include <math.h>",
        "#include <stdio.h>",
        "#include <stdlib.h>",
        "#include <string.h>",
        "",
        '#include "cl_errors.h"',
        '#include "support.h"',
        "",
        "/* The device to use, by parts of its platform's name and its own; else the first. */",
        f"static const char PLATFORM_NAME[] = {c_string(plan.device.platform)};",
        f"static const char DEVICE_NAME[] = {c_string(plan.device.device)};",
        f"static const char BUILD_OPTIONS[] = {c_string(session.build_options)};",
        f"#define WORK_DIMS {len(session.global_size)}",
        f"static const size_t GLOBAL_SIZE[WORK_DIMS] = {_c_list(session.global_size)};",
    )
    if session.local_size is None:
        code.add(
            "static const size_t *LOCAL_SIZE = NULL; /* the driver chooses the work-group size */"
        )
    else:
        code.add(f"static const size_t LOCAL_SIZE[WORK_DIMS] = {_c_list(session.local_size)};")
    code.add(f"#define REPEATS {session.repeats}")
    if any(isinstance(a.spec, ImageArg) for a in plan.memory):
        code.add(
            "static const size_t ORIGIN[3] = {0, 0, 0}; /* image copies start at pixel 0, 0 */"
        )
    code.add("", *_CHECK_CL.splitlines())
    for ctype in dict.fromkeys(_ctype(ref.output) for ref in plan.references):
        short = ctype.removeprefix("cl_")
        pad = " " * len(f"static int compare_{short}(")
        code.add("", *_COMPARE.format(short=short, ctype=ctype, pad=pad).splitlines())
    code.add("", "int main(int argc, char **argv)", "{")
    with code.indented():
        _main_body(plan, names, code)
    code.add("}")
    return code.text(), tuple(code.regions)


def _main_body(plan: HostPlan, names: Names, code: CodeText) -> None:
    code.add(
        "const char *save_outputs = NULL; /* --save-outputs OUT: a folder for NAME.npy files */",
        'if (argc == 3 && strcmp(argv[1], "--save-outputs") == 0) {',
        "    save_outputs = argv[2];",
        "} else if (argc != 1) {",
        '    fprintf(stderr, "usage: %s [--save-outputs OUT]\\n", argv[0]);',
        "    return 2;",
        "}",
        "cl_int err;",
        "",
        "/* The arguments, as the session starts them. */",
    )
    for arg in plan.args:
        _host_value(arg, names[arg.index], code)
    code.add("")
    code.step(1, "/* {} (clGetPlatformIDs). */")
    code.add(
        "cl_uint platform_count;",
        'check_cl(clGetPlatformIDs(0, NULL, &platform_count), "clGetPlatformIDs");',
        "cl_platform_id *platforms = new_array(platform_count, sizeof *platforms);",
        'check_cl(clGetPlatformIDs(platform_count, platforms, NULL), "clGetPlatformIDs");',
        "",
    )
    code.step(2, "/* {} (clGetDeviceIDs): the one named above, else the first. */")
    code.add(
        "cl_device_id device = NULL;",
        "int found = 0;",
        "char platform_name[1024], device_name[1024];",
        "for (cl_uint p = 0; p < platform_count && !found; p++) {",
        "    cl_uint device_count;",
        "    err = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL, &device_count);",
        "    if (err == CL_DEVICE_NOT_FOUND) {",
        "        continue; /* a platform with no devices */",
        "    }",
        '    check_cl(err, "clGetDeviceIDs");',
        "    cl_device_id *devices = new_array(device_count, sizeof *devices);",
        "    err = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, device_count, devices, NULL);",
        '    check_cl(err, "clGetDeviceIDs");',
        "    err = clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof platform_name,",
        "                            platform_name, NULL);",
        '    check_cl(err, "clGetPlatformInfo");',
        "    for (cl_uint d = 0; d < device_count && !found; d++) {",
        "        err = clGetDeviceInfo(devices[d], CL_DEVICE_NAME, sizeof device_name,",
        "                              device_name, NULL);",
        '        check_cl(err, "clGetDeviceInfo");',
        "        found = contains(platform_name, PLATFORM_NAME)",
        "                && contains(device_name, DEVICE_NAME);",
        "        if (found || device == NULL) {",
        "            device = devices[d];",
        "        }",
        "    }",
        "    free(devices);",
        "}",
        "if (device == NULL) {",
        '    fprintf(stderr, "no OpenCL device found\\n");',
        "    return 2;",
        "}",
        "err = clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof device_name, device_name, NULL);",
        'check_cl(err, "clGetDeviceInfo");',
        'printf("device: %s\\n", device_name);',
        "",
    )
    code.step(3, "/* {} (clCreateContext). */")
    code.add(
        "cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);",
        'check_cl(err, "clCreateContext");',
        "",
    )
    code.step(4, "/* {} (clCreateCommandQueue), profiling on to time the kernel. */")
    code.add(
        "cl_command_queue queue = clCreateCommandQueue(context, device, "
        "CL_QUEUE_PROFILING_ENABLE, &err);",
        'check_cl(err, "clCreateCommandQueue");',
        "",
    )
    code.step(5, "/* {} (clCreateProgramWithSource, clBuildProgram). */")
    code.add(
        "size_t source_size;",
        f"char *source = read_beside(argv[0], {c_string(plan.session.kernel + '.cl')}, "
        "&source_size);",
        "cl_program program = clCreateProgramWithSource(context, 1, (const char **)&source,",
        "                                               &source_size, &err);",
        'check_cl(err, "clCreateProgramWithSource");',
        "err = clBuildProgram(program, 1, &device, BUILD_OPTIONS, NULL, NULL);",
        "if (err == CL_BUILD_PROGRAM_FAILURE) { /* the compiler's messages are in the build log */",
        "    size_t log_size;",
        "    cl_int log_err = clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, "
        "NULL,",
        "                                           &log_size);",
        '    check_cl(log_err, "clGetProgramBuildInfo");',
        "    char *log = new_array(log_size + 1, 1);",
        "    log_err = clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, log_size, log, "
        "NULL);",
        '    check_cl(log_err, "clGetProgramBuildInfo");',
        '    fprintf(stderr, "%s\\n", log);',
        "    free(log);",
        "}",
        'check_cl(err, "clBuildProgram");',
        "",
    )
    code.step(6, "/* {} (clCreateKernel). */")
    code.add(
        f"cl_kernel kernel = clCreateKernel(program, {c_string(plan.kernel_symbol)}, &err);",
        'check_cl(err, "clCreateKernel");',
        "",
    )
    images = any(isinstance(a.spec, ImageArg) for a in plan.memory)
    creates = "clCreateBuffer, clCreateImage" if images else "clCreateBuffer"
    reads = "clEnqueueReadBuffer, clEnqueueReadImage" if images else "clEnqueueReadBuffer"
    code.step(7, f"/* {{}} ({creates}); copy the inputs. */")
    for arg in plan.memory:
        _memory_object(arg, names[arg.index], code)
    code.step(8, "/* {} (clSetKernelArg), in the kernel's order. */")
    for arg in plan.args:
        _set_arg(arg, names[arg.index], code)
    code.add("")
    code.step(9, "/* {} (clEnqueueNDRangeKernel) REPEATS times. Before each launch,")
    code.add(" * the buffers the kernel writes get their starting contents again. */")
    code.add(
        "cl_event *launches = new_array(REPEATS, sizeof *launches);",
        "for (int repeat = 0; repeat < REPEATS; repeat++) {",
    )
    with code.indented():
        for arg in plan.written:
            _write(arg, names[arg.index], code)
        code.add(
            "err = clEnqueueNDRangeKernel(queue, kernel, WORK_DIMS, NULL, GLOBAL_SIZE, LOCAL_SIZE,",
            "                             0, NULL, &launches[repeat]);",
            'check_cl(err, "clEnqueueNDRangeKernel");',
        )
    code.add("}", "")
    code.step(10, "/* {} (clFinish): every launch has ended after this. */")
    code.add('check_cl(clFinish(queue), "clFinish");', "")
    code.step(11, f"/* {{}} ({reads}). */")
    for arg in plan.written:
        _read(arg, names[arg.index], code)
    code.end_step()
    code.add(
        "",
        "/* The kernel time of each launch, from its profiling information. */",
        "double *times_ms = new_array(REPEATS, sizeof *times_ms);",
        "for (int repeat = 0; repeat < REPEATS; repeat++) {",
        "    cl_ulong start, end;",
        "    err = clGetEventProfilingInfo(launches[repeat], CL_PROFILING_COMMAND_START, "
        "sizeof start,",
        "                                  &start, NULL);",
        '    check_cl(err, "clGetEventProfilingInfo");',
        "    err = clGetEventProfilingInfo(launches[repeat], CL_PROFILING_COMMAND_END, sizeof end,",
        "                                  &end, NULL);",
        '    check_cl(err, "clGetEventProfilingInfo");',
        "    times_ms[repeat] = (double)(end - start) * 1e-6;",
        '    printf("repeat %d: %.3f ms\\n", repeat + 1, times_ms[repeat]);',
        '    check_cl(clReleaseEvent(launches[repeat]), "clReleaseEvent");',
        "}",
        'printf("median: %.3f ms\\n", median(times_ms, REPEATS));',
        "",
        "if (save_outputs != NULL) {",
    )
    with code.indented():
        for arg in plan.written:
            shape = c_string(repr(tuple(arg.host_shape)))
            code.add(
                f"write_npy(save_outputs, {c_string(arg.file_name)}, "
                f"{c_string(arg.element.scalar.str)}, {shape}, {names[arg.index]['out']},",
                f"          {_bytes(arg)});",
            )
    code.add("}", "")
    code.add("int failures = 0;")
    if plan.references:
        code.add("/* Each output against the values the export computed from its reference. */")
    for ref in plan.references:
        out, own = ref.output, names[ref.output.index]
        what = f"the golden file {ref.golden}" if ref.golden is not None else ref.expr
        expected = own["expected"]
        code.add(
            f"/* {c_comment(out.name)}: {c_comment(what)} */",
            f"double *{expected} = read_npy(argv[0], {c_string(ref.file_name)}, "
            f'"<f8", {out.count},',
            f"{' ' * (len(expected) + 29)}sizeof(double));",
            f"failures += !compare_{_ctype(out).removeprefix('cl_')}({c_string(out.name)}, "
            f"{own['out']}, {expected},",
            f"                     {out.count}, {ref.rtol!r}, {ref.atol!r});",
            f"free({expected});",
        )
    code.add("", "/* Release what the program created, the OpenCL objects last to first. */")
    for arg in reversed(plan.args):
        own = names[arg.index]
        if arg.is_memory:
            code.add(f'check_cl(clReleaseMemObject({own["device"]}), "clReleaseMemObject");')
        elif isinstance(arg.spec, SamplerArg):
            code.add(f'check_cl(clReleaseSampler({own["sampler"]}), "clReleaseSampler");')
    code.add(
        'check_cl(clReleaseKernel(kernel), "clReleaseKernel");',
        'check_cl(clReleaseProgram(program), "clReleaseProgram");',
        'check_cl(clReleaseCommandQueue(queue), "clReleaseCommandQueue");',
        'check_cl(clReleaseContext(context), "clReleaseContext");',
    )
    freed = ["platforms", "source", "launches", "times_ms"]
    for arg in plan.memory:
        if arg.start != "values":
            freed.append(names[arg.index]["host"])
    freed += [names[arg.index]["out"] for arg in plan.written]
    code.add(*(f"free({name});" for name in freed))
    code.add("return failures == 0 ? 0 : 1;")


def _ctype(arg: ArgPlan) -> str:
    return c_type(arg.element.scalar)


def _bytes(arg: ArgPlan) -> str:
    return f"{arg.count} * sizeof({_ctype(arg)})"


def _host_value(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    spec = arg.spec
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
    ctype = _ctype(arg)
    name = own["host"]
    if arg.start == "file":
        call = (
            f"read_npy(argv[0], {c_string(arg.file_name)}, "
            f"{c_string(arg.element.scalar.str)}, {arg.count}"
        )
        _fit(
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
    else:
        value = c_number(fill_value(arg), arg.element.scalar)
        code.add(
            f"{ctype} *{name} = new_array({arg.count}, sizeof *{name});",
            f"for (size_t i = 0; i < {arg.count}; i++) {{",
            f"    {name}[i] = {value};",
            "}",
        )


def _memory_object(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    spec = arg.spec
    name = own["device"]
    later = " /* copied before each launch */" if arg.written else ""
    if isinstance(spec, ImageArg):
        channel = "CL_UNORM_INT8" if spec.channel_type == "uint8" else "CL_FLOAT"
        image_format, desc = own["format"], own["desc"]
        code.add(
            f"cl_image_format {image_format} = {{CL_{spec.order}, {channel}}};",
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
        head = f"cl_mem {name} = clCreateBuffer(context, {_FLAGS[arg.access]}, {_bytes(arg)},"
        _fit(code, f"{head} NULL, &err);{later}", head, f"{' ' * 30}NULL, &err);{later}")
        code.add('check_cl(err, "clCreateBuffer");')
    if not arg.written:
        _write(arg, own, code)
    code.add("")


def _region(own: dict[str, str]) -> str:
    """clEnqueueWriteImage's and clEnqueueReadImage's origin and region: the whole image."""
    return f"ORIGIN, {own['region']}"


def _write(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    device, host = own["device"], own["host"]
    if isinstance(arg.spec, ImageArg):
        code.add(
            f"err = clEnqueueWriteImage(queue, {device}, CL_FALSE, {_region(own)}, 0, 0,",
            f"                          {host}, 0, NULL, NULL);",
            'check_cl(err, "clEnqueueWriteImage");',
        )
    else:
        head = f"err = clEnqueueWriteBuffer(queue, {device}, CL_FALSE, 0, {_bytes(arg)},"
        _fit(
            code,
            f"{head} {host}, 0, NULL, NULL);",
            head,
            f"                           {host}, 0, NULL, NULL);",
        )
        code.add('check_cl(err, "clEnqueueWriteBuffer");')


def _read(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    device, out = own["device"], own["out"]
    code.add(f"{_ctype(arg)} *{out} = new_array({arg.count}, sizeof *{out});")
    if isinstance(arg.spec, ImageArg):
        code.add(
            f"err = clEnqueueReadImage(queue, {device}, CL_TRUE, {_region(own)}, 0, 0,",
            f"                         {out}, 0, NULL, NULL);",
            'check_cl(err, "clEnqueueReadImage");',
        )
    else:
        head = f"err = clEnqueueReadBuffer(queue, {device}, CL_TRUE, 0, {_bytes(arg)},"
        _fit(
            code,
            f"{head} {out}, 0, NULL, NULL);",
            head,
            f"                          {out}, 0, NULL, NULL);",
        )
        code.add('check_cl(err, "clEnqueueReadBuffer");')


def _set_arg(arg: ArgPlan, own: dict[str, str], code: CodeText) -> None:
    spec = arg.spec
    call = f"clSetKernelArg(kernel, {arg.index}"
    if isinstance(spec, BufferArg | ImageArg):
        code.add(f"err = {call}, sizeof(cl_mem), &{own['device']});")
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
        code.add(
            f"cl_sampler {sampler} = clCreateSampler(context, {normalized}, "
            f"{_ADDRESSING[spec.addressing]},",
            f"{' ' * (len(sampler) + 31)}{filter_mode}, &err);",
            'check_cl(err, "clCreateSampler");',
            f"err = {call}, sizeof(cl_sampler), &{sampler});",
        )
    else:
        code.add(f"err = {call}, sizeof {own['value']}, &{own['value']});")
    code.add(f"check_cl(err, {c_string(f'clSetKernelArg ({arg.name})')});")


def _fit(code: CodeText, one_line: str, *split: str) -> None:
    """One line when it fits in 100 characters at the current depth, else the split ones."""
    if len(code.pad) + len(one_line) <= 100:
        code.add(one_line)
    else:
        code.add(*split)


def _c_list(sizes: tuple[int, ...]) -> str:
    return "{" + ", ".join(str(s) for s in sizes) + "}"
