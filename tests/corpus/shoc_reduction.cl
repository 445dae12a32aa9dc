/* reduction: each work-group adds a strided share of the input in local memory, SHOC's
 * reduce kernel with its precision chosen by -D SINGLE_PRECISION (FPTYPE); the host
 * launches it again on the partial sums.
 * Written for CL Studio's corpus after SHOC 1.1's OpenCL Reduction (see README.md). */
#ifdef SINGLE_PRECISION
#define FPTYPE float
#elif K_DOUBLE_PRECISION
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define FPTYPE double
#endif

__kernel void reduce(__global const FPTYPE *g_idata, __global FPTYPE *g_odata, __local FPTYPE *sdata, const unsigned int n)
{
	const unsigned int tid = get_local_id(0);
	unsigned int i = (get_group_id(0) * (get_local_size(0) * 2)) + tid;
	const unsigned int gridSize = get_local_size(0) * 2 * get_num_groups(0);
	const unsigned int blockSize = get_local_size(0);

	sdata[tid] = 0;
	while (i < n) {
		sdata[tid] += g_idata[i] + g_idata[i + blockSize];
		i += gridSize;
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	for (unsigned int s = blockSize / 2; s > 0; s >>= 1) {
		if (tid < s) {
			sdata[tid] += sdata[tid + s];
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (tid == 0) {
		g_odata[get_group_id(0)] = sdata[0];
	}
}
