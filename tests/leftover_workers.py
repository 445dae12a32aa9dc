"""A fixture for the folders whose tests start workers: they leave no shared-memory block
and no worker process behind. Their conftest.py imports it, which makes it autouse there."""

import multiprocessing
import os
from collections.abc import Iterator

import pytest

from clstudio.worker.shared_arrays import leftover_blocks


@pytest.fixture(scope="session", autouse=True)
def no_leftover_workers() -> Iterator[None]:
    before = set(leftover_blocks(os.getpid()))
    yield
    assert set(leftover_blocks(os.getpid())) - before == set(), "shared-memory blocks left behind"
    assert multiprocessing.active_children() == [], "worker processes left running"
