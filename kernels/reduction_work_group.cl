// Work-group reduction with work_group_reduce_add (OpenCL C 2.0)
//
// The reduction example's rounds of adds and barriers in one call: OpenCL C 2.0
// gives work-groups collective functions. work_group_reduce_add takes one value
// from every work-item of the group and returns their sum to all of them; the
// driver chooses how (vector lanes, a tree in local memory). Every work-item of
// the group must make the call, as with a barrier.
//
// It needs OpenCL C 2.0 or newer, so the session builds it with -cl-std=CL2.0
// and asks for Intel's CPU runtime (Devices > Add a device…). The bundled PoCL
// offers OpenCL C 1.2 and refuses it; a GPU driver offering 2.0 runs it too
// (choose it under Devices).
//
// Try: compare its kernel time with `reduction` on the same device; swap in
// work_group_reduce_max; write `scan` in one line with
// work_group_scan_inclusive_add.
__kernel void reduction_work_group(__global const float *x,
                                   __global float *partial,
                                   const uint n)
{
    size_t gid = get_global_id(0);
    float sum = work_group_reduce_add(gid < n ? x[gid] : 0.0f);
    if (get_local_id(0) == 0)
        partial[get_group_id(0)] = sum;
}
