// An inclusive scan of a million elements, block by block
//
// out[i] = in[0] + ... + in[i] over more elements than one work-group holds, in
// three launches. 1: each group of 1024 scans its own block in __local memory
// (Hillis and Steele: log2(1024) rounds, each adding the value `offset` places
// to the left) and writes its block's total to block_sums. 2: the same kernel, as
// one group, scans the 1024 block totals. 3: every element of block g > 0 adds
// the scanned total of the blocks before it. The same kernel object serves
// launches 1 and 2 with different arguments, because each launch has its own.
//
// Try: a block of 512 (B = 512: 2048 blocks, too many for launch 2's one group:
// what would a fourth launch do?); an exclusive scan; compare launch 1 with the
// work-efficient scan of the `scan` example.
__kernel void scan_blocks(__global const int *in,
                          __global int *out,
                          __global int *block_sums,
                          __local int *scratch)
{
    size_t lid = get_local_id(0), gid = get_global_id(0);
    size_t size = get_local_size(0);
    scratch[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t offset = 1; offset < size; offset *= 2) {
        int left = lid >= offset ? scratch[lid - offset] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);  // everyone has read before anyone writes
        scratch[lid] += left;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = scratch[lid];
    if (lid == size - 1)
        block_sums[get_group_id(0)] = scratch[lid];
}

__kernel void add_block_offsets(__global int *out, __global const int *scanned_sums)
{
    size_t group = get_group_id(0);
    if (group > 0)
        out[get_global_id(0)] += scanned_sums[group - 1];
}
