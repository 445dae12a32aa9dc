"""The arguments form inside the real Workbench, and a device of given limits to hand it."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from clstudio.common.results import RunError
from clstudio.devices.inventory import DeviceInfo, InfoField
from clstudio.devices.limits import DeviceLimits
from clstudio.engine import InProcessBackend
from clstudio.session.format import Session
from clstudio.ui.args import ArgsPanel
from clstudio.ui.args.arg_row import ArgRow
from clstudio.ui.document import Document
from clstudio.ui.editor.editor_panel import EditorPanel
from clstudio.ui.results.results_panel import ResultsPanel
from clstudio.ui.run.run_bar import RunBar
from clstudio.ui.run.run_job import RunController
from clstudio.ui.tasks import Lane
from clstudio.ui.workbench import Workbench

EditorT = TypeVar("EditorT", bound=QWidget)


def row_of(panel: ArgsPanel, name: str) -> ArgRow:
    """The form's row of argument `name`, which the test expects to be there."""
    row = panel.row(name)
    assert row is not None, f"no row for {name}"
    return row


def editor_of(panel: ArgsPanel, name: str, kind: type[EditorT]) -> EditorT:
    """The editor of argument `name`, of the kind its argument is."""
    editor = row_of(panel, name).editor
    assert isinstance(editor, kind), f"{name} has a {type(editor).__name__}"
    return editor


def device_with(limits: DeviceLimits) -> DeviceInfo:
    """A device whose discovered fields give `limits`: what the Workbench is handed."""
    values: dict[str, object] = {
        "CL_DEVICE_MAX_MEM_ALLOC_SIZE": limits.max_alloc,
        "CL_DEVICE_GLOBAL_MEM_SIZE": limits.global_mem,
        "CL_DEVICE_LOCAL_MEM_SIZE": limits.local_mem,
        "CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE": limits.max_constant_buffer,
        "CL_DEVICE_MAX_CONSTANT_ARGS": limits.max_constant_args,
        "CL_DEVICE_MAX_WORK_GROUP_SIZE": limits.max_work_group_size,
        "CL_DEVICE_MAX_WORK_ITEM_SIZES": list(limits.max_work_item_sizes),
        "CL_DEVICE_IMAGE_SUPPORT": limits.image_support,
        "CL_DEVICE_IMAGE2D_MAX_WIDTH": limits.image2d_max_width,
        "CL_DEVICE_IMAGE2D_MAX_HEIGHT": limits.image2d_max_height,
    }
    major, minor = limits.opencl_version
    return DeviceInfo(
        platform_index=0,
        index=0,
        name=limits.name,
        type="CPU",
        version=f"OpenCL {major}.{minor} test driver",
        platform_name="Test Platform",
        fields=tuple(
            InfoField(name, name, "Limits", value, str(value), "") for name, value in values.items()
        ),
    )


class FormBench:
    """The arguments form inside the real Workbench, with the editor that builds on PoCL:
    a session opened here is built and shown as the window shows it, and every edit goes
    through the controller that writes the session."""

    def __init__(self, qtbot: QtBot, backend: InProcessBackend) -> None:
        self._qtbot = qtbot
        self.panel = ArgsPanel()
        editor = EditorPanel(backend)
        results = ResultsPanel(editor.problems, editor.build_log)
        for widget in (self.panel, editor, results):
            qtbot.addWidget(widget)
        self.run_bar = RunBar()
        qtbot.addWidget(self.run_bar)
        self.workbench = Workbench(
            editor, self.panel, results, self.run_bar, RunController(backend, Lane.RUNS, editor)
        )
        self.panel.resize(420, 800)
        self.panel.show()

    def open(self, session: Session, limits: DeviceLimits | None) -> None:
        """Open `session` on a device of `limits` (None: no device) and wait for its form."""
        self.set_limits(limits)
        with self._qtbot.waitSignal(self.workbench.editor.buildFinished, timeout=30_000):
            self.workbench.show_document(Document(session))
        self._qtbot.waitUntil(lambda: not self.panel.is_empty(), timeout=30_000)

    def rebuild(self, source: str) -> None:
        """Put `source` in the editor as one edit and wait for its build to show."""
        editor = self.workbench.editor
        with self._qtbot.waitSignal(editor.buildFinished, timeout=30_000):
            editor.replace_source(source)
            editor.request_build()

    def set_limits(self, limits: DeviceLimits | None) -> None:
        self.workbench.use_device(device_with(limits) if limits is not None else None)

    def session(self) -> Session:
        return self.workbench.document.session

    def problems(self) -> list[RunError]:
        return self.workbench.problems()

    def edits(self) -> list[Session]:
        """From now on, each session an edit makes."""
        made: list[Session] = []
        self.workbench.documentChanged.connect(lambda: made.append(self.session()))
        return made
