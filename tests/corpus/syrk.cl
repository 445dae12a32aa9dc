/* syrk: C = alpha A A^T + beta C (PolyBench/GPU's syrk.cl).
 * Written for CL Studio's corpus after PolyBench/GPU 1.0 (see README.md). */
typedef float DATA_TYPE;

__kernel void syrk_kernel(DATA_TYPE alpha, DATA_TYPE beta, __global DATA_TYPE *a, __global DATA_TYPE *c, int m, int n)
{
	int j = get_global_id(0);
	int i = get_global_id(1);
	if ((i < n) && (j < n)) {
		c[i * n + j] *= beta;
		for (int k = 0; k < m; k++) {
			c[i * n + j] += alpha * a[i * m + k] * a[j * m + k];
		}
	}
}
