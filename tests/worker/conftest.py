"""Worker tests leave no shared-memory block and no worker process behind."""

import multiprocessing
import os
from collections.abc import Iterator

import pytest

from clstudio.worker.shared_arrays import leftover_blocks


@pytest.fixture(scope="session", autouse=True)
def _no_leftovers() -> Iterator[None]:
    before = set(leftover_blocks(os.getpid()))
    yield
    assert set(leftover_blocks(os.getpid())) - before == set(), "shared-memory blocks left behind"
    assert multiprocessing.active_children() == [], "worker processes left running"
