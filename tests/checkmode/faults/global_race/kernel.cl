// Every work-item writes the same element: which value survives is luck.
__kernel void last_writer(__global int *winner) {
    int i = get_global_id(0);
    winner[0] = i;
}
