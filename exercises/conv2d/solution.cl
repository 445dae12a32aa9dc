// 2-D convolution with a 3 x 3 filter and zero padding:
// out[y][x] = sum over dy, dx in -1..1 of weights[dy + 1][dx + 1] * image[y + dy][x + dx],
// where pixels outside the image count as 0. Work-item (x, y) computes out[y][x].
__kernel void conv2d(__global const float *image,
                     __constant float *weights,
                     __global float *out,
                     const int height,
                     const int width)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x < width && y < height) {
        float sum = 0.0f;
        for (int dy = -1; dy <= 1; ++dy) {
            int yy = y + dy;
            if (yy < 0 || yy >= height)
                continue;
            for (int dx = -1; dx <= 1; ++dx) {
                int xx = x + dx;
                if (xx >= 0 && xx < width)
                    sum += weights[(dy + 1) * 3 + dx + 1] * image[yy * width + xx];
            }
        }
        out[y * width + x] = sum;
    }
}
