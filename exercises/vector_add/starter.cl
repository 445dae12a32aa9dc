// Vector add with its guard: c[i] = a[i] + b[i] for every i < n.
__kernel void vector_add(__global const float *a,
                         __global const float *b,
                         __global float *c,
                         const int n)
{
    int i = get_global_id(0);
    // The global size is rounded up to a multiple of 256: some work-items have no element.
    // Write c[i] here, for the work-items that have one.
}
