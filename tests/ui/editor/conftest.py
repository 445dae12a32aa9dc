"""Editor tests: a fake backend whose builds the test answers when it chooses."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from clstudio.ui.editor.build_controller import BuildController
from ui.editor.editor_testing import FakeBackend


@pytest.fixture
def backend() -> Iterator[FakeBackend]:
    fake = FakeBackend()
    yield fake
    fake.release_all()


@pytest.fixture
def make_controller(backend: FakeBackend) -> Iterator[Callable[..., BuildController]]:
    """Controllers on the fake backend; the test's builds are finished before leak checks."""
    made: list[BuildController] = []

    def make(delay_ms: int = 20) -> BuildController:
        controller = BuildController(backend, delay_ms)
        made.append(controller)
        return controller

    yield make
    backend.release_all()
    for controller in made:
        controller.wait()
