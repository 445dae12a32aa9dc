// SwiGLU: each row of x holds a gate half and an up half, x[r] = [g | u], 2 * hidden wide;
// out[r][j] = silu(g[j]) * u[j], where silu(g) = g / (1 + exp(-g)).
__kernel void swiglu(__global const float *x,
                     __global float *out,
                     const int rows,
                     const int hidden)
{
    int j = get_global_id(0), r = get_global_id(1);
    if (j < hidden && r < rows) {
        __global const float *row = x + (size_t)r * 2 * hidden;
        float g = row[j], u = row[hidden + j];
        out[(size_t)r * hidden + j] = g / (1.0f + exp(-g)) * u;
    }
}
