__kernel void vectors(__global float4 *out, __global int *bad)
{
    __local float tile[8];
    __local int grid[2][4];
    float4 v = (float4)(1.0f, 2.5f, -3.0f, 4.0f);
    int4 w = (int4)(1, -2, 3, 4);
    uchar c = 200;
    char s = -5;
    bool flag = true;
    double d = 0.1;
    float f = 1.0f / 3.0f;
    ulong big = 18446744073709551615UL;
    float arr[3] = {1.0f, 2.0f, 3.0f};
    size_t id = get_global_id(0);
    tile[id] = f * id;
    grid[0][id] = (int)id;
    barrier(CLK_LOCAL_MEM_FENCE);
    printf("hello %d\n", (int)id);
    out[id] = v + (float4)(tile[id]);
    if (id == 2) bad[1000] = 1;
    for (;;) { if (id == 3 && d > 0.0) d += 1.0; else break; }
}
