/* hotspot: one step of the chip's temperature from its power and its four neighbours,
 * each work-group staging its block in local memory, with Rodinia's BLOCK_SIZE and its
 * thermal constants (Cap, Rx, Ry, Rz, step, an ambient 80 degrees).
 * Written for CL Studio's corpus after Rodinia 3.1's opencl/hotspot (see README.md). */
#define BLOCK_SIZE 8

__kernel void hotspot(__global float *power, __global float *temp_src, __global float *temp_dst, int grid_cols, int grid_rows, float Cap, float Rx, float Ry, float Rz, float step)
{
	__local float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
	float amb_temp = 80.0f;
	float step_div_Cap = step / Cap;
	float Rx_1 = 1 / Rx;
	float Ry_1 = 1 / Ry;
	float Rz_1 = 1 / Rz;

	int tx = get_local_id(0);
	int ty = get_local_id(1);
	int c = get_global_id(0);
	int r = get_global_id(1);
	int index = grid_cols * r + c;

	temp_on_cuda[ty][tx] = temp_src[index];
	barrier(CLK_LOCAL_MEM_FENCE);

	float centre = temp_on_cuda[ty][tx];
	float N = ty > 0 ? temp_on_cuda[ty - 1][tx] : (r > 0 ? temp_src[index - grid_cols] : centre);
	float S = ty < BLOCK_SIZE - 1 ? temp_on_cuda[ty + 1][tx] : (r < grid_rows - 1 ? temp_src[index + grid_cols] : centre);
	float W = tx > 0 ? temp_on_cuda[ty][tx - 1] : (c > 0 ? temp_src[index - 1] : centre);
	float E = tx < BLOCK_SIZE - 1 ? temp_on_cuda[ty][tx + 1] : (c < grid_cols - 1 ? temp_src[index + 1] : centre);

	temp_dst[index] = centre + step_div_Cap * (power[index] + (S + N - 2.0f * centre) * Ry_1 + (E + W - 2.0f * centre) * Rx_1 + (amb_temp - centre) * Rz_1);
}
