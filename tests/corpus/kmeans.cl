/* kmeans: the features transposed (kmeans_swap), then each point's nearest cluster
 * (kmeans_kernel_c), Rodinia's two kernels with their arguments.
 * Written for CL Studio's corpus after Rodinia 3.1's opencl/kmeans (see README.md). */
#ifndef FLT_MAX
#define FLT_MAX 3.40282347e+38
#endif

__kernel void kmeans_kernel_c(__global float *feature, __global float *clusters, __global int *membership, int npoints, int nclusters, int nfeatures, int offset, int size)
{
	unsigned int point_id = get_global_id(0);
	int index = 0;
	if (point_id < npoints) {
		float min_dist = FLT_MAX;
		for (int i = 0; i < nclusters; i++) {
			float ans = 0;
			for (int l = 0; l < nfeatures; l++) {
				float d = feature[l * npoints + point_id] - clusters[i * nfeatures + l];
				ans += d * d;
			}
			if (ans < min_dist) {
				min_dist = ans;
				index = i;
			}
		}
		membership[point_id] = index;
	}
}

__kernel void kmeans_swap(__global float *feature, __global float *feature_swap, int npoints, int nfeatures)
{
	unsigned int tid = get_global_id(0);
	if (tid < npoints) {
		for (int i = 0; i < nfeatures; i++) {
			feature_swap[i * npoints + tid] = feature[tid * nfeatures + i];
		}
	}
}
