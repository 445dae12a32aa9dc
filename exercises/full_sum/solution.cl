// A full sum in two launches of one kernel: 256 partial sums, then their total.
#define GROUP 256

__kernel void reduce_sum(__global const float *in,
                         __global float *out,
                         __local float *scratch,
                         const uint n)
{
    size_t lid = get_local_id(0);
    float sum = 0.0f;
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        sum += in[i];
    scratch[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t stride = GROUP / 2; stride > 0; stride /= 2) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = scratch[0];
}
