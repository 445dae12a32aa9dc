__kernel void fill(__global float* big) {
    big[get_global_id(0)] = 1.0f;
}
