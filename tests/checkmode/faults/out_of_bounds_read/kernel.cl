// One past the end: the last work-item reads a[64] of a 64-element buffer.
__kernel void shift_left(__global const float *a, __global float *b) {
    int i = get_global_id(0);
    b[i] = a[i + 1];
}
