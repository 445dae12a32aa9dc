// Vector add with float4
//
// The same data as vector_add, but each work-item adds four floats at once:
// vload4(i, a) reads a[4i] to a[4i + 3] into one float4, `+` adds all four
// lanes, and vstore4 writes them back. A quarter of the work-items do the work.
//
// Try: use float8 with vload8/vstore8 and an eighth of the global size; or
// declare the pointers as `__global const float4 *` and index them directly,
// with the buffers' element type "float4" and shape [262144] (each then shows
// as a 262144 x 4 array). Compare the kernel time with vector_add's.
__kernel void vector_add_float4(__global const float *a,
                                __global const float *b,
                                __global float *c,
                                const uint n4)
{
    size_t i = get_global_id(0);
    if (i < n4) {
        float4 x = vload4(i, a);
        float4 y = vload4(i, b);
        vstore4(x + y, i, c);
    }
}
