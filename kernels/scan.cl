// Prefix sum (scan) within work-groups
//
// y[i] = x[first] + ... + x[i], where `first` is the first element of i's
// work-group: an inclusive scan of each group's slice (Hillis and Steele). In
// round r every work-item adds the value 2^r places to its left. Each round
// reads, waits at a barrier, then writes and waits again, so that no one reads
// a value that is being overwritten. Integers keep the sums exact.
//
// Try: make it exclusive (y[i] excludes x[i]); change the local size to 128
// (scratch count and the reference's 256 too); add the group totals in a second
// kernel to scan the whole array; try the work-efficient Blelloch scan.
__kernel void scan(__global const int *x,
                   __global int *y,
                   __local int *scratch)
{
    size_t gid = get_global_id(0);
    size_t lid = get_local_id(0);
    scratch[lid] = x[gid];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t offset = 1; offset < get_local_size(0); offset *= 2) {
        int left = lid >= offset ? scratch[lid - offset] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        scratch[lid] += left;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    y[gid] = scratch[lid];
}
