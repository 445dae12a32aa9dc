"""Kernels built on PoCL, gallery sessions, a shown panel, and device limits to check against."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from clstudio.common.results import KernelSignature
from clstudio.devices.limits import DeviceLimits
from clstudio.engine.run import Engine
from clstudio.session.format import Session, load_session
from clstudio.ui.args import ArgsPanel

KERNELS = Path(__file__).resolve().parents[3] / "kernels"
LIMITS = DeviceLimits(
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


@pytest.fixture(scope="session")
def engine() -> Engine:
    return Engine()


@pytest.fixture
def build(engine) -> Callable[[str, str], KernelSignature]:
    """The signature of kernel `name` in `source`, from a real build."""

    def signature(source: str, name: str, options: str = "") -> KernelSignature:
        result = engine.build(source, options, None)
        assert result.ok, result.log
        found = result.kernel(name)
        assert found is not None
        return found

    return signature


@pytest.fixture
def example(build) -> Callable[[str], tuple[KernelSignature, Session]]:
    """A gallery session and the signature of its kernel."""

    def load(name: str) -> tuple[KernelSignature, Session]:
        session = load_session(KERNELS / f"{name}.json")
        return build(session.source, session.kernel, session.build_options), session

    return load


@pytest.fixture
def panel(qtbot) -> ArgsPanel:
    widget = ArgsPanel()
    qtbot.addWidget(widget)
    widget.resize(420, 800)
    widget.show()
    return widget


@pytest.fixture
def limits() -> DeviceLimits:
    return LIMITS
