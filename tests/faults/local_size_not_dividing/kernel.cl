__kernel void scale(__global float* x) {
    x[get_global_id(0)] *= 2.0f;
}
