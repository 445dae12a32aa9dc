"""OpenCL C sources of the peak micro-benchmarks, one small program per probe.

The designs follow clpeak (krrishnarraj/clpeak): each work-item reads a fixed
number of vectors for bandwidth, and runs a chain of dependent multiply-adds for
compute, so that the vector width, not the compiler, decides how much runs at once.
"""

from __future__ import annotations

FETCHES_PER_ITEM = 16  # vectors each work-item of the bandwidth kernel reads
COMPUTE_OPS_PER_ITEM = 4096  # operations (a multiply-add is 2) each compute work-item does
_MADS_PER_STEP = 16


def _lane_sum(variable: str, lanes: int) -> str:
    """`v.s0 + v.s1 + ...`: a vector's lanes added into one scalar."""
    if lanes == 1:
        return variable
    return " + ".join(f"{variable}.s{lane:X}" for lane in range(lanes))


def bandwidth_source(lanes: int) -> str:
    """Each work-item reads FETCHES_PER_ITEM floatN, one global size apart, and writes one float.

    Reads a global size apart keep neighbouring work-items on neighbouring addresses
    (coalesced on a GPU, one stream per core on a CPU).
    """
    vector = "float" if lanes == 1 else f"float{lanes}"
    reads = "\n".join(f"    sum += data[i + {k}u * step];" for k in range(FETCHES_PER_ITEM))
    return f"""__kernel void read_{vector}(__global const {vector} *data, __global float *out)
{{
    uint i = get_global_id(0);
    uint step = get_global_size(0);
    {vector} sum = 0;
{reads}
    out[i] = {_lane_sum("sum", lanes)};
}}
"""


def compute_source(scalar: str, lanes: int, multiply_add: str = "a*b+c") -> str:
    """Two dependent chains of multiply-adds on `scalar`N; COMPUTE_OPS_PER_ITEM per work-item.

    `multiply_add` "a*b+c" writes the plain expression; "mad" calls mad() as clpeak
    does (PoCL 3.0 aborts the process at the first launch for float16 and double8).
    """
    vector = scalar if lanes == 1 else f"{scalar}{lanes}"
    steps = COMPUTE_OPS_PER_ITEM // (2 * _MADS_PER_STEP * lanes)

    def mad(a: str, b: str, c: str) -> str:
        return f"mad({a}, {b}, {c})" if multiply_add == "mad" else f"{a} * {b} + {c}"

    body = "\n".join(
        f"        x = {mad('y', 'x', 'y')};" if k % 2 == 0 else f"        y = {mad('x', 'y', 'x')};"
        for k in range(_MADS_PER_STEP)
    )
    pragma = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" if scalar == "double" else ""
    lane_offsets = ", ".join(f"seed + {lane}" for lane in range(lanes))
    start = f"({vector})({lane_offsets})" if lanes > 1 else "seed"
    return f"""{pragma}__kernel void compute_{vector}(__global {scalar} *out, {scalar} seed)
{{
    {vector} x = {start};
    {vector} y = ({vector})(({scalar})get_local_id(0));
    for (int step = 0; step < {steps}; step++) {{
{body}
    }}
    out[get_global_id(0)] = {_lane_sum("y", lanes)};
}}
"""


LATENCY_SOURCE = """__kernel void nearly_nothing(__global float *out)
{
    out[get_global_id(0)] = (float)get_global_id(0);
}
"""
