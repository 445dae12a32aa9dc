/* pathfinder: the cheapest path down a grid, one row per launch: each column takes its
 * wall's cost plus the least of the three cells above, read through local memory with
 * Rodinia's IN_RANGE and MIN macros; the host swaps the two rows after each launch.
 * Written for CL Studio's corpus after Rodinia 3.1's opencl/pathfinder (see README.md). */
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

__kernel void dynproc_kernel(int iteration, __global int *gpuWall, __global int *gpuSrc, __global int *gpuResults, int cols, __local int *prev)
{
	int tx = get_local_id(0);
	int xidx = get_global_id(0);
	int blk = get_local_size(0);

	if (IN_RANGE(xidx, 0, cols - 1)) {
		prev[tx] = gpuSrc[xidx];
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	if (IN_RANGE(xidx, 0, cols - 1)) {
		int up = prev[tx];
		int left = up;
		int right = up;
		if (xidx > 0) {
			left = (tx > 0) ? prev[tx - 1] : gpuSrc[xidx - 1];
		}
		if (xidx < cols - 1) {
			right = (tx < blk - 1) ? prev[tx + 1] : gpuSrc[xidx + 1];
		}
		int shortest = MIN(left, up);
		shortest = MIN(shortest, right);
		gpuResults[xidx] = shortest + gpuWall[cols * (iteration + 1) + xidx];
	}
}
