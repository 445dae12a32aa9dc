// Histogram: bins[v] counts how many of the n bytes of data equal v (256 bins).
// Each work-group counts into its own __local histogram first, so the global
// bins see one atomic add per bin and group instead of one per byte.
#define BINS 256

__kernel void histogram(__global const uchar *data,
                        __global uint *bins,
                        const int n)
{
    __local uint counts[BINS];
    int lid = get_local_id(0), size = get_local_size(0);
    for (int b = lid; b < BINS; b += size)
        counts[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&counts[data[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = lid; b < BINS; b += size)
        if (counts[b])
            atomic_add(&bins[b], counts[b]);
}
