// tmp[0] is read by everyone but written by no one.
__kernel void first_of_group(__global float *out, __local float *tmp) {
    int l = get_local_id(0);
    if (l > 0) tmp[l] = l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[0] * 2.0f;
}
