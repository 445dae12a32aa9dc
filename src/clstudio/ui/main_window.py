"""The main window, a composition root: it builds the panels, docks and controllers and
wires them; what each does lives in the controller."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QMainWindow

from clstudio.collector_pause import end_pause
from clstudio.ui.actions import (
    debug_actions,
    device_actions,
    edit_actions,
    file_actions,
    help_actions,
    run_actions,
    view_actions,
)
from clstudio.ui.actions.action import Item, make_actions
from clstudio.ui.actions.menu_bar import build_menus, build_toolbar
from clstudio.ui.args.args_panel import ArgsPanel
from clstudio.ui.backends import Backends
from clstudio.ui.capture.capture_commands import CaptureCommands
from clstudio.ui.debugger.debug_controller import DebugController
from clstudio.ui.debugger.debug_dock import DebugDock
from clstudio.ui.devices.device_controller import DeviceController
from clstudio.ui.devices.device_panel import DevicePanel
from clstudio.ui.devices.discovery_runner import DiscoverFn
from clstudio.ui.devices.remote_controller import (
    MachineRoutes,
    RemoteMachinesController,
    route_slots,
)
from clstudio.ui.editor.editor_panel import EditorPanel
from clstudio.ui.editor.recovery import RecoveryStore
from clstudio.ui.files.embedded_controller import EmbeddedController
from clstudio.ui.files.file_controller import FileController
from clstudio.ui.files.file_menus import FileMenus
from clstudio.ui.files.foreign_capture_import import ForeignCaptureImports
from clstudio.ui.files.host_file_bar import HostFileBar
from clstudio.ui.first_paint import FirstPaint
from clstudio.ui.hostcode.host_code_panel import HostCodePanel
from clstudio.ui.language import LanguageChoice
from clstudio.ui.lazy_page import LazyPage
from clstudio.ui.modes.check_mode import CheckMode
from clstudio.ui.modes.debug_mode import DebugMode
from clstudio.ui.modes.host_code_controller import HostCodeController
from clstudio.ui.modes.step_mode import StepMode
from clstudio.ui.results.results_panel import ResultsPanel
from clstudio.ui.results.roofline.count_job import CountController, connect_counts
from clstudio.ui.run.check_job import CheckController
from clstudio.ui.run.check_status import CheckStatus
from clstudio.ui.run.run_bar import RunBar
from clstudio.ui.run.run_job import RunController
from clstudio.ui.run.sweep_controller import SweepController, use_local_size
from clstudio.ui.settings import AppSettings
from clstudio.ui.shutdown import ShutdownController
from clstudio.ui.status_bar import StatusBar
from clstudio.ui.steps.step_job import StepController
from clstudio.ui.tasks import Lane, application_lanes
from clstudio.ui.theme import ThemeController
from clstudio.ui.vertical_scroll_area import VerticalScrollArea
from clstudio.ui.window_layout import (
    EMPTY_RESULTS_HEIGHT,
    WindowLayout,
    make_dock,
    place_docks,
)
from clstudio.ui.workbench import Workbench

if TYPE_CHECKING:  # made when first shown, their modules imported then (ui/lazy_page.py)
    from clstudio.ui.compiler.compiler_tab import CompilerTab
    from clstudio.ui.exercises.exercises_controller import ExercisesController
    from clstudio.ui.memory.memory_tab import MemoryTab
    from clstudio.ui.results.portability_tab import PortabilityController, PortabilityTab


class MainWindow(QMainWindow):
    """The source in the middle, Devices and Exercises left, Arguments right, Results below.

    `backends` does the OpenCL work: worker processes in the app, so that a broken
    kernel never takes the window down; tests may pass in-process ones.
    """

    def __init__(
        self,
        settings: AppSettings,
        discover: DiscoverFn | None = None,
        backends: Backends | None = None,
        recovery: RecoveryStore | None = None,
    ) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.settings = settings
        backends = backends or Backends.isolated()
        discover = discover or backends.tools.devices  # this machine's devices, always
        # Builds and runs go to the machine of the device in use: this one or a remote one.
        # So do checks, the Compiler and Memory tabs' work, counts and debug runs.
        self.routes = MachineRoutes.around(backends.tools, backends.runs, backends.measurements)
        backends = replace(backends, tools=self.routes.tools, runs=self.routes.runs)
        route_slots(backends, self.routes.workers)
        self.backends = backends
        self.recovery = recovery or RecoveryStore(parent=self)
        self.tasks = application_lanes()
        app = QApplication.instance()
        assert isinstance(app, QApplication), "a window needs a QApplication"
        self.theme = ThemeController(app, settings.theme(), self)
        self.language = LanguageChoice(self, settings)

        first_paint = FirstPaint(self)
        # The start's pause of the collector (clstudio.__main__) ends at the first paint;
        # the lanes' GuiThreadCollector collects from then on.
        first_paint.then(partial(end_pause, collect_automatically=False))
        editor = self.editor_panel = EditorPanel(first_paint.builder(backends.tools))
        self.setCentralWidget(editor)
        self.device_panel = DevicePanel()
        args = self.arguments_panel = ArgsPanel()
        results = self.results_panel = ResultsPanel(editor.problems, editor.build_log)
        # Its hidden pages' minimum sizes must not keep the empty dock tall.
        results.setMinimumHeight(EMPTY_RESULTS_HEIGHT - 60)
        self.run_bar = RunBar()
        self.runner = RunController(backends.runs, Lane.RUNS, self)
        bench = self.workbench = Workbench(editor, args, results, self.run_bar, self.runner, self)
        self.host_code_panel = HostCodePanel()
        self.host_code_panel.setObjectName("resultsHostCode")
        results.addTab(self.host_code_panel, self.tr("Host code"))
        self.host_code = HostCodeController(self.host_code_panel, bench, bench.device, self)
        self.compiler_page = results.add_view(self._make_compiler, "Compiler", self.tr("Compiler"))
        self.memory_page = results.add_view(self._make_memory, "Memory", self.tr("Memory"))
        steps = StepController(backends.runs, Lane.RUNS, self)
        self.step_mode = StepMode(steps, bench, self.host_code_panel, self)
        self.check_status = CheckStatus()
        self.status = StatusBar(self.statusBar(), self.check_status)
        self.files = FileController(bench, settings, self.recovery, self.status, self)
        self.host_file_bar = HostFileBar()
        editor.add_bar(self.host_file_bar)
        self.embedded = EmbeddedController(
            bench, self.host_file_bar, self.status, self.files.show_title
        )
        self._portability_jobs: PortabilityController | None = None
        self.portability_page = LazyPage(self._make_portability)
        self.portability_page.setObjectName("resultsPortability")
        results.addTab(self.portability_page, self.tr("Portability"))
        self.captures = CaptureCommands(backends.tools, self, self.files.open_file)

        dock = partial(make_dock, self)
        self.devices_dock = dock(self.tr("Devices"), "devicesDock", self.device_panel, scrolls=True)
        self.arguments_dock = dock(self.tr("Arguments"), "argumentsDock", args)
        self.results_dock = dock(self.tr("Results"), "resultsDock", results)
        self._exercises: ExercisesController | None = None
        self.exercises_page = LazyPage(self._make_exercises)
        self.exercises_dock = dock(self.tr("Exercises"), "exercisesDock", self.exercises_page)
        self.exercises_page.in_view_of(self.exercises_dock)
        debugger = DebugController(self, self.routes.workers)
        self.debug_dock = DebugDock(debugger, self)
        first_paint.then(self.debug_dock.prepare_while_shown)
        sides = (self.devices_dock, self.exercises_dock)
        place_docks(self, sides, self.arguments_dock, (self.results_dock, self.debug_dock))

        self.devices = DeviceController(
            self.device_panel,
            self.devices_dock,
            first_paint.after(discover),
            bench,
            settings,
            self.status,
            backends.measurements,
            self,
            lambda machine: self.remote_machines.measurements_on(machine),
        )
        self.remote_machines = RemoteMachinesController(
            self.device_panel, self.routes, settings, self.status, self
        )
        checks = CheckController(backends.checks, Lane.CHECKS, self)
        self.check_mode = CheckMode(checks, bench, self.check_status, self._simulator_listed, self)
        self.debug_mode = DebugMode(
            debugger, bench, self._simulator_listed, self.debug_dock.start_item, self
        )
        self.sweeps = SweepController(
            self.routes.measurements, results.sweep, self.files.session, bench.device, self
        )
        self.counts = CountController(backends.counts, Lane.COUNTS, results.roofline)
        connect_counts(results.roofline, self.counts)

        self.window_layout = WindowLayout(
            self,
            settings,
            (self.devices_dock, self.arguments_dock),
            (self.results_dock, self.debug_dock),
            editor.editor.spare_height,
        )
        items = self._action_items()
        self.window_actions = make_actions(self, items)
        toolbar_slots = {run_actions.RUN_BAR: self.run_bar}
        self.toolbar = build_toolbar(self, items, self.window_actions, toolbar_slots)
        docks = (
            self.devices_dock,
            self.arguments_dock,
            self.results_dock,
            self.exercises_dock,
            self.debug_dock,
        )
        toggles = [*(dock.toggleViewAction() for dock in docks), self.toolbar.toggleViewAction()]
        submenus = build_menus(self, items, self.window_actions, {view_actions.PANELS: toggles})
        self.file_menus = FileMenus(
            submenus[file_actions.RECENT], submenus[file_actions.EXAMPLES], settings
        )
        run_actions.show_running(self, self.window_actions, False)

        self.shutdown = ShutdownController(
            self.window_layout,
            settings,
            self.files,
            self.tasks,
            self.backends,
            self.recovery,
            debugger,
            self.routes,
        )
        self._connect()
        self.window_layout.restore()
        self.files.show_current()
        self.devices.start_discovery()

    def _simulator_listed(self) -> bool | None:
        """Whether the machine of the device in use has Oclgrind: this one's discovery
        says; a remote machine's check or debug run says so itself (None: not known)."""
        return None if self.routes.workers.place() is not None else self.devices.simulator_listed()

    def _action_items(self) -> tuple[Item, ...]:
        """Every command's record; the menus and the toolbar are built from them."""
        items = (
            *file_actions.records(
                self.files, self.captures, partial(self.host_code.export, self), self.close
            ),
            *edit_actions.records(self.editor_panel, self.files.documentShown),
            *view_actions.records(
                view_actions.ViewChoices(self.editor_panel.editor, self.theme, self.settings),
                self.theme.choice,
                self.language,
                self.settings.language(),
                self.window_layout.reset,
            ),
            *run_actions.records(
                self.editor_panel.request_build,
                run_actions.RunCommands(self.workbench, self.runner, self.step_mode),
                self.check_mode.toggle,
                self.devices.open_device_runs,
            ),
            *debug_actions.records(self.debug_mode),
            *device_actions.records(
                self.device_panel.open_add_device, self.remote_machines.open_dialog
            ),
            *help_actions.records(help_actions.HelpDialogs(self, lambda: items)),
        )
        return items

    def _connect(self) -> None:
        a, editor, w = self.window_actions, self.editor_panel.editor, self.workbench
        editor.zoomChanged.connect(self.settings.set_zoom)
        self.file_menus.openRequested.connect(self.files.open_file)
        self.file_menus.exampleRequested.connect(self.files.open_example)
        self.files.documentShown.connect(self.embedded.show_document)
        self.files.documentOpened.connect(self.devices.resolve_when_found)
        self.foreign_imports = ForeignCaptureImports(
            self.backends.tools, self, self.status, self.files.open_file
        )
        self.files.import_capture = self.foreign_imports.start
        w.deviceChanged.connect(self.embedded.device_changed)
        self.host_file_bar.portabilityRequested.connect(self._check_portability)
        w.documentChanged.connect(self.files.keep_edit)
        w.deviceChanged.connect(self.remote_machines.show_device)
        w.deviceChanged.connect(self.devices.show_device)
        w.deviceChanged.connect(self.host_code.refresh)
        w.buildStateChanged.connect(self.status.show_build_state)
        w.lastRunChanged.connect(self.status.show_last_run)
        w.lastRunChanged.connect(self.window_layout.make_room_for_results)
        self.results_panel.roomRequested.connect(self.window_layout.grow_results)
        grow_debug = partial(self.window_layout.grow_bottom_dock, self.debug_dock)
        self.debug_dock.roomRequested.connect(grow_debug)
        w.documentShown.connect(lambda: self.status.show_last_run(None))
        running = (w.runStateChanged, self.step_mode.steppingChanged)
        run_actions.follow(self, a, running, self.check_mode.checkingChanged)
        self.results_panel.checkRequested.connect(self.check_mode.request_check)
        w.messageRaised.connect(self.status.show_message)
        self.step_mode.messageRaised.connect(self.status.show_message)
        self.check_mode.messageRaised.connect(self.status.show_message)
        self.debug_mode.messageRaised.connect(self.status.show_message)
        self.debug_dock.debugRequested.connect(self.debug_mode.request_debug)
        self.host_code.messageRaised.connect(self.status.show_message)
        self.recovery.failed.connect(self.status.show_message)
        self.recovery.fileSetAside.connect(self.status.show_data_message)
        self.devices.serve_roofline(self.results_panel.roofline)
        sweep = self.results_panel.sweep
        sweep.useLocalSizeRequested.connect(partial(use_local_size, self.arguments_panel))
        w.documentChanged.connect(self.sweeps.show_kernels)
        self.sweeps.show_kernels()

    def _check_portability(self) -> None:
        """The host-file bar's Where does it build?: the Portability tab, its builds started."""
        self.results_panel.setCurrentWidget(self.portability_page)
        self.results_dock.raise_()
        self.portability.checkRequested.emit()

    @property
    def compiler(self) -> CompilerTab:
        return self.compiler_page.content()

    @property
    def memory(self) -> MemoryTab:
        return self.memory_page.content()

    @property
    def portability(self) -> PortabilityTab:
        return self.portability_page.content()

    @property
    def portability_jobs(self) -> PortabilityController:
        self.portability_page.content()
        assert self._portability_jobs is not None, "made with the page"
        return self._portability_jobs

    @property
    def exercises(self) -> ExercisesController:
        self.exercises_page.content()
        assert self._exercises is not None, "made with the page"
        return self._exercises

    def _make_compiler(self) -> CompilerTab:
        from clstudio.ui.compiler.compiler_tab import CompilerTab
        from clstudio.ui.compiler.compiler_wiring import connect_compiler

        tab = CompilerTab(self.backends.compiles)
        changed = self.workbench.documentChanged
        connect_compiler(tab, self.editor_panel, self.files.session, changed)
        return tab

    def _make_memory(self) -> MemoryTab:
        from clstudio.ui.memory.memory_tab import MemoryTab
        from clstudio.ui.memory.memory_wiring import connect_memory

        tab = MemoryTab(self.backends.traffic)
        connect_memory(tab, self.editor_panel)
        return tab

    def _make_portability(self) -> PortabilityTab:
        from clstudio.ui.results.portability_tab import (
            PortabilityController,
            PortabilityTab,
            connect_portability,
        )

        tab = PortabilityTab()
        jobs = self._portability_jobs = PortabilityController(
            self.backends.measurements, Lane.MEASUREMENTS, self
        )
        connect_portability(tab, jobs, self.files.session, self.devices.inventory)
        return tab

    def _make_exercises(self) -> VerticalScrollArea:
        from clstudio.ui.exercises.exercises_controller import ExercisesController

        exercises = self._exercises = ExercisesController(
            self.files,
            self.workbench,
            self.status,
            self.backends.runs,
            self,
            None,
            self.backends.checks,
            self.settings,
        )
        self.workbench.deviceChanged.connect(exercises.show_device)
        exercises.panel.roomRequested.connect(self.window_layout.shrink_results)
        self.exercises_dock.visibilityChanged.connect(exercises.fill_when_visible)
        exercises.fill_when_visible(self.exercises_dock.isVisible())  # made as it shows
        # The dock scrolls the panel rather than hold the window to its minimum height.
        return VerticalScrollArea(exercises.panel)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_save():
            event.ignore()
            return
        self.shutdown.shut_down()
        event.accept()
