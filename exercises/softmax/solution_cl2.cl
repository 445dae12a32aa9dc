// Row softmax in OpenCL C 2.0: y[r][j] = exp(x[r][j] - m_r) / sum_k exp(x[r][k] - m_r).
// One work-group of 256 per row; work_group_reduce_max and work_group_reduce_add do the
// two trees of the 1.2 solution.
#define GROUP 256

__kernel void softmax(__global const float *x,
                      __global float *y,
                      const int rows,
                      const int cols)
{
    int row = get_group_id(0), lid = get_local_id(0);
    __global const float *in = x + (size_t)row * cols;
    __global float *out = y + (size_t)row * cols;

    float m = -INFINITY;
    for (int j = lid; j < cols; j += GROUP)
        m = fmax(m, in[j]);
    float row_max = work_group_reduce_max(m);

    float s = 0.0f;
    for (int j = lid; j < cols; j += GROUP)
        s += exp(in[j] - row_max);
    float total = work_group_reduce_add(s);

    for (int j = lid; j < cols; j += GROUP)
        out[j] = exp(in[j] - row_max) / total;
}
