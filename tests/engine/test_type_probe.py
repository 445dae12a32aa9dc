"""Typedef'd argument types are what the compiler says they stand for, asked on PoCL."""

from __future__ import annotations

import pyopencl as cl
import pytest

from clstudio.common.results import KernelArgInfo
from clstudio.engine.build import build_program
from clstudio.engine.type_probe import PROBE_PREFIX, resolve_types
from clstudio.validation import type_problem
from clstudio.validation.arg_defaults import unsupported_reason
from typedef_kernels import ATAX

pytestmark = pytest.mark.opencl


def args_of(
    context: cl.Context, device: cl.Device, source: str, options: str = ""
) -> dict[str, KernelArgInfo]:
    result, _ = build_program(context, device, source, options)
    assert result.ok, result.log
    return {a.name: a for k in result.kernels for a in k.args}


def test_polybench_and_infinicore_typedefs_resolve_to_the_compilers_types(
    context: cl.Context, device: cl.Device
) -> None:
    args = args_of(context, device, ATAX)
    assert (args["A"].type_name, args["A"].written_type) == ("float*", "DATA_TYPE*")
    assert args["A"].shown_type == "DATA_TYPE* (float*)"
    assert (args["nx"].type_name, args["nx"].written_type) == ("uint", "Tidx")
    assert args["nx"].shown_type == "Tidx (uint)"
    assert args["nx"].address_space == "private" and args["A"].address_space == "global"


def test_vectors_enums_and_build_options_resolve_as_the_compiler_reads_them(
    context: cl.Context, device: cl.Device
) -> None:
    source = """\
typedef float4 vec;
typedef REAL real;
typedef enum { RED, GREEN } Colour;
__kernel void k(__global const vec *restrict v, __global real *r, Colour c) {}
"""
    args = args_of(context, device, source, "-D REAL=int")
    assert (args["v"].type_name, args["v"].written_type, args["v"].is_const) == (
        "float4*",
        "vec*",
        True,
    )
    assert args["r"].shown_type == "real* (int*)"
    assert args["c"].shown_type == "Colour (uint)"


def test_a_struct_typedef_stays_as_written_and_known(
    context: cl.Context, device: cl.Device
) -> None:
    source = """\
typedef struct { float x; int y; } Particle;
typedef float real;
__kernel void k(__global Particle *p, __global struct Particle2 { int z; } *q, real s) {}
"""
    args = args_of(context, device, source)
    assert (args["p"].type_name, args["p"].written_type, args["p"].type_known) == (
        "Particle*",
        "",
        True,
    )
    assert "structs" in (unsupported_reason(args["p"]) or "")
    assert args["s"].shown_type == "real (float)"


def test_a_typedefd_union_is_named_a_union_not_a_struct_to_describe(
    context: cl.Context, device: cl.Device
) -> None:
    source = """\
typedef union { int i; float f; } Bits;
typedef union Tagged { uint u; float f; } Word;
typedef struct { Bits b; } Holder;
__kernel void k(__global Bits *b, Word w, __global Holder *h) {}
"""
    args = args_of(context, device, source)
    assert args["b"].shown_type == "Bits* (union Bits*)"
    assert args["w"].shown_type == "Word (union Word)"
    assert args["h"].shown_type == "Holder*"  # a struct stays as written
    union = "a union (union {name}): CL Studio fills structs, not unions"
    assert unsupported_reason(args["b"]) == union.format(name="Bits")
    assert type_problem(args["w"]) == (
        "argument 'w' has type Word (union Word): " + union.format(name="Word")
    )
    assert "structs" in (unsupported_reason(args["h"]) or "")


def test_a_typedef_only_variables_use_is_resolved_for_the_debugger(
    context: cl.Context, device: cl.Device
) -> None:
    source = """\
typedef float DATA_TYPE;
typedef uint2 pair_t; /* typedef long ignored_t; in a comment */
typedef struct { int x; } Point;
__kernel void k(__global DATA_TYPE *a) { pair_t p = (uint2)(1); Point q; a[0] = p.x; }
"""
    result, _ = build_program(context, device, source, "")
    assert result.ok, result.log
    assert dict(result.type_names) == {"DATA_TYPE": "float", "pair_t": "uint2"}


def test_a_kernel_named_like_the_probe_keeps_its_name_and_types_still_resolve(
    context: cl.Context, device: cl.Device
) -> None:
    source = f"""\
typedef float DATA_TYPE;
__kernel void {PROBE_PREFIX}0(__global DATA_TYPE *a) {{ a[0] = 1; }}
__kernel void {PROBE_PREFIX}_0(__global DATA_TYPE *b) {{ b[0] = 2; }}
"""
    result, _ = build_program(context, device, source, "")
    assert result.ok
    assert [k.name for k in result.kernels] == [f"{PROBE_PREFIX}0", f"{PROBE_PREFIX}_0"]
    assert [a.shown_type for k in result.kernels for a in k.args] == ["DATA_TYPE* (float*)"] * 2


def test_without_typedefd_names_nothing_is_probed(context: cl.Context, device: cl.Device) -> None:
    source = "__kernel void k(__global float *a, uint n, __read_only image2d_t i) {}"
    result, _ = build_program(context, device, source, "")
    kernels, type_names = resolve_types(context, device, source, "", result.kernels)
    assert kernels is result.kernels and type_names == ()


def test_a_half_typedef_resolves_on_a_device_without_fp16(
    context: cl.Context, device: cl.Device
) -> None:
    # Without cl_khr_fp16 there is no value of type half, but `half *` is OpenCL C 1.2's:
    # the probe asks about pointers, so a buffer of halves (read with vload_half) resolves.
    source = "typedef half H; typedef float F; __kernel void k(__global H *a, F b) {}"
    args = args_of(context, device, source)
    assert args["a"].shown_type == "H* (half*)" and args["b"].shown_type == "F (float)"


def test_a_name_the_probe_cannot_ask_about_is_unknown_alone_and_says_so(
    context: cl.Context, device: cl.Device
) -> None:
    # No pointer to an image exists, so the probe of `img` fails to build; asked one by
    # one, the other name still resolves.
    source = (
        "typedef image2d_t img; typedef float F;\n"
        "__kernel void k(__read_only img i, __global F *b) {}"
    )
    args = args_of(context, device, source)
    assert (args["i"].type_name, args["i"].type_known) == ("img", False)
    assert args["b"].shown_type == "F* (float*)"
    reason = unsupported_reason(args["i"]) or ""
    assert "could not be asked what img stands for" in reason
    assert "struct" not in reason
