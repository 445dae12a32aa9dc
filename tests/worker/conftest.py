"""Worker tests leave no shared-memory block and no worker process behind, and share one
worker a module where a test needs one that lives (`client`)."""

from collections.abc import Iterator

import pytest

from clstudio.worker.client import WorkerClient
from leftover_workers import no_leftover_workers

__all__ = ["client", "no_leftover_workers"]


@pytest.fixture(scope="module")
def client() -> Iterator[WorkerClient]:
    """One worker for the test module: starting one is most of a short test's time."""
    with WorkerClient() as client:
        yield client
