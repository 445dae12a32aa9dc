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
        float angle = t * pow(base, -2.0f * i / dim);
        float c = cos(angle), s = sin(angle);
        size_t at = (size_t)t * dim + 2 * i;
        float x0 = x[at], x1 = x[at + 1];
        out[at] = x0 * c - x1 * s;
        out[at + 1] = x0 * s + x1 * c;
    }
}
