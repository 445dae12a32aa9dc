"""Building kernels as a learner does: typos land on the right line, kernels show their args."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyopencl as cl
import pytest

from clstudio.common.results import Diagnostic, KernelArgInfo
from clstudio.engine.build import (
    OptionsError,
    build_program,
    kernel_signatures,
    parse_diagnostics,
    split_options,
)

# --- build options ------------------------------------------------------------------------


def test_split_options_keeps_quoted_defines_together() -> None:
    assert split_options('-D N=16 -D MSG="a b" -cl-fast-relaxed-math') == [
        "-D",
        "N=16",
        "-D",
        "MSG=a b",
        "-cl-fast-relaxed-math",
    ]
    assert split_options("   ") == []


@pytest.mark.parametrize("options", ['-D MSG="hello', "-D MSG='hello"])
def test_split_options_rejects_unbalanced_quotes(options: str) -> None:
    with pytest.raises(OptionsError, match="unbalanced quotes"):
        split_options(options)
    assert issubclass(OptionsError, ValueError)


# --- diagnostics from logs ----------------------------------------------------------------


_TEMP = "/root/.cache/pocl/kcache/tempfile_YK6rvF.cl"
_PARSED_LOGS = {
    "pocl_log_with_severity_before_temp_file": (
        f"error: {_TEMP}:5:12: use of undeclared identifier 'b'\n"
        f"warning: {_TEMP}:2:7: equality comparison result unused\n"
        "Device pthread-Intel(R) Xeon(R) Processor failed to build the program\n",
        (
            Diagnostic(5, 12, "error", "use of undeclared identifier 'b'"),
            Diagnostic(2, 7, "warning", "equality comparison result unused"),
        ),
    ),
    "clang_log_keeps_source_echo_and_carets_out": (
        "<source>:3:9: error: use of undeclared identifier 'x'\n"
        "    a[0] = x;\n"
        "           ^\n"
        "input.cl:7:1: fatal error: 'missing.h' file not found\n"
        '#include "missing.h"\n'
        "^~~~~~~~~~~~~~~~~~~~\n"
        "/tmp/comgr-1a2b/input/CompileSource:4:2: note: previous definition is here\n"
        "2 errors generated.\n",
        (
            Diagnostic(3, 9, "error", "use of undeclared identifier 'x'"),
            Diagnostic(7, 1, "error", "'missing.h' file not found"),
            Diagnostic(4, 2, "note", "previous definition is here"),
        ),
    ),
    "echoed_source_line_that_reads_like_a_message": (
        "<kernel>:6:5: warning: unused label 'error'\nerror: return;\n^~~~~~\n",
        (Diagnostic(6, 5, "warning", "unused label 'error'"),),
    ),
    "messages_without_location_go_to_line_zero": (
        "error: unknown argument: '-foo'\nfatal error: too many errors\nwarning: x\n",
        (
            Diagnostic(0, 0, "error", "unknown argument: '-foo'"),
            Diagnostic(0, 0, "error", "too many errors"),
            Diagnostic(0, 0, "warning", "x"),
        ),
    ),
    "drops_exact_duplicates_and_keeps_order": (
        "warning: /tmp/t.cl:1:2: hello there\n"
        "error: /tmp/t.cl:4:1: late\n"
        "warning: /tmp/t.cl:1:2: hello there\n"
        "warning: /tmp/t.cl:1:3: hello there\n",
        (
            Diagnostic(1, 2, "warning", "hello there"),
            Diagnostic(4, 1, "error", "late"),
            Diagnostic(1, 3, "warning", "hello there"),
        ),
    ),
    "odd_locations": (
        # inside a macro expansion PoCL adds where the macro was spelled
        "error: /k/tempfile_0280Dy.cl:3:9 <Spelling=/k/tempfile_0280Dy.cl:1:21>: bad 'y'\n"
        "C:\\Users\\Ann Lee\\kernels\\blur.cl:12:4: error: expected ';'\n"
        "kernel.cl:8: warning: no column here\n"
        "1:2:3: error: Intel names the file by number\n",
        (
            Diagnostic(3, 9, "error", "bad 'y'"),
            Diagnostic(12, 4, "error", "expected ';'"),
            Diagnostic(8, 0, "warning", "no column here"),
            Diagnostic(2, 3, "error", "Intel names the file by number"),
        ),
    ),
    "locations_outside_the_source_keep_them_in_the_message": (
        "error: /tmp/incdir/helpers.h:2:34: use of undeclared identifier 'q'\n"
        "error: <command line>:5:9: macro name must be an identifier\n",
        (
            Diagnostic(
                0, 0, "error", "/tmp/incdir/helpers.h:2:34: use of undeclared identifier 'q'"
            ),
            Diagnostic(0, 0, "error", "<command line>:5:9: macro name must be an identifier"),
        ),
    ),
}


@pytest.mark.parametrize(("log", "expected"), _PARSED_LOGS.values(), ids=_PARSED_LOGS.keys())
def test_parse(log: str, expected: tuple[Diagnostic, ...]) -> None:
    assert parse_diagnostics(log) == expected


def test_parse_empty_and_chatty_logs() -> None:
    assert parse_diagnostics("") == ()
    assert parse_diagnostics("Invalid build option: -Wall\nIn file included from a.cl:1:\n") == ()


# --- building on the device ---------------------------------------------------------------

SAXPY = """\
__kernel void saxpy(float a, __global const float *x, __global float *y)
{
    int i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
"""


@pytest.mark.opencl
def test_successful_build_returns_program_log_and_kernels(
    context: cl.Context, device: cl.Device
) -> None:
    result, program = build_program(context, device, SAXPY, "-cl-fast-relaxed-math")

    assert result.ok
    assert isinstance(program, cl.Program)
    assert result.log == ""  # PoCL says nothing about a clean build
    assert result.diagnostics == ()
    assert result.options == "-cl-fast-relaxed-math"
    assert result.device == device.name.strip()
    assert result.seconds > 0
    saxpy = result.kernel("saxpy")
    assert saxpy is not None
    assert [a.name for a in saxpy.args] == ["a", "x", "y"]
    assert cl.Kernel(program, "saxpy").num_args == 3


@pytest.mark.opencl
def test_error_lands_on_the_users_line_and_column(context: cl.Context, device: cl.Device) -> None:
    source = """\
__kernel void f(__global float *a)
{
    int i = get_global_id(0);

    a[i] = b;
}
"""

    result, program = build_program(context, device, source, "")

    assert not result.ok
    assert program is None
    assert result.kernels == ()
    assert result.errors == (Diagnostic(5, 12, "error", "use of undeclared identifier 'b'"),)
    assert "use of undeclared identifier 'b'" in result.log
    assert "tempfile" in result.log  # PoCL names its temporary copy, not the user's source


@pytest.mark.opencl
def test_warnings_of_a_successful_build_are_diagnostics(
    context: cl.Context, device: cl.Device, recwarn: pytest.WarningsRecorder
) -> None:
    source = """\
__kernel void f(__global int *a)
{
    if (a[0] = 1)
        a[1] = 2;
}
"""

    result, program = build_program(context, device, source, "")

    assert result.ok
    assert program is not None
    assert [(d.line, d.column, d.severity) for d in result.diagnostics] == [(3, 14, "warning")]
    assert "assignment as a condition" in result.diagnostics[0].message
    assert "assignment as a condition" in result.log  # the log pyopencl would have hidden
    assert len(recwarn) == 0  # and no CompilerWarning on the side


@pytest.mark.opencl
def test_werror_turns_the_warning_into_a_failed_build(
    context: cl.Context, device: cl.Device
) -> None:
    source = """\
__kernel void f(__global int *a)
{
    a[0] == 1;
}
"""

    result, _ = build_program(context, device, source, "-Werror")

    assert not result.ok
    assert [(d.line, d.column, d.severity) for d in result.errors] == [(3, 10, "error")]


@pytest.mark.opencl
def test_error_inside_a_macro_is_reported_where_it_is_used(
    context: cl.Context, device: cl.Device
) -> None:
    source = """\
#define BAD(x) (x + nowhere)
__kernel void f(__global int *a)
{
    a[0] = BAD(1);
}
"""

    result, _ = build_program(context, device, source, "")

    assert [(d.line, d.column) for d in result.errors] == [(4, 12)]


@pytest.mark.opencl
def test_error_in_an_included_header_is_not_put_on_a_source_line(
    context: cl.Context, device: cl.Device, tmp_path: Path
) -> None:
    (tmp_path / "helpers.h").write_text("int helper(void)\n{\n    return missing;\n}\n")
    source = '#include "helpers.h"\n__kernel void f(__global int *a) { a[0] = helper(); }\n'

    result, _ = build_program(context, device, source, f"-I{tmp_path}")

    assert not result.ok
    [error] = result.errors
    assert (error.line, error.column) == (0, 0)
    assert error.message.startswith(f"{tmp_path / 'helpers.h'}:3:12: ")


@pytest.mark.opencl
def test_a_define_option_takes_effect(context: cl.Context, device: cl.Device) -> None:
    source = "__kernel void fill(__global int *out) { out[get_global_id(0)] = N; }\n"

    without, _ = build_program(context, device, source, "")
    result, program = build_program(context, device, source, "-D N=16")

    assert not without.ok
    assert result.ok and program is not None
    queue = cl.CommandQueue(context, device)
    out = np.zeros(4, dtype=np.int32)
    buffer = cl.Buffer(context, cl.mem_flags.WRITE_ONLY, out.nbytes)
    cl.Kernel(program, "fill")(queue, out.shape, None, buffer)
    cl.enqueue_copy(queue, out, buffer)
    queue.finish()
    assert out.tolist() == [16, 16, 16, 16]


@pytest.mark.opencl
@pytest.mark.parametrize("options", ["-cl-std=CL9.9", "--garbage-zzz"])
def test_options_the_compiler_rejects_fail_with_a_message(
    context: cl.Context, device: cl.Device, options: str
) -> None:
    result, program = build_program(context, device, SAXPY, options)

    assert not result.ok
    assert program is None
    assert result.errors[0] == Diagnostic(0, 0, "error", f"invalid build options: {options}")
    assert options in result.log


@pytest.mark.opencl
@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ("-D N=1" + " -D X=1" * 200_000, "1400006 characters is more than build options may hold"),
        ("-D N=1\0 -D M=2", "a NUL byte ('\\x00') at position 6"),
        ("-D N=\x1b[2J", "a control character ('\\x1b') at position 5"),
    ],
)
def test_absurd_options_fail_before_the_compiler_runs(
    context: cl.Context, device: cl.Device, options: str, problem: str
) -> None:
    result, program = build_program(context, device, SAXPY, options)

    assert not result.ok
    assert program is None
    [error] = result.errors
    assert error.message.startswith("invalid build options: ")
    assert problem in error.message
    assert result.seconds == 0.0


@pytest.mark.opencl
def test_unbalanced_quotes_fail_before_the_compiler_runs(
    context: cl.Context, device: cl.Device
) -> None:
    result, program = build_program(context, device, SAXPY, '-D MSG="hello')

    assert not result.ok
    assert program is None
    [error] = result.errors
    assert (error.line, error.column) == (0, 0)
    assert error.message.startswith("invalid build options: unbalanced quotes")
    assert "unbalanced quotes" in result.log
    assert result.seconds == 0.0


@pytest.mark.opencl
def test_a_link_failure_still_names_an_error(context: cl.Context, device: cl.Device) -> None:
    source = "int helper(int x);\n__kernel void f(__global int *a) { a[0] = helper(1); }\n"

    result, program = build_program(context, device, source, "")

    assert not result.ok
    assert program is None
    [error] = result.errors
    assert error.line == 0
    assert error.message.split()[0] in result.log


# --- kernel signatures --------------------------------------------------------------------

MANY_KERNELS = """\
#define MAKE_FILL(name) kernel void name(global int *a) { a[0] = 1; }
MAKE_FILL(made_by_macro)

/* __kernel void commented_out(global int *a) {} */
__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void zeta(__global int *a) { a[0] = 2; }

// kernel void also_commented(void) {}
kernel void mid(__global int *a) { a[0] = 3; }

__kernel void alpha(__global int *a)
{
    a[0] = 4;
}
"""


@pytest.mark.opencl
def test_kernels_come_in_source_order(context: cl.Context, device: cl.Device) -> None:
    result, program = build_program(context, device, MANY_KERNELS, "")

    assert result.ok and program is not None
    # found in the source first, in its order; one only a macro names comes last
    assert [k.name for k in result.kernels] == ["zeta", "mid", "alpha", "made_by_macro"]
    assert kernel_signatures(program) == result.kernels


IMAGE_AND_FRIENDS = """\
__kernel void everything(__global const float4 *restrict in,
                         __global float4 *out,
                         __local int *scratch,
                         __constant float *weights,
                         float scale,
                         const uint n,
                         read_only image2d_t src,
                         write_only image2d_t dst,
                         sampler_t smp)
{
}
"""


@pytest.mark.opencl
def test_argument_info_for_every_kind_of_argument(context: cl.Context, device: cl.Device) -> None:
    result, _ = build_program(context, device, IMAGE_AND_FRIENDS, "")

    assert result.ok
    [kernel] = result.kernels
    assert kernel.args == (
        KernelArgInfo("in", "float4*", "global", "none", True),
        KernelArgInfo("out", "float4*", "global", "none", False),
        KernelArgInfo("scratch", "int*", "local", "none", False),
        KernelArgInfo("weights", "float*", "constant", "none", True),
        KernelArgInfo("scale", "float", "private", "none", False),
        KernelArgInfo("n", "uint", "private", "none", False),
        KernelArgInfo("src", "image2d_t", "global", "read_only", False),
        KernelArgInfo("dst", "image2d_t", "global", "write_only", False),
        KernelArgInfo("smp", "sampler_t", "private", "none", False),
    )
    assert kernel.args[0].is_pointer and kernel.args[6].is_image


@pytest.mark.opencl
@pytest.mark.parametrize("std", ["CL2.0", "CL3.0"])
def test_a_newer_opencl_c_the_driver_takes_builds_as_the_device_does(
    context: cl.Context, device: cl.Device, std: str
) -> None:
    # PoCL 3.0 says OpenCL C 1.2 yet builds -cl-std=CL2.0, the C++ bindings' default.
    result, program = build_program(context, device, SAXPY, f"-cl-std={std}")
    assert result.ok and program is not None, result.log
    assert [k.name for k in result.kernels] == ["saxpy"]


@pytest.mark.opencl
def test_a_2_0_built_in_the_device_lacks_fails_with_the_devices_own_message(
    context: cl.Context, device: cl.Device
) -> None:
    source = "kernel void k(global float *a) { a[0] = work_group_reduce_add(a[0]); }"
    result, program = build_program(context, device, source, "-cl-std=CL2.0")
    assert not result.ok and program is None
    (error,) = result.errors
    assert (error.line, error.column) == (0, 0)
    assert "work_group_reduce_add" in error.message  # PoCL: "Cannot find symbol _Z21…"
    assert "work_group_reduce_add" in result.log


@pytest.mark.opencl
def test_the_opencl_c_the_device_offers_builds(context: cl.Context, device: cl.Device) -> None:
    result, _ = build_program(context, device, SAXPY, "-cl-std=CL1.2")
    assert result.ok
