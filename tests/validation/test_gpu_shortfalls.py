"""A kernel that builds on the CPU but not on a GPU says why, from the device's fields: an
NVIDIA GPU's OpenCL C 1.2 with no `cl_khr_fp16` and no collectives (the fields as NVIDIA's
driver reports them: clinfo on NVIDIA lists "OpenCL C 1.2" with CL_DEVICE_OPENCL_C_VERSION
and no cl_khr_fp16 among its extensions)."""

from __future__ import annotations

from clstudio.devices import DeviceInfo, InfoField
from clstudio.validation.portability import shortfalls_text

REDUCE_HALF = """
kernel void sum(global const half *x, global float *out) {
    float mine = vload_half(get_global_id(0), x);
    float total = work_group_reduce_add(mine);
    if (get_local_id(0) == 0) out[get_group_id(0)] = total;
}
"""


def nvidia_gpu() -> DeviceInfo:
    def field(name: str, raw: object) -> InfoField:
        return InfoField(name, name, "Identity", raw, str(raw), "")

    fields = (
        field("CL_DEVICE_OPENCL_C_VERSION", "OpenCL C 1.2 "),
        field("CL_DEVICE_EXTENSIONS", ["cl_khr_fp64", "cl_nv_device_attribute_query"]),
        field("CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV", True),
    )
    return DeviceInfo(
        0, 0, "NVIDIA GeForce RTX 3060", "GPU", "OpenCL 3.0 CUDA", "NVIDIA CUDA", fields
    )


def test_a_1_2_gpu_says_why_before_the_build() -> None:
    text = shortfalls_text(REDUCE_HALF, "", nvidia_gpu())
    assert text.startswith("NVIDIA GeForce RTX 3060 (OpenCL C 1.2) may not build this kernel")
    assert "work_group_reduce_add (line 4)" in text
    assert "half (line 2)" in text and "cl_khr_fp16" in text
    assert "barrier(CLK_LOCAL_MEM_FENCE)" in text  # the way round


def test_a_kernel_the_device_can_build_says_nothing() -> None:
    plain = "kernel void k(global float *x) { x[get_global_id(0)] *= 2.0f; }"
    assert shortfalls_text(plain, "", nvidia_gpu()) == ""
