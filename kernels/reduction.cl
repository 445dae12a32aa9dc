// Parallel reduction
//
// Each work-group sums its own slice of x: every work-item puts one value in
// `scratch` (a __local argument, one float per work-item), then in each round
// the first half of the still-active work-items adds the value of a partner
// half a stride away. After log2(local size) rounds, each separated by a
// barrier, scratch[0] holds the group's sum and goes to partial[group]. The
// host (or a second launch) adds the partial sums.
//
// Try: a local size of 128 (scratch count 128, partial shape [8192], and 128
// in the reference); let each work-item add two values while loading (half the
// global size). Keep the barrier outside the `if`: every work-item of a group
// must reach the same barriers, or the kernel's behaviour is undefined.
__kernel void reduction(__global const float *x,
                        __global float *partial,
                        __local float *scratch,
                        const uint n)
{
    size_t gid = get_global_id(0);
    size_t lid = get_local_id(0);
    scratch[lid] = gid < n ? x[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    // The local size must be a power of two.
    for (size_t stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
