// Layer normalisation of each row: y = (x - mean) / sqrt(var + eps) * gamma + beta,
// mean and (biased) variance over the row's cols values. One work-group of 256 per row.
#define GROUP 256

// The sum of every work-item's `value`, for the whole group; every work-item calls it.
float group_sum(__local float *scratch, float value)
{
    int lid = get_local_id(0);
    scratch[lid] = value;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = GROUP / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float total = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);  // read by all before the next call overwrites it
    return total;
}

__kernel void layer_norm(__global const float *x,
                         __global const float *gamma,
                         __global const float *beta,
                         __global float *y,
                         const int rows,
                         const int cols,
                         const float eps)
{
    __local float scratch[GROUP];
    int row = get_group_id(0), lid = get_local_id(0);
    __global const float *in = x + (size_t)row * cols;
    __global float *out = y + (size_t)row * cols;

    float s = 0.0f;
    for (int j = lid; j < cols; j += GROUP)
        s += in[j];
    float mean = group_sum(scratch, s) / cols;

    float d = 0.0f;
    for (int j = lid; j < cols; j += GROUP)
        d += (in[j] - mean) * (in[j] - mean);
    float scale = rsqrt(group_sum(scratch, d) / cols + eps);

    for (int j = lid; j < cols; j += GROUP)
        out[j] = (in[j] - mean) * scale * gamma[j] + beta[j];
}
