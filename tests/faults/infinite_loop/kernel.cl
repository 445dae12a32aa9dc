// The loop's step does nothing (i + 1 instead of i += 1): i stays 0 and the loop never ends.
__kernel void spin(__global float* x, int n) {
    for (int i = 0; i < n; i + 1) {
        x[get_global_id(0)] += 1.0f;
    }
}
