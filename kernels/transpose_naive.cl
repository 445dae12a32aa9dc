// Transpose, naive
//
// out (cols x rows) is the transpose of a (rows x cols). Neighbouring
// work-items read neighbouring floats of a row (coalesced), but write floats
// `rows` apart in out: on a GPU every such write is a separate memory
// transaction. Results > Memory > Measure memory traffic shows the store
// touching 16 lines per 16 work-items; transpose_tiled fixes it with a tile.
//
// Try: swap the roles (read scattered, write coalesced) and measure again;
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
