// Every work-item prints, on every repeat: far more than anyone can read.
__kernel void chatty(__global float* x) {
    int i = get_global_id(0);
    printf("work-item %d says hello and x is %f\n", i, x[i]);
}
