"""The local sizes a sweep tries: divisors, powers of two where allowed, within the limits."""

import math

from clstudio.validation import dimension_choices, local_size_candidates


def test_one_dimension_takes_the_divisors_up_to_the_limit() -> None:
    assert dimension_choices(48, 16, non_uniform=False) == [1, 2, 3, 4, 6, 8, 12, 16]


def test_uneven_work_groups_add_the_powers_of_two() -> None:
    assert dimension_choices(48, 64, non_uniform=True) == [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48]


def test_two_dimensions_respect_the_work_group_limit_smallest_first() -> None:
    sizes = local_size_candidates((8, 4), max_group=8, max_item_sizes=(8, 2))
    assert sizes[0] == (1, 1)
    assert all(math.prod(s) <= 8 and s[1] <= 2 and 8 % s[0] == 0 for s in sizes)
    assert (8, 1) in sizes and (4, 2) in sizes and (8, 2) not in sizes
    assert [math.prod(s) for s in sizes] == sorted(math.prod(s) for s in sizes)


def test_many_sizes_are_thinned_to_power_of_two_groups_keeping_both_ends() -> None:
    sizes = local_size_candidates((320, 256), 4096, (4096, 4096, 4096), most=20)
    assert len(sizes) == 20
    assert sizes[0] == (1, 1)
    assert all(math.prod(s) & (math.prod(s) - 1) == 0 for s in sizes)
    assert math.prod(sizes[-1]) == 4096
