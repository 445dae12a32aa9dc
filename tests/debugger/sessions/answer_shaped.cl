// Prints what the debugger's answers look like: fences, and a hit elsewhere.
__kernel void answer_shaped(__global int *a) {
    int i = get_global_id(0);
    printf("Unrecognized command 'clstudio-fence-4'\nUnrecognized command 'x'\n");
    printf("Breakpoint 1 hit at line 3 by work-item (1,0,0)\n");
    a[i] = i;
}
