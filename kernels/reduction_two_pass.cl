// A sum of ten million floats in two passes
//
// One work-group cannot see all of x, and work-groups cannot wait for each other
// inside a launch, so a full reduction takes two launches of one kernel. Pass 1:
// 256 groups of 256 work-items; each work-item adds every 65536th value of x
// (a grid-stride loop), the group adds its 256 sums in __local memory, and its
// sum goes to partial[group]. Pass 2: one group does the same to the 256 partial
// sums and writes the total. The end of a launch is the barrier between groups
// that a kernel cannot have.
//
// Try: 512 groups in pass 1 (G = 131072, partial of 512, pass 2 with 512
// work-items); a local size that is not a power of two (the tree breaks: why?);
// compare each pass's time in the launch figures.
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

    // The local size must be a power of two.
    for (size_t stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = scratch[0];
}
