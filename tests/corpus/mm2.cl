/* 2mm: E = (A B) D, two matrix products in two launches (PolyBench/GPU's 2mm.cl).
 * Written for CL Studio's corpus after PolyBench/GPU 1.0 (see README.md). */
typedef float DATA_TYPE;

__kernel void mm2_kernel1(__global DATA_TYPE *A, __global DATA_TYPE *B, __global DATA_TYPE *C, int ni, int nj, int nk)
{
	int j = get_global_id(0);
	int i = get_global_id(1);
	if ((i < ni) && (j < nj)) {
		C[i * nj + j] = 0.0;
		for (int k = 0; k < nk; k++) {
			C[i * nj + j] += A[i * nk + k] * B[k * nj + j];
		}
	}
}

__kernel void mm2_kernel2(__global DATA_TYPE *C, __global DATA_TYPE *D, __global DATA_TYPE *E, int ni, int nl, int nj)
{
	int j = get_global_id(0);
	int i = get_global_id(1);
	if ((i < ni) && (j < nl)) {
		E[i * nl + j] = 0.0;
		for (int k = 0; k < nj; k++) {
			E[i * nl + j] += C[i * nj + k] * D[k * nl + j];
		}
	}
}
