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
    // 1. Scan your own chunk x[begin..end) into out, and keep its total.
    // 2. Scan the 256 totals in __local memory (a barrier between steps).
    // 3. Add the total of all chunks before yours to each of your outputs.
    for (int i = begin; i < end; ++i)
        out[i] = x[i];
}
