// Tiled transpose: each 16 x 16 work-group moves one tile through __local memory,
// so that both its reads of matrix and its writes of out run along rows.
#define TILE 16

__kernel void transpose(__global const float *matrix,
                        __global float *out,
                        const int rows,
                        const int cols)
{
    __local float tile[TILE][TILE + 1];  // + 1: the columns of a tile fall in different banks
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_group_id(0) * TILE + lx, y = get_group_id(1) * TILE + ly;
    if (x < cols && y < rows)
        tile[ly][lx] = matrix[y * cols + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int out_row = get_group_id(0) * TILE + ly, out_col = get_group_id(1) * TILE + lx;
    if (out_row < cols && out_col < rows)
        out[out_row * rows + out_col] = tile[lx][ly];
}
