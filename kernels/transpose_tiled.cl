// Transpose, tiled in local memory
//
// A work-group of TILE x TILE work-items copies one tile of a into __local
// memory row by row, waits at the barrier until the whole tile is there, then
// writes it out transposed, again row by row. The extra column (TILE + 1)
// shifts each row of the tile so that reading a column of it does not hit the
// same bank over and over (a GPU matter). The local size must be [TILE, TILE].
// Results > Memory shows 1 line per 16 work-items and plays a group back.
//
// Try: remove the barrier and see what goes wrong; build with -D TILE=8 and a
// local size of [8, 8]; drop the "+ 1" and compare the time on a GPU.
#ifndef TILE
#define TILE 16
#endif

__kernel void transpose_tiled(__global const float *a,
                              __global float *out,
                              const uint rows,
                              const uint cols)
{
    __local float tile[TILE][TILE + 1];
    size_t lx = get_local_id(0);
    size_t ly = get_local_id(1);
    size_t first_col = get_group_id(0) * TILE;
    size_t first_row = get_group_id(1) * TILE;

    // Read: work-item (lx, ly) copies a[first_row + ly][first_col + lx].
    if (first_col + lx < cols && first_row + ly < rows)
        tile[ly][lx] = a[(first_row + ly) * cols + first_col + lx];
    barrier(CLK_LOCAL_MEM_FENCE);

    // Write: row first_col + ly of out, neighbouring work-items side by side.
    if (first_row + lx < rows && first_col + ly < cols)
        out[(first_col + ly) * rows + first_row + lx] = tile[lx][ly];
}
