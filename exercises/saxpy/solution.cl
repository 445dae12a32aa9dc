// SAXPY: y[i] = alpha * x[i] + y[i] for every i < n, in place.
__kernel void saxpy(const float alpha,
                    __global const float *x,
                    __global float *y,
                    const int n)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = alpha * x[i] + y[i];
}
