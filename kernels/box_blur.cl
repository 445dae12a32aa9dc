// Box blur of a grayscale image
//
// One work-item per pixel of a `height` x `width` image of uchar (0 to 255).
// Each output pixel is the rounded mean of the 3 x 3 block around it. At the
// border, clamp() repeats the edge pixels instead of reading outside the
// image. The sum is kept in a uint: nine uchars would overflow a uchar.
//
// The session starts src from a checkerboard of 8-pixel squares (a sample
// picture), so the blur shows as gray seams along the edges of the squares.
//
// The reference sums nine shifted copies of the edge-padded image.
//
// Try: replace clamp() with max(..., 0) and see the right and bottom edges go
// wrong (they read past the row or the image); drop the "+ 4" and see the
// rounding show up in the reference check; keep the sum in a uchar and see it
// wrap; a 5 x 5 blur (dx, dy from -2 to 2, divide by 25, and a new reference).
__kernel void box_blur(__global const uchar *src,
                       __global uchar *dst,
                       const int width,
                       const int height)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= width || y >= height)
        return;
    uint sum = 0;
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            int sx = clamp(x + dx, 0, width - 1);
            int sy = clamp(y + dy, 0, height - 1);
            sum += src[sy * width + sx];
        }
    }
    dst[y * width + x] = (uchar)((sum + 4) / 9);  // + 4: round to nearest
}
