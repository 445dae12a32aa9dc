"""Kernels built on PoCL, gallery sessions, a shown panel driven as the Workbench drives
it, and device limits to check against."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Signal
from pytestqt.qtbot import QtBot

from clstudio.common.results import KernelSignature, RunError
from clstudio.devices.limits import DeviceLimits
from clstudio.engine.run import Engine
from clstudio.session.format import Session, load_session
from clstudio.ui.args import ArgsPanel
from clstudio.validation import fit_kernel, form_state, with_argument

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
def build(engine: Engine) -> Callable[[str, str], KernelSignature]:
    """The signature of kernel `name` in `source`, from a real build."""

    def signature(source: str, name: str, options: str = "") -> KernelSignature:
        result = engine.build(source, options, None)
        assert result.ok, result.log
        found = result.kernel(name)
        assert found is not None
        return found

    return signature


@pytest.fixture
def example(
    build: Callable[[str, str], KernelSignature],
) -> Callable[[str], tuple[KernelSignature, Session]]:
    """A gallery session and the signature of its kernel."""

    def load(name: str) -> tuple[KernelSignature, Session]:
        session = load_session(KERNELS / f"{name}.json")
        return build(session.source, session.kernel, session.build_options), session

    return load


class DrivenPanel(QObject):
    """The panel with what the Workbench does around it: the session lives here, the panel
    shows the states the core computes, and each edit makes a new session.

    Everything else (rows, fields, labels) is the panel's own.
    """

    sessionEdited = Signal(object)

    def __init__(self, widget: ArgsPanel) -> None:
        super().__init__(widget)
        self.widget = widget
        self._session: Session | None = None
        self._signature: KernelSignature | None = None
        self._limits: DeviceLimits | None = None
        self._references: dict = {}
        widget.argEdited.connect(self._on_arg_edited)
        widget.rangeEdited.connect(self._on_range_edited)

    def __getattr__(self, name: str):
        return getattr(self.widget, name)

    def set_kernel(self, signature, session, limits) -> None:
        self._references = dict(session.references)
        fit = fit_kernel(signature, session, self._signature)
        self._signature, self._session, self._limits = signature, fit.session, limits
        self.widget.set_kernel(signature, fit, self._state())

    def set_limits(self, limits: DeviceLimits | None) -> None:
        self._limits = limits
        self.widget.show_state(self._state())

    def session(self) -> Session | None:
        return self._session

    def problems(self) -> list[RunError]:
        return self.widget.input_problems() + list(self._state().errors)

    def _state(self):
        assert self._signature is not None and self._session is not None
        return form_state(self._signature, self._session, self._limits)

    def _adopt(self, session: Session) -> None:
        changed = session != self._session
        self._session = session
        self.widget.show_state(self._state())
        if changed:
            self.sessionEdited.emit(session)

    def _on_arg_edited(self, name: str, spec) -> None:
        assert self._session is not None
        self._adopt(with_argument(self._session, name, spec, self._references))

    def _on_range_edited(self, current) -> None:
        assert self._session is not None
        global_size, local_size = current
        self._adopt(replace(self._session, global_size=global_size, local_size=local_size))


@pytest.fixture
def panel(qtbot: QtBot) -> DrivenPanel:
    widget = ArgsPanel()
    qtbot.addWidget(widget)
    widget.resize(420, 800)
    widget.show()
    return DrivenPanel(widget)


@pytest.fixture
def limits() -> DeviceLimits:
    return LIMITS


@pytest.fixture
def type_kernel(qtbot: QtBot) -> Callable[..., ArgsPanel]:
    """Type a kernel over the window's source and build it, as a learner writes a new one;
    returns the form once the argument `waits_for` shows."""

    def typed(window, source: str, waits_for: str) -> ArgsPanel:
        editor = window.editor_panel.editor
        editor.selectAll()
        with qtbot.waitSignal(window.editor_panel.buildFinished, timeout=30_000):
            editor.insertPlainText(source)
            window.editor_panel.request_build()
        panel = window.arguments_panel
        qtbot.waitUntil(lambda: panel.row(waits_for) is not None, timeout=30_000)
        return panel

    return typed
