// Wrong: no grid-stride loop, so only the first 65536 elements of x are summed.
#define GROUP 256

__kernel void reduce_sum(__global const float *in,
                         __global float *out,
                         __local float *scratch,
                         const uint n)
{
    size_t lid = get_local_id(0);
    float sum = 0.0f;
    size_t i = get_global_id(0);
    if (i < n)
        sum = in[i]; // one element each: the rest of a long x is never read
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
