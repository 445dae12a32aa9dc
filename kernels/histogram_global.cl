// Histogram, global atomics
//
// hist[v] counts the bytes of `data` equal to v. Many work-items may hit the
// same bin at once, so a plain `hist[v]++` would lose counts (read, add, write
// can interleave): atomic_inc makes each increment indivisible. Each
// work-item counts every global_size-th byte (a grid-stride loop), so the
// launch size need not match the data size. histogram_local uses the same
// sizes with per-group counters in local memory.
//
// Try: replace atomic_inc with hist[data[i]]++: on a GPU counts go missing,
// while PoCL's CPU device, which runs a group's work-items one after another
// on one thread, may still get them right (a race is not guaranteed to show);
// skew the data (random from 0 to 4) so all work-items fight over four
// counters, and compare both kernels' times.
__kernel void histogram_global(__global const uchar *data,
                               __global uint *hist,
                               const uint n)
{
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&hist[data[i]]);
}
