// Matrix multiply, tiled in local memory
//
// The work-group computes a TILE x TILE block of c. It walks along K one tile
// at a time: every work-item copies one value of a and one of b into __local
// tiles, the group waits at a barrier, then each work-item multiplies a row of
// one tile by a column of the other. The second barrier stops anyone from
// overwriting a tile that a neighbour is still reading. Each value fetched
// from global memory is used TILE times (see Results > Memory). Local: [TILE, TILE].
//
// Try: remove both barriers and see the result go wrong; remove only one and
// on PoCL's CPU device the result may stay right (a race is not guaranteed to
// show, which is what makes races hard to find); build with -D TILE=8 and a
// local size of [8, 8]; compare the time with matmul_naive.
#ifndef TILE
#define TILE 16
#endif

__kernel void matmul_tiled(__global const float *a,
                           __global const float *b,
                           __global float *c,
                           const uint M,
                           const uint N,
                           const uint K)
{
    __local float a_tile[TILE][TILE];
    __local float b_tile[TILE][TILE];
    size_t lx = get_local_id(0);
    size_t ly = get_local_id(1);
    size_t col = get_global_id(0);
    size_t row = get_global_id(1);

    float sum = 0.0f;
    for (uint t = 0; t < K; t += TILE) {
        // Zeros past the edges let K, M and N be any size.
        a_tile[ly][lx] = (row < M && t + lx < K) ? a[row * K + t + lx] : 0.0f;
        b_tile[ly][lx] = (t + ly < K && col < N) ? b[(t + ly) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k)
            sum += a_tile[ly][k] * b_tile[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
