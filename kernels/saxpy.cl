// SAXPY: y = a * x + y
//
// `a` is passed by value: every work-item sees the same number, set once with
// clSetKernelArg. `y` is read and written (access "inout"), yet every repeat
// starts again from its initial contents, so the result does not depend on
// the number of repeats.
//
// Try: change the value of `a` in the arguments panel; turn `y` into a separate
// output buffer `out` so that the inputs stay untouched; use the built-in
// fma(a, x[i], y[i]) or mad() and compare the errors the reference check reports.
__kernel void saxpy(const float a,
                    __global const float *x,
                    __global float *y,
                    const uint n)
{
    size_t i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}
