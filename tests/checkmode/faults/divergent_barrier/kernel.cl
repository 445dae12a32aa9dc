// Only half of each work-group reaches the barrier (on PoCL: a segfault, rc 139).
__kernel void half_barrier(__global float *out) {
    int l = get_local_id(0);
    if (l < 8) {
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = l;
}
