/* sgemm: C = alpha A B^T + beta C over column-major matrices with leading dimensions,
 * Parboil's mysgemmNT and its A/B/C index macros.
 * Written for CL Studio's corpus after Parboil 2.5's sgemm/opencl_base (see README.md). */
#define A_AT(i, j) A[(i) + (j) * lda]
#define B_AT(i, j) B[(i) + (j) * ldb]
#define C_AT(i, j) C[(i) + (j) * ldc]

__kernel void mysgemmNT(__global const float *A, int lda, __global const float *B, int ldb, __global float *C, int ldc, int k, float alpha, float beta)
{
	float c = 0.0f;
	int m = get_global_id(0);
	int n = get_global_id(1);

	for (int i = 0; i < k; ++i) {
		float a = A_AT(m, i);
		float b = B_AT(n, i);
		c += a * b;
	}
	C_AT(m, n) = C_AT(m, n) * beta + alpha * c;
}
