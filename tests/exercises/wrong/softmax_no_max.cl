// Row softmax without subtracting the maximum: exp(x) / sum(exp(x)) overflows for large x.
#define GROUP 256

__kernel void softmax(__global const float *x,
                      __global float *y,
                      const int rows,
                      const int cols)
{
    __local float scratch[GROUP];
    int row = get_group_id(0), lid = get_local_id(0);
    __global const float *in = x + (size_t)row * cols;
    __global float *out = y + (size_t)row * cols;
    float s = 0.0f;
    for (int j = lid; j < cols; j += GROUP)
        s += exp(in[j]);
    scratch[lid] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = GROUP / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float total = scratch[0];
    for (int j = lid; j < cols; j += GROUP)
        out[j] = exp(in[j]) / total;
}
