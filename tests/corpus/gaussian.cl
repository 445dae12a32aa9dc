/* gaussian: forward elimination, Rodinia's Fan1 (the multipliers of column t) and Fan2
 * (row t taken from the rows below it, and from b), launched once per t.
 * Written for CL Studio's corpus after Rodinia 3.1's opencl/gaussian (see README.md). */
__kernel void Fan1(__global float *m_dev, __global float *a_dev, __global float *b_dev, const int size, const int t)
{
	int globalId = get_global_id(0);
	if (globalId < size - 1 - t) {
		*(m_dev + size * (globalId + t + 1) + t) = *(a_dev + size * (globalId + t + 1) + t) / *(a_dev + size * t + t);
	}
}

__kernel void Fan2(__global float *m_dev, __global float *a_dev, __global float *b_dev, const int size, const int t)
{
	int globalId = get_global_id(0);
	int globalIdy = get_global_id(1);
	if (globalId < size - 1 - t && globalIdy < size - t) {
		a_dev[size * (globalId + 1 + t) + (globalIdy + t)] -= m_dev[size * (globalId + 1 + t) + t] * a_dev[size * t + (globalIdy + t)];
		if (globalIdy == 0) {
			b_dev[globalId + 1 + t] -= m_dev[size * (globalId + 1 + t) + (globalIdy + t)] * b_dev[t];
		}
	}
}
