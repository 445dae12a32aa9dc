// Mandelbrot
//
// Pixel (col, row) stands for the point c = (x0 + col * pixel_size,
// y0 - row * pixel_size) of the complex plane. Its work-item iterates
// z = z * z + c from z = 0 and counts the iterations until |z| > 2, stopping
// at max_iter; points of the Mandelbrot set never leave and reach max_iter.
// Neighbouring pixels may need very different numbers of iterations, so the
// work-items of a group finish at different times (divergence). The counts
// show as an image.
//
// Try: zoom in (a smaller pixel_size, new x0 and y0) and raise max_iter;
// delete the pragma below and see a few hundred pixels near the edge of the
// set change their counts: fused multiply-adds round differently, and the
// iteration magnifies the tiniest difference; compute in double.
#pragma OPENCL FP_CONTRACT OFF

__kernel void mandelbrot(__global uint *counts,
                         const float x0,
                         const float y0,
                         const float pixel_size,
                         const uint max_iter)
{
    size_t col = get_global_id(0);
    size_t row = get_global_id(1);
    float cx = x0 + (float)col * pixel_size;
    float cy = y0 - (float)row * pixel_size;
    float zx = 0.0f;
    float zy = 0.0f;
    uint n = 0;
    while (n < max_iter && zx * zx + zy * zy <= 4.0f) {
        float t = zx * zx - zy * zy + cx;
        zy = 2.0f * zx * zy + cy;
        zx = t;
        ++n;
    }
    counts[row * get_global_size(0) + col] = n;
}
