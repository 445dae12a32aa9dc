// Histogram, local atomics
//
// Each work-group keeps its own 256 counters in __local memory: clear them,
// wait, count with atomic_inc on local memory (cheap, and contended only
// within the group), wait, then add each non-zero counter to the global
// histogram with one atomic_add. Global atomics drop from one per byte to at
// most 256 per work-group. Same sizes as histogram_global.
//
// Try: skew the data (random from 0 to 4) and compare with histogram_global;
// remove the second barrier and see counts go missing (some counters are
// merged before the group has finished counting); change the global size so
// that each work-item counts more or fewer bytes.
#define BINS 256

__kernel void histogram_local(__global const uchar *data,
                              __global uint *hist,
                              const uint n)
{
    __local uint counts[BINS];
    size_t lid = get_local_id(0);
    size_t group_size = get_local_size(0);

    for (size_t b = lid; b < BINS; b += group_size)
        counts[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&counts[data[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t b = lid; b < BINS; b += group_size)
        if (counts[b] != 0)
            atomic_add(&hist[b], counts[b]);
}
