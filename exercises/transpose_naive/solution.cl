// Matrix transpose: out (cols x rows) = matrix (rows x cols) transposed, row-major.
// Work-item (x, y) handles matrix[y][x]; the NDRange is rounded up to 16 x 16 groups.
__kernel void transpose(__global const float *matrix,
                        __global float *out,
                        const int rows,
                        const int cols)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x < cols && y < rows)
        out[x * rows + y] = matrix[y * cols + x];
}
