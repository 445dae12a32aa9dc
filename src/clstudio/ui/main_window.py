"""The main window: docks around the source, menus, toolbar, status bar, and the session."""

from __future__ import annotations

import traceback
from pathlib import Path

from PySide6.QtCore import QMargins, QPoint, QRect, QSignalBlocker, QSize, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from clstudio.devices import DeviceInfo, DeviceInventory, is_simulator
from clstudio.session import Session, SessionError, title_of
from clstudio.ui.about import about_html
from clstudio.ui.args.args_panel import ArgsPanel
from clstudio.ui.backends import Backends
from clstudio.ui.devices.device_panel import DevicePanel
from clstudio.ui.devices.discovery_runner import DiscoverFn, DiscoveryRunner
from clstudio.ui.devices.peaks_controller import PeaksController, connect_peaks
from clstudio.ui.document import Document
from clstudio.ui.editor.editor_panel import EditorPanel
from clstudio.ui.editor.recovery import RecoveryStore
from clstudio.ui.exercises.exercises_controller import install_exercises
from clstudio.ui.file_dialogs import ask_path_to_open, ask_session_path, ask_source_path
from clstudio.ui.file_menus import FileMenus, shown_description
from clstudio.ui.hostcode.host_code_controller import HostCodeController
from clstudio.ui.hostcode.host_code_panel import HostCodePanel
from clstudio.ui.language import LanguageChoice
from clstudio.ui.lesson import HostProgramLesson
from clstudio.ui.properties_dialog import PropertiesDialog
from clstudio.ui.results.results_panel import ResultsPanel
from clstudio.ui.run.check_controller import CheckController
from clstudio.ui.run.check_mode import CheckMode
from clstudio.ui.run.check_status import CheckStatus
from clstudio.ui.run.device_runs_dialog import DeviceRunsDialog
from clstudio.ui.run.run_bar import RunBar
from clstudio.ui.run.run_controller import RunController
from clstudio.ui.run.sweep_controller import SweepController, use_local_size
from clstudio.ui.settings import AppSettings
from clstudio.ui.steps.step_controller import StepController
from clstudio.ui.steps.step_mode import StepMode
from clstudio.ui.theme import ThemeController
from clstudio.ui.window_actions import (
    build_menus,
    build_toolbar,
    create_actions,
    show_checking,
    show_running,
)
from clstudio.ui.workbench import Workbench

EMPTY_RESULTS_HEIGHT = 190  # pixels: the Results dock before the first run
# Room for the window manager's title bar and borders, which Qt's geometry leaves out.
FRAME_ALLOWANCE = QMargins(8, 40, 8, 8)


def first_geometry(screen: QRect) -> QRect:
    """The first window: at most 1440 x 900, inside the available screen with its frame,
    so the status bar shows without maximizing; centred."""
    room = screen.marginsRemoved(FRAME_ALLOWANCE)
    size = QSize(min(1440, room.width()), min(900, room.height()))
    geometry = QRect(QPoint(0, 0), size)
    geometry.moveCenter(room.center())
    return geometry


