// A full sum in two launches of one kernel: 256 partial sums, then their total.
// Launch 1 runs 256 work-groups over x; launch 2 runs one work-group over partial.
#define GROUP 256

__kernel void reduce_sum(__global const float *in,
                         __global float *out,
                         __local float *scratch,
                         const uint n)
{
    size_t lid = get_local_id(0);
    // Each work-item adds every (global size)-th element of in, from its global id,
    // while the index stays below n.
    float sum = 0.0f;
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
