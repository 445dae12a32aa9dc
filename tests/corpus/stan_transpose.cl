/* transpose: B = A^T of a column-major rows x cols matrix, through the helpers' A(i, j)
 * and BT(i, j), as Stan Math's kernel writes it.
 * Written for CL Studio's corpus after Stan Math's opencl/kernels/transpose.hpp (see README.md). */
__kernel void transpose(__global double *B, __global double *A, int rows, int cols)
{
	int i = get_global_id(0);
	int j = get_global_id(1);
	if (i < rows && j < cols) {
		BT(j, i) = A(i, j);
	}
}
