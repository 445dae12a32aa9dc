/* bicg: q = A p and s = A^T r, the BiCG kernels of PolyBench/GPU's bicg.cl.
 * Written for CL Studio's corpus after PolyBench/GPU 1.0 (see README.md). */
typedef float DATA_TYPE;

__kernel void bicgKernel1(__global DATA_TYPE *A, __global DATA_TYPE *p, __global DATA_TYPE *q, int nx, int ny)
{
	int i = get_global_id(0);
	if (i < nx) {
		q[i] = 0.0;
		for (int j = 0; j < ny; j++) {
			q[i] += A[i * ny + j] * p[j];
		}
	}
}

__kernel void bicgKernel2(__global DATA_TYPE *A, __global DATA_TYPE *r, __global DATA_TYPE *s, int nx, int ny)
{
	int j = get_global_id(0);
	if (j < ny) {
		s[j] = 0.0;
		for (int i = 0; i < nx; i++) {
			s[j] += A[i * ny + j] * r[i];
		}
	}
}
