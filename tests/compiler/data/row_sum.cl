// One work-item sums one row of a matrix, in order: a floating-point reduction
// that LLVM may not reorder unless -cl-fast-relaxed-math allows it.
__kernel void row_sum(__global const float *m,
                      __global float *sums,
                      const uint cols)
{
    size_t row = get_global_id(0);
    float sum = 0.0f;
    for (uint c = 0; c < cols; c++)
        sum += m[row * cols + c];
    sums[row] = sum;
}
