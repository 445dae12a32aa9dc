// Rotary position embedding (RoPE): rotate each pair (x[t][2i], x[t][2i+1]) of token t
// by the angle t * base^(-2i / dim). Work-item (i, t) handles pair i of token t.
__kernel void rope(__global const float *x,
                   __global float *out,
                   const int tokens,
                   const int dim,
                   const float base)
{
    int i = get_global_id(0), t = get_global_id(1);
    if (i < dim / 2 && t < tokens) {
        __global const float *pair = x + (size_t)t * dim + 2 * i;
        // out[2i]     = pair[0] * cos(angle) - pair[1] * sin(angle)
        // out[2i + 1] = pair[0] * sin(angle) + pair[1] * cos(angle)
        out[(size_t)t * dim + 2 * i] = pair[0];
        out[(size_t)t * dim + 2 * i + 1] = pair[1];
    }
}
