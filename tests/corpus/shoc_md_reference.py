"""SHOC md's neighbour list as its host code builds one (each atom's nearest others, never
itself), for the corpus session; the forces are checked by an expression in the session."""

from __future__ import annotations

import numpy as np

ATOMS = 64
NEIGHBOURS = 8


def neighbour_list() -> np.ndarray:
    """neighList[j * inum + i]: atom i's j-th neighbour, the atoms after it in turn."""
    i = np.arange(ATOMS, dtype=np.int32)
    return np.stack([(i + 1 + j) % ATOMS for j in range(NEIGHBOURS)]).astype(np.int32)


FILES = {"shoc_md_neighbours.npy": neighbour_list}
