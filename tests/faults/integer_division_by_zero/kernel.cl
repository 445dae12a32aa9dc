// d is 0: integer division by zero is undefined in OpenCL C.
__kernel void divide(__global const int* a, __global int* c, int d) {
    int i = get_global_id(0);
    c[i] = a[i] / d;
}
