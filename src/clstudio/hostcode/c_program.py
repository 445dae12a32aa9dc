"""The host program of a session in C with the OpenCL C API: main.c of an export."""

from __future__ import annotations

from clstudio.hostcode.c_arguments import (
    byte_count,
    c_roles,
    host_ctype,
    host_value,
    memory_object,
    read_back,
    set_arg,
    write_to_device,
)
from clstudio.hostcode.c_devices import DEVICE_CHOICE
from clstudio.hostcode.code_text import CodeText, StepRegion
from clstudio.hostcode.literals import c_comment, c_string
from clstudio.hostcode.names import Names, argument_names, c_reserved
from clstudio.hostcode.plan import HostPlan
from clstudio.hostcode.steps import EXPORT_VERSION
from clstudio.session import ImageArg, SamplerArg

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


def c_program(plan: HostPlan, pocl_runner: bool) -> tuple[str, tuple[StepRegion, ...]]:
    """main.c's text and the lines of its eleven steps."""
    session = plan.session
    names = argument_names(plan.args, c_reserved, c_roles)
    code = CodeText("    ")
    kernel = c_comment(session.kernel)
    code.add(f"/* The host program of the OpenCL kernel {kernel}, in eleven steps.", " *")
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
    if any(a.filled for a in plan.written):
        code.add("static const cl_uchar ZERO = 0; /* clEnqueueFillBuffer's pattern */")
    code.add("", *_CHECK_CL.splitlines())
    code.add("", *DEVICE_CHOICE.splitlines())
    for ctype in dict.fromkeys(host_ctype(ref.output) for ref in plan.references):
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
        host_value(arg, names[arg.index], code)
    code.add("")
    code.step(1, "/* {} (clGetPlatformIDs). */")
    code.add(
        "cl_uint platform_count;",
        'check_cl(clGetPlatformIDs(0, NULL, &platform_count), "clGetPlatformIDs");',
        "cl_platform_id *platforms = new_array(platform_count, sizeof *platforms);",
        'check_cl(clGetPlatformIDs(platform_count, platforms, NULL), "clGetPlatformIDs");',
        "",
    )
    code.step(2, "/* {} (clGetDeviceIDs): --device, else as choose_device says. */")
    code.add(
        "cl_uint device_count = 0;",
        "cl_device_id *devices = NULL;",
        "for (cl_uint p = 0; p < platform_count; p++) {",
        "    cl_uint found;",
        "    err = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL, &found);",
        "    if (err == CL_DEVICE_NOT_FOUND) {",
        "        continue; /* a platform with no devices */",
        "    }",
        '    check_cl(err, "clGetDeviceIDs");',
        "    cl_device_id *more = new_array(device_count + found, sizeof *more);",
        "    if (device_count > 0) {",
        "        memcpy(more, devices, device_count * sizeof *more);",
        "    }",
        "    free(devices);",
        "    devices = more;",
        "    err = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, found, devices + device_count,",
        "                         NULL);",
        '    check_cl(err, "clGetDeviceIDs");',
        "    device_count += found;",
        "}",
        "if (device_count == 0) {",
        '    fprintf(stderr, "no OpenCL device found\\n");',
        "    return 2;",
        "}",
        "if (list_only) {",
        "    for (cl_uint d = 0; d < device_count; d++) {",
        '        printf("%u: ", (unsigned)d);',
        "        print_device(devices[d]);",
        "    }",
        "    return 0;",
        "}",
        "cl_device_id device = choose_device(devices, device_count, wanted);",
        "if (device == NULL) {",
        "    fprintf(stderr, \"no device '%s'; --list shows them\\n\", wanted);",
        "    return 2;",
        "}",
        "free(devices);",
        'printf("device: ");',
        "print_device(device);",
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
        memory_object(arg, names[arg.index], code)
    code.step(8, "/* {} (clSetKernelArg), in the kernel's order. */")
    for arg in plan.args:
        set_arg(arg, names[arg.index], code)
    code.add("")
    code.step(9, "/* {} (clEnqueueNDRangeKernel) REPEATS times. Before each launch,")
    if any(arg.filled for arg in plan.written):
        code.add(" * the buffers the kernel writes get their starting contents again; those")
        code.add(" * that start from zeros are filled on the device (clEnqueueFillBuffer). */")
    else:
        code.add(" * the buffers the kernel writes get their starting contents again. */")
    code.add(
        "cl_event *launches = new_array(REPEATS, sizeof *launches);",
        "for (int repeat = 0; repeat < REPEATS; repeat++) {",
    )
    with code.indented():
        for arg in plan.written:
            write_to_device(arg, names[arg.index], code)
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
        read_back(arg, names[arg.index], code)
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
                f"          {byte_count(arg)});",
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
            f"failures += !compare_{host_ctype(out).removeprefix('cl_')}({c_string(out.name)}, "
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


def _c_list(sizes: tuple[int, ...]) -> str:
    return "{" + ", ".join(str(s) for s in sizes) + "}"
