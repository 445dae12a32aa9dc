// 64 MiB of private memory per work-item: far more than a CPU thread's stack.
__kernel void hoard(__global float* x) {
    float big[1 << 24];
    int i = get_global_id(0);
    for (int k = 0; k < (1 << 24); k++) {
        big[k] = k * x[i];
    }
    x[i] = big[(i * 7919) & ((1 << 24) - 1)];
}
