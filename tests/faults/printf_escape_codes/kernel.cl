__kernel void shout(__global float* out) {
    if (get_global_id(0) == 0) {
        printf("\033]0;pwned\007\033[2J\rok\n");  /* retitle, clear, and pretend */
    }
    out[get_global_id(0)] = 1.0f;
}
