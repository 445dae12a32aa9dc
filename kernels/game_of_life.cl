// The Game of Life: one kernel, 64 iterations, two buffers in ping-pong
//
// Each work-item is one cell of a 32 x 32 board that wraps around at its edges.
// It counts its eight live neighbours in `grid` and writes its next state to
// `next`: a live cell with 2 or 3 neighbours lives, a dead one with exactly 3 is
// born. A cell must not see its neighbours' new states, so no launch writes the
// buffer it reads: after each iteration the session swaps `grid` and `next`
// (ping-pong), and the next launch reads what the last one wrote. Nothing is
// copied, and nothing leaves the device until the end. The board starts with
// 16 gliders, and a glider moves one cell down and one right every 4
// generations: after 64, the board is the first one rolled by 16 cells.
//
// Try: 63 iterations (which reference fails now, and why?); a board of 64 x 64;
// an R-pentomino in place of the gliders (a golden file would then be the only
// reference).
__kernel void life(__global const uchar *grid,
                   __global uchar *next,
                   const int width,
                   const int height)
{
    int x = get_global_id(0), y = get_global_id(1);
    int neighbours = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (dx != 0 || dy != 0)
                neighbours += grid[((y + dy + height) % height) * width + (x + dx + width) % width];
    uchar alive = grid[y * width + x];
    next[y * width + x] = neighbours == 3 || (alive && neighbours == 2);
}
