// A loop written with goto, with a barrier on each path. Every work-item takes the same
// path (p is all zeros), so the barriers are legal, but PoCL 3.0's work-group compiler
// aborts on this control flow at the first launch.
__kernel void k(__global int* p) {
    int i = get_global_id(0);
    int n = p[i];
    if (n > 3) goto b;
a:  barrier(CLK_GLOBAL_MEM_FENCE);
    n += 1;
    if (n < 10) goto b;
    p[i] = n;
    return;
b:  barrier(CLK_GLOBAL_MEM_FENCE);
    n *= 2;
    if (n < 100) goto a;
    p[i] = n;
}
