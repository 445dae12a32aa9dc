// Sum reduction in OpenCL C 2.0: each work-group of 256 adds its 256 elements of x into
// partial[group]. scratch is the 1.2 starter's argument, kept so both starters share one
// session; work_group_reduce_add needs no local memory of yours.
__kernel void sum_reduction(__global const float *x,
                            __global float *partial,
                            __local float *scratch,
                            const int n)
{
    int i = get_global_id(0);
    float mine = i < n ? x[i] : 0.0f;
    // work_group_reduce_add(mine) returns the sum of every work-item's value to all of them.
    // Every work-item of the group must make the call, as with a barrier.
    if (get_local_id(0) == 0)
        partial[get_group_id(0)] = mine;
}
