// Breadth-first search until done: two kernels, repeated until a flag stays 0
//
// Rodinia's OpenCL bfs, on an 8 x 8 grid graph held as Rodinia holds a graph: each
// node's first edge and edge count (`Node`), and one list of every edge's far node.
// A round is two launches. BFS_1 takes each node of the frontier (`g_graph_mask`)
// out of it, and marks its unvisited neighbours for the next frontier, one step
// further than itself. BFS_2 makes the marked nodes the frontier, visits them, and
// sets the flag `g_over`. The host writes 0 to the flag before each round and reads
// it back after: while a round still found new nodes the flag is 1, and the search
// goes on. The session says this in `until` (g_over equals 0, reset to 0 before each
// round), and the run says how many rounds it took: 15 here, as each round expands the
// nodes at one distance from node 0 (0 to 14) and the last finds nothing new. On a grid
// the distance from the corner is x + y, which is the reference.
//
// Try: at most 10 rounds (the run says the flag never stayed 0, and the references
// show the nodes not found yet); no reset (once set, the flag stays 1, and the loop
// runs to its most rounds); `no_of_nodes` of 32 (half the grid is never searched).
#pragma OPENCL EXTENSION cl_khr_byte_addressable_store : enable

typedef struct {
    int starting;
    int no_of_edges;
} Node;

__kernel void BFS_1(const __global Node *g_graph_nodes,
                    const __global int *g_graph_edges,
                    __global char *g_graph_mask,
                    __global char *g_updating_graph_mask,
                    __global char *g_graph_visited,
                    __global int *g_cost,
                    const int no_of_nodes)
{
    int tid = get_global_id(0);
    if (tid < no_of_nodes && g_graph_mask[tid]) {
        g_graph_mask[tid] = false;
        int first = g_graph_nodes[tid].starting;
        int end = first + g_graph_nodes[tid].no_of_edges;
        for (int i = first; i < end; i++) {
            int id = g_graph_edges[i];
            if (!g_graph_visited[id]) {
                g_cost[id] = g_cost[tid] + 1;
                g_updating_graph_mask[id] = true;
            }
        }
    }
}

__kernel void BFS_2(__global char *g_graph_mask,
                    __global char *g_updating_graph_mask,
                    __global char *g_graph_visited,
                    __global char *g_over,
                    const int no_of_nodes)
{
    int tid = get_global_id(0);
    if (tid < no_of_nodes && g_updating_graph_mask[tid]) {
        g_graph_mask[tid] = true;
        g_graph_visited[tid] = true;
        *g_over = true;
        g_updating_graph_mask[tid] = false;
    }
}
