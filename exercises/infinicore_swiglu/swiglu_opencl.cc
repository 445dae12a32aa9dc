// An operator file in the style of InfiniCore's OpenCL backend
// (src/infiniop/ops/swiglu/opencl/swiglu_opencl.cc): the kernel in a raw string, its
// element type passed as -D Tval=..., its tensors with their own strides. The exercise
// infinicore_swiglu: finish the kernel in the string (File > Open this file's copy in
// CL Studio, edit, Save), then `clstudio exercise check infinicore_swiglu THIS_FILE`.
#define CL_TARGET_OPENCL_VERSION 200
#include <CL/cl.h>
#include <string>

static const char *SwigluKernelSource = R"CLC(
// SwiGLU as InfiniCore's OpenCL backend writes it: the element type Tval comes from the
// host's build options (-D Tval=float, or half), each tensor has its own batch and
// sequence strides (a row of gate or up may be padded), and the NDRange is
// (batch * seq) x hidden: dimension 0 names the row, dimension 1 the column.
// c = silu(gate) * up, where silu(x) = x / (1 + exp(-x)).
#ifndef Tval
#define Tval float
#endif

typedef unsigned int Tidx;

__kernel void swiglu(
    __global Tval *c,
    int const stride_c_b,
    int const stride_c_s,
    __global Tval *gate,
    int const stride_gate_b,
    int const stride_gate_s,
    __global Tval *up,
    int const stride_up_b,
    int const stride_up_s,
    int const seq) {

    Tidx row = get_global_id(0);
    Tidx col = get_global_id(1);
    Tidx b = row / seq;
    Tidx s = row % seq;

    // Find this element of gate and of up, each with its own strides, and write c's.
    c[b * stride_c_b + s * stride_c_s + col] = 0;
}
)CLC";

namespace op::swiglu::opencl {

// The host's side, as InfiniCore's launchKernel does it: one row of the NDRange per
// (batch, seq) pair, one column per hidden element; the build options give Tval.
std::string buildOptions(bool half) {
    std::string build_opts;
    build_opts += "-D Tval=";
    build_opts += half ? "half" : "float";
    build_opts += " ";
    return build_opts;
}

cl_int launchKernel(cl_command_queue queue, cl_kernel kernel, size_t batch, size_t seq,
                    size_t hd, cl_mem c, cl_int stride_c_b, cl_int stride_c_s, cl_mem gate,
                    cl_int stride_gate_b, cl_int stride_gate_s, cl_mem up,
                    cl_int stride_up_b, cl_int stride_up_s) {
    cl_int seq_arg = static_cast<cl_int>(seq);
    cl_uint arg = 0;
    cl_int clerr = clSetKernelArg(kernel, arg++, sizeof(cl_mem), &c);
    clerr |= clSetKernelArg(kernel, arg++, sizeof(cl_int), &stride_c_b);
    clerr |= clSetKernelArg(kernel, arg++, sizeof(cl_int), &stride_c_s);
    clerr |= clSetKernelArg(kernel, arg++, sizeof(cl_mem), &gate);
    clerr |= clSetKernelArg(kernel, arg++, sizeof(cl_int), &stride_gate_b);
    clerr |= clSetKernelArg(kernel, arg++, sizeof(cl_int), &stride_gate_s);
    clerr |= clSetKernelArg(kernel, arg++, sizeof(cl_mem), &up);
    clerr |= clSetKernelArg(kernel, arg++, sizeof(cl_int), &stride_up_b);
    clerr |= clSetKernelArg(kernel, arg++, sizeof(cl_int), &stride_up_s);
    clerr |= clSetKernelArg(kernel, arg++, sizeof(cl_int), &seq_arg);
    if (clerr != CL_SUCCESS) {
        return clerr;
    }
    size_t global_size[2] = {batch * seq, hd};
    return clEnqueueNDRangeKernel(queue, kernel, 2, nullptr, global_size, nullptr, 0, nullptr,
                                  nullptr);
}

} // namespace op::swiglu::opencl
