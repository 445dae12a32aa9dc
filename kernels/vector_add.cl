// Vector add
//
// One work-item per element: each work-item asks get_global_id(0) which element
// is its own and adds that one pair. The global size in the session says how
// many work-items run; nothing in the kernel loops.
//
// Try: set the global size above n (say 1048600) and see why the `if (i < n)`
// guard is there; then delete the guard and run again with the guard bands on.
// Change `+` to `-` and watch the reference check catch it.
__kernel void vector_add(__global const float *a,
                         __global const float *b,
                         __global float *c,
                         const uint n)
{
    size_t i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[i];
}
