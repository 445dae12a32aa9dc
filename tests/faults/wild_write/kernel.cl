// The index is scaled by a huge stride: it lands hundreds of megabytes past the buffer.
__kernel void wild(__global float* c) {
    size_t i = get_global_id(0);
    c[i * 100000000] = 1.0f;
}
