// Image blur through a sampler
//
// The same 3 x 3 box blur as box_blur, but on image objects instead of
// buffers. read_imagef returns all four channels of a pixel at once, as
// floats (0 to 1 for this image's normalised uchar channels), and the
// sampler decides what a coordinate outside the image means:
// CLK_ADDRESS_CLAMP_TO_EDGE repeats the edge pixels, the clamp() that
// box_blur writes by hand. write_imagef turns the floats back into the
// output image's channel type, rounding to nearest.
//
// Try: CLK_ADDRESS_CLAMP (transparent black outside: the borders darken);
// CLK_FILTER_LINEAR with coordinates between pixels (x + 0.5f); a channel
// order of R for both images (the reference then pads ((1, 1), (1, 1)));
// compare the kernel time with box_blur's.
__constant sampler_t edge_sampler =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void image_blur(read_only image2d_t src, write_only image2d_t dst)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    float4 sum = (float4)(0.0f);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            sum += read_imagef(src, edge_sampler, pos + (int2)(dx, dy));
    write_imagef(dst, pos, sum / 9.0f);
}
