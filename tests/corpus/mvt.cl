/* mvt: x1 += A y1 and x2 += A^T y2 (PolyBench/GPU's mvt.cl).
 * Written for CL Studio's corpus after PolyBench/GPU 1.0 (see README.md). */
typedef float DATA_TYPE;

__kernel void mvt_kernel1(__global DATA_TYPE *a, __global DATA_TYPE *x1, __global DATA_TYPE *y_1, int n)
{
	int i = get_global_id(0);
	if (i < n) {
		for (int j = 0; j < n; j++) {
			x1[i] += a[i * n + j] * y_1[j];
		}
	}
}

__kernel void mvt_kernel2(__global DATA_TYPE *a, __global DATA_TYPE *x2, __global DATA_TYPE *y_2, int n)
{
	int i = get_global_id(0);
	if (i < n) {
		for (int j = 0; j < n; j++) {
			x2[i] += a[j * n + i] * y_2[j];
		}
	}
}
