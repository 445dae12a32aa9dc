// Max reduction: one work-group of 256 finds the largest of the n values of x.
#define GROUP 256

__kernel void max_reduction(__global const float *x,
                            __global float *result,
                            const int n)
{
    __local float scratch[GROUP];
    int lid = get_local_id(0);
    float best = -INFINITY;
    for (int i = lid; i < n; i += GROUP)
        best = fmax(best, x[i]);
    scratch[lid] = best;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = GROUP / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] = fmax(scratch[lid], scratch[lid + stride]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        result[0] = scratch[0];
}
