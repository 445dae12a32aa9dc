"""Programs that loop until done, on graphs as Rodinia holds them, with their C references.

The breadth-first search is Rodinia's OpenCL bfs (the gallery's bfs.cl): its host loop
runs BFS_1 and BFS_2 while a kernel sets the flag `g_over`, which the host writes 0 to
before each round. `rodinia_graph` makes a random graph as Rodinia's graphgen does (each
node joined to a few random others, both ways) and `rodinia_bfs_cpu` is the suite's own
C reference, run_bfs_cpu, in Python: the costs and the number of rounds its do-while took.

The connected components program loops until its labels stop changing (`unchanged`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from clstudio.session import Session, parse_session

KERNELS = Path(__file__).parents[1] / "kernels"


@dataclass(frozen=True)
class Graph:
    starting: list[int]
    counts: list[int]
    edges: list[int]

    @property
    def nodes(self) -> int:
        return len(self.starting)


def rodinia_graph(nodes: int, seed: int) -> Graph:
    """A random undirected graph in Rodinia's layout: each node's first edge and count."""
    rng = np.random.default_rng(seed)
    neighbours: list[set[int]] = [set() for _ in range(nodes)]
    for node in range(nodes):
        for _ in range(int(rng.integers(1, 3))):
            other = int(rng.integers(0, nodes))
            if other != node:
                neighbours[node].add(other)
                neighbours[other].add(node)
    starting: list[int] = []
    counts: list[int] = []
    edges: list[int] = []
    for node in range(nodes):
        starting.append(len(edges))
        counts.append(len(neighbours[node]))
        edges += sorted(neighbours[node])
    return Graph(starting, counts, edges)


def rodinia_bfs_cpu(graph: Graph, source: int = 0) -> tuple[list[int], int]:
    """Rodinia's run_bfs_cpu: the cost of each node (-1: never reached) and the rounds."""
    n = graph.nodes
    mask, updating, visited = [False] * n, [False] * n, [False] * n
    cost = [-1] * n
    mask[source] = visited[source] = True
    cost[source] = 0
    rounds = 0
    while True:
        stop = False
        for tid in range(n):
            if mask[tid]:
                mask[tid] = False
                first = graph.starting[tid]
                for i in range(first, first + graph.counts[tid]):
                    node = graph.edges[i]
                    if not visited[node]:
                        cost[node] = cost[tid] + 1
                        updating[node] = True
        for tid in range(n):
            if updating[tid]:
                mask[tid] = visited[tid] = stop = True
                updating[tid] = False
        rounds += 1
        if not stop:
            return cost, rounds


def bfs_session(graph: Graph, most: int = 64, source: int = 0) -> Session:
    """The gallery's bfs session over `graph`, at most `most` rounds."""
    data: dict[str, Any] = json.loads((KERNELS / "bfs.json").read_text())
    n = graph.nodes
    first = [int(node == source) for node in range(n)]
    args = data["args"]
    args["g_graph_nodes"]["shape"] = [n]
    args["g_graph_nodes"]["init"] = {
        "fields": {"starting": {"values": graph.starting}, "no_of_edges": {"values": graph.counts}}
    }
    args["g_graph_edges"] = {
        "kind": "buffer",
        "dtype": "int32",
        "shape": [len(graph.edges)],
        "init": {"values": graph.edges},
    }
    for name in ("g_graph_mask", "g_graph_visited"):
        args[name]["shape"] = [n]
        args[name]["init"] = {"values": first}
    args["g_updating_graph_mask"]["shape"] = [n]
    args["g_cost"]["shape"] = [n]
    args["g_cost"]["init"] = {"values": [0 if node == source else -1 for node in range(n)]}
    args["no_of_nodes"]["value"] = n
    group = data["launches"][0]
    group["iterations"] = most
    for launch in group["launches"]:
        launch["global_size"] = [n]
    data["global_size"] = [n]
    data["references"] = {}
    data["repeats"] = 2
    return parse_session(data, KERNELS)


COMPONENTS = """\
typedef struct {
    int starting;
    int no_of_edges;
} Node;

/* Each node takes the least label among itself and its neighbours: after enough rounds
   every node holds the least node number of its connected component. */
__kernel void least_label(__global const Node *nodes, __global const int *edges,
                          __global int *labels, const int n)
{
    int tid = get_global_id(0);
    if (tid >= n)
        return;
    int best = labels[tid];
    for (int i = nodes[tid].starting; i < nodes[tid].starting + nodes[tid].no_of_edges; i++)
        best = min(best, labels[edges[i]]);
    labels[tid] = best;
}
"""


def components_session(graph: Graph, most: int = 64) -> Session:
    """least_label repeated until `labels` stops changing, at most `most` rounds."""
    n = graph.nodes
    data = {
        "format": "clstudio-session",
        "version": 1,
        "source": COMPONENTS,
        "repeats": 2,
        "structs": {
            "Node": {
                "fields": [
                    {"name": "starting", "type": "int"},
                    {"name": "no_of_edges", "type": "int"},
                ]
            }
        },
        "args": {
            "nodes": {
                "kind": "buffer",
                "dtype": "Node",
                "shape": [n],
                "init": {
                    "fields": {
                        "starting": {"values": graph.starting},
                        "no_of_edges": {"values": graph.counts},
                    }
                },
            },
            "edges": {
                "kind": "buffer",
                "dtype": "int32",
                "shape": [len(graph.edges)],
                "init": {"values": graph.edges},
            },
            "labels": {"kind": "buffer", "dtype": "int32", "shape": [n], "init": "arange"},
            "n": {"kind": "scalar", "value": n},
        },
        "launches": [
            {
                "iterations": most,
                "until": {"kind": "unchanged", "buffer": "labels"},
                "launches": [{"kernel": "least_label", "global_size": [n]}],
            }
        ],
    }
    return parse_session(data)


def least_labels(graph: Graph) -> list[int]:
    """Each node's component's least node number, by union-find."""
    parent = list(range(graph.nodes))

    def root(node: int) -> int:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for node in range(graph.nodes):
        first = graph.starting[node]
        for other in graph.edges[first : first + graph.counts[node]]:
            a, b = root(node), root(other)
            parent[max(a, b)] = min(a, b)
    return [root(node) for node in range(graph.nodes)]
