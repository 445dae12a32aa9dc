// Each work-item reads its neighbour's slot without waiting for it to be written.
__kernel void rotate(__global float *data, __local float *tmp) {
    int l = get_local_id(0);
    tmp[l] = data[get_global_id(0)];
    data[get_global_id(0)] = tmp[(l + 1) % get_local_size(0)];
}
