// A chain of vector additions: three launches, buffers left on the device
//
// Hands On OpenCL's "vadd chain": one kernel, launched three times, computes
// d = a + b, then e = d + c, then g = e + f. The host program creates the kernel
// object of each launch (step 6), sets each one's arguments (step 8), enqueues the
// three in one in-order queue (step 9) and waits once (step 10). The queue runs
// them in order, so the second launch sees all of d; d and e stay on the device
// between launches, and nothing comes back to the host until the end.
//
// Try: a fourth launch (h = g + a) in the session's launches; give the second launch
// a smaller global size and see which elements of e keep their zeros; compare the
// program's time with three times one launch on the Timings tab.
__kernel void vadd(__global const float *a,
                   __global const float *b,
                   __global float *c,
                   const uint n)
{
    size_t i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[i];
}
