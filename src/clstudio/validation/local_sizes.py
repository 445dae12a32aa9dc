"""The local sizes worth trying for a kernel: what a local-size sweep runs, per dimension.

Along each dimension: the divisors of the global size and, where the device
allows work-groups that do not divide it (OpenCL 2.0 and later), the powers of
two; each up to the device's limit for that dimension, and their product up to
the kernel's work-group limit.
"""

from __future__ import annotations

import itertools
import math

MAX_SIZES = 48  # a sweep of more would take minutes; the thinning keeps the spread


def _divisors(n: int, limit: int) -> list[int]:
    return [d for d in range(1, min(n, limit) + 1) if n % d == 0]


def _powers_of_two(limit: int) -> list[int]:
    return [1 << k for k in range(limit.bit_length()) if 1 << k <= limit]


def dimension_choices(global_items: int, limit: int, non_uniform: bool) -> list[int]:
    """The local sizes to try along one dimension of `global_items` work-items."""
    choices = set(_divisors(global_items, limit))
    if non_uniform:
        choices |= {p for p in _powers_of_two(limit) if p <= global_items}
    return sorted(choices)


def local_size_candidates(
    global_size: tuple[int, ...],
    max_group: int,
    max_item_sizes: tuple[int, ...],
    non_uniform: bool = False,
    most: int = MAX_SIZES,
) -> list[tuple[int, ...]]:
    """Every valid local size, smallest work-group first; at most `most`, evenly thinned.

    Thinning keeps the smallest and the largest and spreads the rest over the
    sizes in between, preferring work-groups of a power-of-two size.
    """
    per_dim = [
        dimension_choices(items, max_item_sizes[d] if d < len(max_item_sizes) else 1, non_uniform)
        for d, items in enumerate(global_size)
    ]
    sizes = [s for s in itertools.product(*per_dim) if math.prod(s) <= max_group]
    sizes.sort(key=lambda s: (math.prod(s), s))
    if len(sizes) <= most:
        return sizes
    even = [s for s in sizes if math.prod(s) & (math.prod(s) - 1) == 0]
    pool = even if len(even) >= most else sizes
    if len(pool) <= most:
        return pool
    step = (len(pool) - 1) / (most - 1)
    return [pool[round(i * step)] for i in range(most)]
