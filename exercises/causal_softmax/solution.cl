// Causal softmax of a seq x seq score matrix: row r attends to columns 0..r only.
// out[r][j] = exp(s[r][j] - m_r) / sum_{k <= r} exp(s[r][k] - m_r) for j <= r, else 0,
// where m_r is the largest of s[r][0..r]. One work-group of 256 per row.
#define GROUP 256

__kernel void causal_softmax(__global const float *scores,
                             __global float *out,
                             const int seq)
{
    __local float scratch[GROUP];
    int row = get_group_id(0), lid = get_local_id(0);
    __global const float *in = scores + (size_t)row * seq;
    __global float *o = out + (size_t)row * seq;
    int visible = row + 1;  // columns 0..row

    float m = -INFINITY;
    for (int j = lid; j < visible; j += GROUP)
        m = fmax(m, in[j]);
    scratch[lid] = m;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = GROUP / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] = fmax(scratch[lid], scratch[lid + stride]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float row_max = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);

    float s = 0.0f;
    for (int j = lid; j < visible; j += GROUP)
        s += exp(in[j] - row_max);
    scratch[lid] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = GROUP / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float total = scratch[0];

    for (int j = lid; j < seq; j += GROUP)
        o[j] = j < visible ? exp(in[j] - row_max) / total : 0.0f;
}
