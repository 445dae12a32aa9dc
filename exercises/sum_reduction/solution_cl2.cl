// Sum reduction in OpenCL C 2.0: work_group_reduce_add does the tree and its barriers.
// scratch is the 1.2 starter's argument, kept so both starters share one session.
__kernel void sum_reduction(__global const float *x,
                            __global float *partial,
                            __local float *scratch,
                            const int n)
{
    int i = get_global_id(0);
    float sum = work_group_reduce_add(i < n ? x[i] : 0.0f);
    if (get_local_id(0) == 0)
        partial[get_group_id(0)] = sum;
}
