// Matrix multiply, naive
//
// c (M x N) = a (M x K) times b (K x N), all stored row after row. Each
// work-item reads a whole row of a and a whole column of b from global
// memory: every value of a is read N times and every value of b M times.
// matmul_tiled reads each one far fewer times (Results > Memory shows how).
//
// Try: change the local size ([16, 16], [32, 8], null) and compare the time;
// accumulate in a double and see the error against the reference shrink.
__kernel void matmul_naive(__global const float *a,
                           __global const float *b,
                           __global float *c,
                           const uint M,
                           const uint N,
                           const uint K)
{
    size_t col = get_global_id(0);
    size_t row = get_global_id(1);
    if (row >= M || col >= N)
        return;
    float sum = 0.0f;
    for (uint k = 0; k < K; ++k)
        sum += a[row * K + k] * b[k * N + col];
    c[row * N + col] = sum;
}
