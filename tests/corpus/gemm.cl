/* gemm: C = alpha A B + beta C, one work-item per element of C.
 * Written for CL Studio's corpus after PolyBench/GPU 1.0's gemm.cl (see README.md):
 * DATA_TYPE by typedef, alpha and beta passed by value in that type, (j, i) from (x, y). */
#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

typedef float DATA_TYPE;

__kernel void gemm(__global DATA_TYPE *a, __global DATA_TYPE *b, __global DATA_TYPE *c, DATA_TYPE alpha, DATA_TYPE beta, int ni, int nj, int nk)
{
	int j = get_global_id(0);
	int i = get_global_id(1);

	if ((i < ni) && (j < nj)) {
		c[i * nj + j] *= beta;
		for (int k = 0; k < nk; k++) {
			c[i * nj + j] += alpha * a[i * nk + k] * b[k * nj + j];
		}
	}
}
