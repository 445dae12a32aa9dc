// Register-blocked GEMM: C (M x N) = A (M x K) times B (K x N), row-major.
// A 16 x 16 work-group computes a 16 x 64 block of C: work-item (lx, ly) computes the
// WORK = 4 elements C[row][col0 + 16 * w], w = 0..3, keeping the 4 sums in registers.
#define TILE 16
#define WORK 4

__kernel void gemm(__global const float *A,
                   __global const float *B,
                   __global float *C,
                   const int M,
                   const int N,
                   const int K)
{
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE * WORK];
    int lx = get_local_id(0), ly = get_local_id(1);
    int row = get_group_id(1) * TILE + ly;
    int col0 = get_group_id(0) * TILE * WORK + lx;
    float sum[WORK] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int t = 0; t < K; t += TILE) {
        As[ly][lx] = row < M && t + lx < K ? A[row * K + t + lx] : 0.0f;
        for (int w = 0; w < WORK; ++w) {
            int col = col0 + TILE * w;
            Bs[ly][lx + TILE * w] = t + ly < K && col < N ? B[(t + ly) * N + col] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k) {
            float a = As[ly][k];
            for (int w = 0; w < WORK; ++w)
                sum[w] += a * Bs[k][lx + TILE * w];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < WORK; ++w) {
        int col = col0 + TILE * w;
        if (row < M && col < N)
            C[row * N + col] = sum[w];
    }
}
