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

    Tval x = gate[b * stride_gate_b + s * stride_gate_s + col];
    Tval y = up[b * stride_up_b + s * stride_up_s + col];
    Tval sig = 1.0f / (1.0f + exp(-x));
    c[b * stride_c_b + s * stride_c_s + col] = x * sig * y;
}
