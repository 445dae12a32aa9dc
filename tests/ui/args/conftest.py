"""Kernels built on PoCL, gallery sessions, the shown form inside the real Workbench, and
device limits to check against."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from clstudio.common.results import KernelSignature
from clstudio.devices.limits import DeviceLimits
from clstudio.engine import InProcessBackend
from clstudio.engine.run import Engine
from clstudio.session.format import Session, load_session
from clstudio.ui.args import ArgsPanel
from clstudio.ui.main_window import MainWindow
from ui.args.form_bench import FormBench
from validation.device_limits import TEST_CPU

KERNELS = Path(__file__).resolve().parents[3] / "kernels"


@pytest.fixture(scope="session")
def engine() -> Engine:
    return Engine()


@pytest.fixture
def build(engine: Engine) -> Callable[..., KernelSignature]:
    """The signature of kernel `name` in `source`, from a real build."""

    def signature(source: str, name: str, options: str = "") -> KernelSignature:
        result = engine.build(source, options, None)
        assert result.ok, result.log
        found = result.kernel(name)
        assert found is not None
        return found

    return signature


@pytest.fixture
def gallery() -> Callable[[str], Session]:
    """A gallery session by name, unbuilt: opening it in the form builds it."""

    def load(name: str) -> Session:
        return load_session(KERNELS / f"{name}.json")

    return load


@pytest.fixture
def example(
    build: Callable[..., KernelSignature],
) -> Callable[[str], tuple[KernelSignature, Session]]:
    """A gallery session and the signature of its kernel."""

    def load(name: str) -> tuple[KernelSignature, Session]:
        session = load_session(KERNELS / f"{name}.json")
        return build(session.source, session.kernel, session.build_options), session

    return load


@pytest.fixture(scope="session")
def backend() -> InProcessBackend:
    return InProcessBackend()


@pytest.fixture
def bench(qtbot: QtBot, backend: InProcessBackend) -> FormBench:
    return FormBench(qtbot, backend)


@pytest.fixture
def panel(bench: FormBench) -> ArgsPanel:
    return bench.panel


@pytest.fixture
def limits() -> DeviceLimits:
    return TEST_CPU


@pytest.fixture
def type_kernel(qtbot: QtBot) -> Callable[..., ArgsPanel]:
    """Type a kernel over the window's source and build it, as a learner writes a new one;
    returns the form once the argument `waits_for` shows."""

    def typed(window: MainWindow, source: str, waits_for: str) -> ArgsPanel:
        editor = window.editor_panel.editor
        editor.selectAll()
        with qtbot.waitSignal(window.editor_panel.buildFinished, timeout=30_000):
            editor.insertPlainText(source)
            window.editor_panel.request_build()
        panel = window.arguments_panel
        qtbot.waitUntil(lambda: panel.row(waits_for) is not None, timeout=30_000)
        return panel

    return typed
