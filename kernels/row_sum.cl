// Row sums: what -cl-fast-relaxed-math lets the compiler do
//
// One work-item adds up one row of a matrix, left to right. Floating-point addition
// is not associative, so the compiler must keep that order and cannot split the
// loop into vector lanes that each sum a part of the row. The build option
// -cl-fast-relaxed-math allows the reordering: the same loop is then vectorised
// (and the sums may differ in their last bits, which the reference's tolerance
// allows).
//
// Try: run it, then Results > Compiler > Compile the last run: "loop not
// vectorized" at line 22. Type -cl-fast-relaxed-math in Options, run and compile
// again: the comparison shows the vectorised loop and both runs' median times. Then
// make the sum a uint over integer data: integer addition reorders freely, with no
// option at all.
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
