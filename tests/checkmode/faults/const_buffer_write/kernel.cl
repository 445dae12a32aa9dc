// A cast throws the const away, but the buffer is still read-only.
__kernel void scale_in_place(__global const float *a, __global float *b) {
    int i = get_global_id(0);
    ((__global float *)a)[i] = 2.0f * a[i];
    b[i] = a[i];
}
