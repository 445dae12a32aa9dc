// Tiled GEMM: C (M x N) = A (M x K) times B (K x N), row-major, through 16 x 16 tiles
// of A and B in __local memory. Work-item (col, row) computes C[row][col].
#define TILE 16

__kernel void gemm(__global const float *A,
                   __global const float *B,
                   __global float *C,
                   const int M,
                   const int N,
                   const int K)
{
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE];
    int lx = get_local_id(0), ly = get_local_id(1);
    int col = get_group_id(0) * TILE + lx, row = get_group_id(1) * TILE + ly;
    float sum = 0.0f;
    for (int t = 0; t < K; t += TILE) {
        As[ly][lx] = row < M && t + lx < K ? A[row * K + t + lx] : 0.0f;
        Bs[ly][lx] = t + ly < K && col < N ? B[(t + ly) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k)
            sum += As[ly][k] * Bs[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        C[row * N + col] = sum;
}
