"""A CPU device's limits, for tests that check a session against a device without one."""

from __future__ import annotations

from clstudio.devices.limits import DeviceLimits

TEST_CPU = DeviceLimits(
    name="Test CPU",
    opencl_version=(1, 2),
    max_alloc=1 << 30,
    global_mem=4 << 30,
    local_mem=32 << 10,
    max_constant_buffer=64 << 10,
    max_constant_args=8,
    max_work_group_size=256,
    max_work_item_sizes=(256, 256, 64),
)
