// Transpose, naive
//
// out (cols x rows) is the transpose of a (rows x cols). Neighbouring
// work-items read neighbouring floats of a row (coalesced), but write floats
// `rows` apart in out: on a GPU every such write is a separate memory
// transaction. transpose_tiled fixes this with a __local tile; both use the
// same sizes, so their kernel times compare directly.
//
// Try: swap the roles (read scattered, write coalesced) and compare the time;
// change the local size to [32, 8] or [64, 1].
__kernel void transpose_naive(__global const float *a,
                              __global float *out,
                              const uint rows,
                              const uint cols)
{
    size_t col = get_global_id(0);
    size_t row = get_global_id(1);
    if (col < cols && row < rows)
        out[col * rows + row] = a[row * cols + col];
}
