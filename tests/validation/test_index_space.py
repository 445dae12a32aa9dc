"""The index space in words, suggested local sizes, and the limits of a discovered device."""

import pytest

from clstudio.devices.discovery import discover
from clstudio.devices.limits import limits_of
from clstudio.validation.index_space import IndexSpace, suggested_local_size, summary


def test_a_partial_last_group_is_counted_and_named() -> None:
    space = IndexSpace((1000,), (64,))
    assert space.groups == (16,)
    assert space.last_group == (40,)
    assert space.partial_dims == (0,)
    assert summary(space) == "1000 work-items in 16 groups of 64; the last group has 40"


def test_full_groups_in_two_dimensions() -> None:
    space = IndexSpace((320, 256), (16, 16))
    assert space.partial_dims == ()
    assert summary(space) == (
        "320 x 256 = 81920 work-items in 20 x 16 = 320 groups of 16 x 16 = 256"
    )


def test_partial_groups_in_two_dimensions_name_each_dimension() -> None:
    text = summary(IndexSpace((100, 30), (16, 8)))
    assert text.endswith("the last groups hold 4 of 16 in dimension 0 and 6 of 8 in dimension 1")


def test_auto_local_size_says_who_chooses() -> None:
    space = IndexSpace((1024,))
    assert space.groups is None
    assert summary(space) == (
        "1024 work-items; the OpenCL implementation picks the work-group size (auto)"
    )


@pytest.mark.opencl
def test_limits_of_a_discovered_device_match_what_it_reports() -> None:
    device = discover().devices()[0]
    limits = limits_of(device)
    assert limits.name == device.name
    assert limits.max_work_group_size == device.value("CL_DEVICE_MAX_WORK_GROUP_SIZE")
    assert list(limits.max_work_item_sizes) == device.value("CL_DEVICE_MAX_WORK_ITEM_SIZES")
    assert limits.local_mem == device.value("CL_DEVICE_LOCAL_MEM_SIZE")
    assert limits.opencl_version >= (1, 2)
    assert limits.image_support == device.value("CL_DEVICE_IMAGE_SUPPORT")
    assert limits.image2d_max_width == device.value("CL_DEVICE_IMAGE2D_MAX_WIDTH")


def test_suggested_local_sizes_divide_and_stay_under_the_limit() -> None:
    assert suggested_local_size((1024,)) == (256,)
    assert suggested_local_size((1000,)) == (8,)
    assert suggested_local_size((320, 256)) == (16, 16)
    assert suggested_local_size((1024,), max_group=64) == (64,)
    assert suggested_local_size((7, 3)) == (1, 1)
    assert suggested_local_size((64, 64, 64)) == (4, 4, 4)
