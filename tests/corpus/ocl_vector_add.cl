/* VectorAdd: c = a + b, with the guard for the work-items past the end that rounding the
 * global size up to the local size adds, as NVIDIA's oclVectorAdd sample writes it.
 * Written for CL Studio's corpus after the NVIDIA OpenCL SDK's oclVectorAdd (see README.md). */
__kernel void VectorAdd(__global const float *a, __global const float *b, __global float *c, int iNumElements)
{
	int iGID = get_global_id(0);
	if (iGID >= iNumElements) {
		return;
	}
	c[iGID] = a[iGID] + b[iGID];
}
