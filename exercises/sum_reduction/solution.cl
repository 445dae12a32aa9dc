// Sum reduction: each work-group of 256 adds its 256 elements of x into partial[group].
#define GROUP 256

__kernel void sum_reduction(__global const float *x,
                            __global float *partial,
                            __local float *scratch,
                            const int n)
{
    int i = get_global_id(0);
    int lid = get_local_id(0);
    scratch[lid] = i < n ? x[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = GROUP / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