class MainWindow(QMainWindow):
    """Owns the files and the device inventory; the workbench owns the session, the device
    in use and the build-and-run loop.

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
        self.backends = backends or Backends.isolated()
        self.recovery = recovery or RecoveryStore(parent=self)
        self._lesson: HostProgramLesson | None = None
        self._grow_results_on_first_run = False
        app = QApplication.instance()
        assert isinstance(app, QApplication), "a window needs a QApplication"
        self.theme = ThemeController(app, settings.theme(), self)
        self.language = LanguageChoice(self, settings)

        self.editor_panel = EditorPanel(self.backends.tools)
        self.setCentralWidget(self.editor_panel)
        self.device_panel = DevicePanel()
        self.device_panel.deviceChosen.connect(self._on_device_panel_chosen)
        self.device_panel.rediscoverRequested.connect(self.start_discovery)
        self.arguments_panel = ArgsPanel()
        self.results_panel = ResultsPanel(self.editor_panel.problems, self.editor_panel.build_log)
        # Its hidden pages' minimum sizes must not keep the empty dock tall.
        self.results_panel.setMinimumHeight(EMPTY_RESULTS_HEIGHT - 60)
        self.run_bar = RunBar()
        self.runner = RunController(self.backends.runs, self)
        self.workbench = Workbench(
            self.editor_panel,
            self.arguments_panel,
            self.results_panel,
            self.run_bar,
            self.runner,
            self,
        )
        self.host_code_panel = HostCodePanel()
        self.host_code_panel.setObjectName("resultsHostCode")
        self.results_panel.addTab(self.host_code_panel, self.tr("Host code"))
        self.host_code = HostCodeController(
            self.host_code_panel, self.workbench, self.active_device, self
        )
        self.step_mode = StepMode(
            StepController(self.backends.runs, self), self.workbench, self.host_code_panel, self
        )
        self.check_status = CheckStatus()
        self.check_mode = CheckMode(
            CheckController(self.backends.checks, self),
            self.workbench,
            self.check_status,
            self._simulator_listed,
            self,
        )
        self.devices_dock = self._dock(self.tr("Devices"), "devicesDock", self.device_panel)
        self.arguments_dock = self._dock(
            self.tr("Arguments"), "argumentsDock", self.arguments_panel
        )
        self.results_dock = self._dock(self.tr("Results"), "resultsDock", self.results_panel)
        # Results run the full width: plots and tables need it more than the side panels.
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.devices_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.arguments_dock)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.results_dock)
        self.exercises, self.exercises_dock = install_exercises(
            self, self.backends.runs, self.backends.checks
        )

        self.window_actions = create_actions(self)
        self.toolbar = build_toolbar(self, self.window_actions, self.run_bar)
        toggles = [
            dock.toggleViewAction()
            for dock in (
                self.devices_dock,
                self.arguments_dock,
                self.results_dock,
                self.exercises_dock,
            )
        ]
        recent_menu, examples_menu = build_menus(
            self, self.window_actions, [*toggles, self.toolbar.toggleViewAction()]
        )
        self.file_menus = FileMenus(recent_menu, examples_menu, settings)
        self.file_menus.openRequested.connect(self.open_file)
        self.file_menus.exampleRequested.connect(self.open_example)
        self._connect_actions()

        self.peaks = PeaksController(self.backends.measurements, parent=self)
        self.peaks.messageRaised.connect(self.show_data_message)
        connect_peaks(self.device_panel.peaks_view, self.peaks)
        roofline = self.results_panel.roofline
        roofline.set_lookup(self.peaks.kept)
        roofline.measurePeaksRequested.connect(self._on_roofline_measure_peaks_requested)
        self.peaks.measured.connect(lambda _report: roofline.peaks_changed())
        self.sweeps = SweepController(
            self.backends.measurements,
            self.results_panel.sweep,
            lambda: self.document.session,
            self.active_device,
            self,
        )
        self.results_panel.sweep.useLocalSizeRequested.connect(
            lambda size: use_local_size(self.arguments_panel, size)
        )

        self.discovery = DiscoveryRunner(discover or self.backends.tools.devices, self)
        self.discovery.started.connect(self.device_panel.show_searching)
        self.discovery.finished.connect(self._on_discovery_finished)
        self.discovery.failed.connect(self._on_discovery_failed)

        self.device_status = QLabel()
        self.build_status = QLabel()
        self.run_status = QLabel()
        for label in (self.device_status, self.build_status, self.run_status):
            label.setContentsMargins(8, 0, 8, 0)
            self.statusBar().addPermanentWidget(label)
        self.statusBar().addPermanentWidget(self.check_status)
        self.show_build_state(self.tr("not built"))
        self.show_last_run(None)
        self._show_device_status()

        self.editor_panel.editor.set_zoom(settings.zoom())
        self._restore_layout()
        self._set_document(self.document)
        self.start_discovery()

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        return dock

    def _connect_actions(self) -> None:
        a = self.window_actions
        a.new.triggered.connect(self.new_document)
        a.open.triggered.connect(lambda: self.open_file(None))
        a.save.triggered.connect(self.save)
        a.save_as.triggered.connect(self.save_as)
        a.save_source.triggered.connect(self.save_source_as)
        a.export_host_code.triggered.connect(lambda: self.host_code.export(self))
        self.host_code.messageRaised.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.workbench.deviceChanged.connect(lambda _device: self.host_code.refresh())
        a.properties.triggered.connect(self.show_properties)
        a.quit.triggered.connect(self.close)
        editor = self.editor_panel.editor
        a.undo.triggered.connect(editor.undo)
        a.redo.triggered.connect(editor.redo)
        editor.undoAvailable.connect(a.undo.setEnabled)
        editor.redoAvailable.connect(a.redo.setEnabled)
        a.find.triggered.connect(self.editor_panel.open_find)
        a.replace.triggered.connect(self.editor_panel.open_replace)
        a.zoom_in.triggered.connect(lambda: self.set_zoom(editor.zoom() + 1))
        a.zoom_out.triggered.connect(lambda: self.set_zoom(editor.zoom() - 1))
        a.zoom_reset.triggered.connect(lambda: self.set_zoom(0))
        editor.zoomChanged.connect(self.settings.set_zoom)
        a.build.triggered.connect(self.editor_panel.request_build)
        a.run.triggered.connect(self.workbench.request_run)
        a.stop.triggered.connect(self.workbench.request_stop)
        a.stop.triggered.connect(self.step_mode.request_stop)
        a.run_or_stop.triggered.connect(self._on_run_or_stop_triggered)
        self.step_mode.steppingChanged.connect(self._on_workbench_run_state_changed)
        self.step_mode.messageRaised.connect(lambda text: self.statusBar().showMessage(text, 8000))
        a.check.triggered.connect(self.check_mode.toggle)
        self.results_panel.checkRequested.connect(self.check_mode.request_check)
        self.check_mode.checkingChanged.connect(lambda on: show_checking(self, a, on))
        self.check_mode.messageRaised.connect(lambda text: self.statusBar().showMessage(text, 8000))
        a.run_on_devices.triggered.connect(self.open_device_runs)
        w = self.workbench
        w.documentChanged.connect(self._on_workbench_document_changed)
        w.deviceChanged.connect(self._on_workbench_device_changed)
        w.buildStateChanged.connect(self.show_build_state)
        w.lastRunChanged.connect(self.show_last_run)
        w.runStateChanged.connect(self._on_workbench_run_state_changed)
        w.messageRaised.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.recovery.failed.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.recovery.fileSetAside.connect(self.show_data_message)
        a.about.triggered.connect(self.show_about)
        a.lesson.triggered.connect(self.show_lesson)
        a.themes[self.theme.choice].setChecked(True)
        for name, action in a.themes.items():
            action.triggered.connect(lambda _checked=False, n=name: self.set_theme(n))
        a.languages[self.settings.language()].setChecked(True)
        for choice, action in a.languages.items():
            action.triggered.connect(lambda _checked=False, c=choice: self.language.choose(c))

    def _restore_layout(self) -> None:
        geometry = self.settings.geometry()
        screen = QApplication.primaryScreen().availableGeometry()
        if geometry is None or not self.restoreGeometry(geometry):
            self.setGeometry(first_geometry(screen))
        state = self.settings.window_state()
        if state is None or not self.restoreState(state):
            self.resizeDocks(
                [self.devices_dock, self.arguments_dock], [300, 420], Qt.Orientation.Horizontal
            )
            # Before the first run the Results hold only hints: the editor and form get the room.
            self._grow_results_on_first_run = True
            self.resizeDocks([self.results_dock], [EMPTY_RESULTS_HEIGHT], Qt.Orientation.Vertical)

    # Devices

    def start_discovery(self) -> None:
        self.discovery.start()
        self._show_device_status()

    def active_device(self) -> DeviceInfo | None:
        return self.workbench.device()

    def _simulator_listed(self) -> bool | None:
        """Whether discovery found Oclgrind, for Check; None until discovery has answered."""
        platforms = self.device_panel.inventory().platforms
        return any(is_simulator(p.name) for p in platforms) if platforms else None

    def _resolve_device(self) -> None:
        """The device for builds and runs: the session's choice, else the last one used."""
        inventory = self.device_panel.inventory()
        selector = self.document.session.device or self.settings.device()
        active = inventory.select(selector) if inventory.devices() else None
        if active is None and self.document.session.device is None:
            active = inventory.select(None)
        self.workbench.use_device(active)

    def _on_workbench_device_changed(self, device: DeviceInfo | None) -> None:
        self.device_panel.set_active_device(device)
        self._show_device_status()

    def show_data_message(self, line: str) -> None:
        """A file of the user's data was set aside or left alone: say so, beside what the
        status bar says already (several can come at window start)."""
        shown = self.statusBar().currentMessage()
        self.statusBar().showMessage(f"{shown}  {line}" if shown else line, 20000)

    def _show_device_status(self) -> None:
        selector = self.document.session.device
        active = self.active_device()
        if active is not None:
            text = self.tr("Device: {name}").format(name=active.name)
            tip = self.tr("{type} on {platform}").format(
                type=active.type, platform=active.platform_name
            )
        elif self.discovery.is_running():
            text, tip = self.tr("Device: looking…"), self.tr("Looking for OpenCL devices")
        elif selector is not None and self.device_panel.inventory().devices():
            wanted = " / ".join(s for s in (selector.platform, selector.device) if s)
            text = self.tr("Device: nothing matches “{wanted}”").format(wanted=wanted)
            tip = self.tr("The session asks for a device this machine lacks: choose one in Devices")
        else:
            text = self.tr("Device: none")
            tip = self.tr("No OpenCL device found: see the Devices panel")
        self.device_status.setText(text)
        self.device_status.setToolTip(tip)

    def _on_discovery_finished(self, inventory: DeviceInventory) -> None:
        self.device_panel.show_inventory(inventory)
        self._resolve_device()
        active = self.active_device()
        if active is not None:
            self.device_panel.select_device(active)

    def _on_discovery_failed(self, details: str) -> None:
        self.device_panel.show_failure(details)
        self._show_device_status()

    def _on_device_panel_chosen(self, device: DeviceInfo) -> None:
        self.settings.set_device(self.workbench.choose_device(device))
        self.statusBar().showMessage(
            self.tr("Builds and runs will use {name}").format(name=device.name), 5000
        )

    def _on_roofline_measure_peaks_requested(self, device_name: str) -> None:
        device = next(
            (d for d in self.device_panel.inventory().devices() if d.name == device_name), None
        )
        if device is not None and self.peaks.measure(device):
            self.device_panel.select_device(device)
            self.device_panel.tabs.setCurrentWidget(self.device_panel.peaks_view)
            self.devices_dock.raise_()

    def open_device_runs(self) -> DeviceRunsDialog:
        """Run on devices…: the session as the form shows it, on each ticked device."""
        dialog = DeviceRunsDialog(
            self.backends.measurements,
            self.device_panel.inventory().devices(),
            lambda: self.document.session,
            self,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    # The status bar and the Run/Stop actions

    def _on_workbench_run_state_changed(self, running: bool) -> None:
        show_running(self, self.window_actions, running)

    def _on_run_or_stop_triggered(self) -> None:
        if self.step_mode.is_stepping():
            self.step_mode.request_stop()
        elif self.runner.is_running():
            self.workbench.request_stop()
        else:
            self.workbench.request_run()

    def show_build_state(self, text: str) -> None:
        self.build_status.setText(self.tr("Build: {state}").format(state=text))

    def show_last_run(self, text: str | None) -> None:
        self.run_status.setText(
            self.tr("Last run: {summary}").format(summary=text or self.tr("none yet"))
        )
        if text is not None and self._grow_results_on_first_run:
            self._grow_results_on_first_run = False
            height = max(self.results_dock.height(), self.height() * 2 // 5)
            self.resizeDocks([self.results_dock], [height], Qt.Orientation.Vertical)

    # The document

    @property
    def document(self) -> Document:
        return self.workbench.document

    def _show_document(self) -> None:
        # set_source blocks the editor's signals, so the undo actions are told directly.
        self.window_actions.undo.setEnabled(False)
        self.window_actions.redo.setEnabled(False)
        self._show_title()

    def _show_title(self) -> None:
        self.setWindowTitle(f"{self.document.name}[*] — CL Studio")
        self.setWindowModified(self.document.dirty)

    def _set_document(self, document: Document) -> None:
        self.workbench.show_document(document)
        self._show_document()
        if self.device_panel.inventory().devices():
            self._resolve_device()
        else:
            self._show_device_status()

    def _on_workbench_document_changed(self) -> None:
        """Any edit (source, arguments, sizes): mark the title, keep a recovery copy."""
        session = self.document.session
        self.recovery.record(session.source, self.document.path, session)
        self._show_title()

    def restore_session(self, session: Session) -> None:
        """Show a session recovered after a crash as unsaved edits of the current document."""
        self.workbench.restore_session(session)
        self._show_document()

    def new_document(self) -> None:
        if self.maybe_save():
            self._set_document(self.workbench.new_document())

    def open_file(self, path: Path | None = None) -> bool:
        """Open `path`, or ask for one; False when nothing was opened."""
        if not self.maybe_save():
            return False
        path = path or ask_path_to_open(self, self.document)
        return path is not None and self.load(path)

    def load(self, path: Path) -> bool:
        """Replace the document by the session (or bare .cl file) at `path`, without asking."""
        kernel_file = path.suffix.lower() == ".cl"
        try:
            document = Document.from_kernel_file(path) if kernel_file else Document.open(path)
        except SessionError as exc:
            QMessageBox.warning(self, self.tr("Cannot open session"), str(exc))
            self.settings.remove_recent_file(path)
            return False
        except Exception as exc:  # a reader's bug must not cost the session that is open
            traceback.print_exc()
            QMessageBox.warning(
                self,
                self.tr("Cannot open session"),
                self.tr(
                    "{path}: CL Studio failed to read it ({error}). "
                    "The open session is kept; please report this, with the file."
                ).format(path=path, error=f"{type(exc).__name__}: {exc}"),
            )
            return False
        self._set_document(document)
        self.settings.add_recent_file(document.path or path)
        return True

    def open_example(self, path: Path, title: str) -> bool:
        if not self.maybe_save():
            return False
        try:
            label = self.tr("{title} (example)").format(title=title)
            document = Document.copy_of(path, label, title)
        except SessionError as exc:
            QMessageBox.warning(self, self.tr("Cannot open example"), str(exc))
            return False
        self._set_document(document)
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        path = ask_session_path(self, self.document)
        return path is not None and self._save_to(path)

    def save_source_as(self) -> bool:
        """Write the kernel source alone to a .cl file; the session stays as it is."""
        path = ask_source_path(self, self.document)
        if path is None:
            return False
        try:
            self.document.save_source(path)
        except OSError as exc:
            QMessageBox.warning(
                self,
                self.tr("Cannot save the source"),
                self.tr("Could not save {path}:\n{error}").format(path=path, error=exc),
            )
            return False
        self.statusBar().showMessage(
            self.tr("Saved the kernel source to {path}").format(path=path), 5000
        )
        return True

    def _save_to(self, path: Path) -> bool:
        try:
            plan = self.document.plan_save(path)
            if plan.would_replace and not self._may_replace(plan.would_replace):
                return False
            saved = self.document.save(path, replace_others=True)
        except (OSError, SessionError) as exc:
            QMessageBox.warning(
                self,
                self.tr("Cannot save session"),
                self.tr("Could not save {path}:\n{error}").format(path=path, error=exc),
            )
            return False
        self.settings.add_recent_file(saved)
        self.recovery.discard()
        self._show_title()
        self.statusBar().showMessage(self.tr("Saved {path}").format(path=saved), 5000)
        return True

    def _may_replace(self, paths: tuple[Path, ...]) -> bool:
        """Ask before a save replaces a file the user did not name in the dialog."""
        buttons = QMessageBox.StandardButton
        names = "\n".join(str(p) for p in paths)
        answer = QMessageBox.question(
            self,
            self.tr("Replace a file?"),
            self.tr(
                "Saving writes the kernel source beside the session, and this file exists:\n"
                "{names}\n\nIt is not this session's source. Replace it?"
            ).format(names=names),
            buttons.Yes | buttons.Cancel,
            buttons.Cancel,
        )
        return answer == buttons.Yes

    def maybe_save(self) -> bool:
        """Ask Save / Discard / Cancel when there are unsaved changes; True to go on."""
        if not self.document.dirty:
            return True
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self,
            self.tr("Unsaved changes"),
            self.tr("“{name}” has unsaved changes. Save them first?").format(
                name=self.document.name
            ),
            buttons.Save | buttons.Discard | buttons.Cancel,
            buttons.Save,
        )
        if answer == buttons.Save:
            return self.save()
        return answer == buttons.Discard

    # View and help

    def set_zoom(self, steps: int) -> None:
        self.editor_panel.editor.set_zoom(steps)
        self.settings.set_zoom(self.editor_panel.editor.zoom())

    def set_theme(self, theme: str) -> None:
        self.theme.apply(theme)
        self.settings.set_theme(theme)
        with QSignalBlocker(self.window_actions.themes[theme]):
            self.window_actions.themes[theme].setChecked(True)

    def show_properties(self) -> PropertiesDialog:
        """File > Properties, window-modal; OK hands the title and description over."""
        session = self.document.session
        shown = shown_description(session.description)

        def chosen(title: str, description: str) -> None:
            # An example's description left as shown stays the session's own (English) text.
            kept = session.description if description == shown else description
            self.workbench.set_properties(title, kept)

        dialog = PropertiesDialog(title_of(session.source), shown, self)
        dialog.propertiesChosen.connect(chosen)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()
        return dialog

    def show_about(self) -> None:
        QMessageBox.about(self, self.tr("About CL Studio"), about_html())

    def show_lesson(self) -> HostProgramLesson:
        if self._lesson is None:
            self._lesson = HostProgramLesson(self)
        self._lesson.show()
        self._lesson.raise_()
        return self._lesson

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.settings.set_geometry(self.saveGeometry())
        self.settings.set_window_state(self.saveState())
        self.settings.set_last_session(self.document.path)
        self.settings.sync()
        self.workbench.request_stop()
        self.step_mode.request_stop()
        self.check_mode.request_stop()
        self.peaks.stop()
        self.sweeps.runner.stop()
        self.runner.wait()
        self.step_mode.wait()
        self.check_mode.wait()
        self.exercises.wait()
        self.peaks.runner.wait()
        self.sweeps.runner.wait()
        self.editor_panel.wait_for_build()
        self.discovery.wait()
        self.backends.close()
        self.recovery.discard()
        event.accept()
