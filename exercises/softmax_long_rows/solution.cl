// Softmax of rows longer than one work-group, in three launches: each chunk's maximum
// and sum, each row's from its chunks', then every element.
#define GROUP 256
#define CHUNK 1024 // elements of a row per work-group of launch 1: 4 per work-item

// Launch 1: work-group (c, row) takes chunk c of the row: its maximum m, and the sum
// of exp(x - m) over the chunk.
__kernel void chunk_stats(__global const float *x,
                          __global float *chunk_max,
                          __global float *chunk_sum,
                          __local float *scratch,
                          const int n,
                          const int chunks)
{
    int row = get_global_id(1), chunk = get_group_id(0), lid = get_local_id(0);
    __global const float *r = x + (size_t)row * n;
    int start = chunk * CHUNK, end = min(start + CHUNK, n);
    float m = -INFINITY;
    for (int i = start + lid; i < end; i += GROUP)
        m = fmax(m, r[i]);
    scratch[lid] = m;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = GROUP / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] = fmax(scratch[lid], scratch[lid + stride]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    m = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    float s = 0.0f;
    for (int i = start + lid; i < end; i += GROUP)
        s += exp(r[i] - m);
    scratch[lid] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = GROUP / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        chunk_max[row * chunks + chunk] = m;
        chunk_sum[row * chunks + chunk] = scratch[0];
    }
}

// Launch 2: one work-item per row. A chunk's sum was taken against its own maximum:
// against the row's maximum M it is chunk_sum * exp(chunk_max - M).
__kernel void combine(__global const float *chunk_max,
                      __global const float *chunk_sum,
                      __global float *row_max,
                      __global float *row_sum,
                      const int chunks,
                      const int rows)
{
    int row = get_global_id(0);
    if (row >= rows)
        return;
    float m = -INFINITY;
    for (int c = 0; c < chunks; c++)
        m = fmax(m, chunk_max[row * chunks + c]);
    float s = 0.0f;
    for (int c = 0; c < chunks; c++)
        s += chunk_sum[row * chunks + c] * exp(chunk_max[row * chunks + c] - m);
    row_max[row] = m;
    row_sum[row] = s;
}

// Launch 3: every element of the row.
__kernel void normalize(__global const float *x,
                        __global const float *row_max,
                        __global const float *row_sum,
                        __global float *y,
                        const int n)
{
    int i = get_global_id(0), row = get_global_id(1);
    if (i < n)
        y[(size_t)row * n + i] = exp(x[(size_t)row * n + i] - row_max[row]) / row_sum[row];
}
