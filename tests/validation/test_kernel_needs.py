"""What a kernel needs of a device, read from its text: #ifdef follows the -D options,
comments are no use, and each need a device lacks is said with a way round."""

from __future__ import annotations

from clstudio.devices import DeviceInfo, InfoField
from clstudio.validation.portability import device_shortfalls, kernel_needs

GEMM_LIKE = """
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#ifdef USE_HALF
#define SCAL(v) (half)(v)
#else
#define SCAL(v) (v)
#endif
// work_group_reduce_add in a comment is no call
kernel void k(global float *x) { x[0] = SCAL(x[0]) * (double)2; }
"""


def device(version: str, extensions: list[str], all_versions: list[str] | None) -> DeviceInfo:
    def field(name: str, raw: object) -> InfoField:
        return InfoField(name, name, "Identity", raw, str(raw), "")

    fields = [
        field("CL_DEVICE_OPENCL_C_VERSION", version),
        field("CL_DEVICE_EXTENSIONS", extensions),
    ]
    if all_versions is not None:
        listed = [{"name": "OpenCL C", "version": v} for v in all_versions]
        fields.append(field("CL_DEVICE_OPENCL_C_ALL_VERSIONS", listed))
    return DeviceInfo(0, 0, "dev", "CPU", "OpenCL 3.0", "Some Platform", tuple(fields))


def test_ifdef_follows_the_options_and_comments_do_not_count() -> None:
    assert [n.kind for n in kernel_needs(GEMM_LIKE, "-D Tval=float")] == ["fp64"]
    needs = kernel_needs(GEMM_LIKE, "-D USE_HALF=1 -cl-std=CL2.0")
    assert [n.kind for n in needs] == ["opencl_c", "fp16", "fp64"]
    assert needs[1].what == "half (line 4)"
    assert kernel_needs("kernel void k() {}", "-cl-std=CL1.2 '") == ()  # a bad quote: no raise


def test_a_device_without_2_0_or_half_is_told_why_and_the_way_round() -> None:
    source = "kernel void k(global float *x) { x[0] = work_group_reduce_add(x[0]); }"
    needs = kernel_needs(source, "-D T=half -cl-std=CL2.0")
    pocl = device("OpenCL C 1.2 PoCL", ["cl_khr_fp64"], ["1.0.0", "1.2.0", "3.0.0"])
    short = device_shortfalls(needs, pocl)
    # PoCL lists 3.0, not 2.0, and builds -cl-std=CL2.0: its 2.0 built-ins are the reason.
    assert [s.kind for s in short] == ["work_group_functions", "fp16"]
    assert "without __opencl_c_work_group_collective_functions" in short[0].reason
    assert "__local" in short[0].way_round
    older = device("OpenCL C 1.2", [], ["1.0.0", "1.1.0", "1.2.0"])
    assert device_shortfalls(needs, older)[0].reason == (
        "-cl-std=CL2.0 asks for OpenCL C 2.0; the device offers 1.0, 1.1, 1.2"
    )
    newer = device("OpenCL C 2.0", ["cl_khr_fp16"], None)
    assert device_shortfalls(needs, newer) == ()
