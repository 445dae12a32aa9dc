__kernel void tile(__global float* out) {
    __local float big[1 << 24];  /* 64 MiB of local memory: no device has that much */
    big[get_local_id(0)] = (float)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = big[get_local_id(0)];
}
