// Matrix add over a 2-D NDRange
//
// The NDRange has two dimensions: get_global_id(0) runs along a row (the column
// index, the fastest-varying one in memory) and get_global_id(1) picks the row.
// The matrices are `height` rows of `width` floats, stored row after row.
//
// Try: swap the two ids (col = get_global_id(1)) and see the reference fail,
// then swap the global sizes too; set a local size such as [16, 16] or [64, 4]
// and compare the kernel times.
__kernel void matrix_add(__global const float *a,
                         __global const float *b,
                         __global float *c,
                         const uint width,
                         const uint height)
{
    size_t col = get_global_id(0);
    size_t row = get_global_id(1);
    if (col < width && row < height) {
        size_t i = row * width + col;
        c[i] = a[i] + b[i];
    }
}
