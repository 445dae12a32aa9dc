// Max reduction in OpenCL C 2.0: one work-group of 256 finds the largest of the n values
// of x; work_group_reduce_max replaces the tree in __local memory.
#define GROUP 256

__kernel void max_reduction(__global const float *x,
                            __global float *result,
                            const int n)
{
    int lid = get_local_id(0);
    float best = -INFINITY;
    for (int i = lid; i < n; i += GROUP)
        best = fmax(best, x[i]);
    best = work_group_reduce_max(best);
    if (lid == 0)
        result[0] = best;
}
