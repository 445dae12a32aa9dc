__kernel void scale(__global float* x, float factor) {
    int i = get_global_id(0);
    x[i] = x[i] * factr;
}
