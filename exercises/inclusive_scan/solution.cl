// Inclusive scan: out[i] = x[0] + x[1] + ... + x[i], by one work-group of 256.
#define GROUP 256

__kernel void inclusive_scan(__global const int *x,
                             __global int *out,
                             const int n)
{
    __local int totals[GROUP];
    int lid = get_local_id(0);
    int chunk = (n + GROUP - 1) / GROUP;
    int begin = min(lid * chunk, n), end = min(begin + chunk, n);
    int running = 0;
    for (int i = begin; i < end; ++i) {
        running += x[i];
        out[i] = running;
    }
    totals[lid] = running;
    barrier(CLK_LOCAL_MEM_FENCE);
    // Hillis and Steele: after the step of `offset`, totals[i] sums 2 * offset chunks.
    for (int offset = 1; offset < GROUP; offset <<= 1) {
        int before = lid >= offset ? totals[lid - offset] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        totals[lid] += before;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    int carry = lid > 0 ? totals[lid - 1] : 0;
    for (int i = begin; i < end; ++i)
        out[i] += carry;
}
