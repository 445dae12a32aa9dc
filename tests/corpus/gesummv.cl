/* gesummv: y = alpha A x + beta B x, one work-item per row (PolyBench/GPU's gesummv.cl).
 * Written for CL Studio's corpus after PolyBench/GPU 1.0 (see README.md). */
typedef float DATA_TYPE;

__kernel void gesummv_kernel(__global DATA_TYPE *a, __global DATA_TYPE *b, __global DATA_TYPE *x, __global DATA_TYPE *y, __global DATA_TYPE *tmp, DATA_TYPE alpha, DATA_TYPE beta, int n)
{
	int i = get_global_id(0);
	if (i < n) {
		for (int j = 0; j < n; j++) {
			tmp[i] += a[i * n + j] * x[j];
			y[i] += b[i * n + j] * x[j];
		}
		y[i] = alpha * tmp[i] + beta * y[i];
	}
}
