"""The window paints first and imports its plotting and OpenCL libraries later, if ever.

The first paint shows no plot, and importing pyqtgraph takes a good part of a start:
every plot is made when it is first needed. Nor does it read any package's metadata:
importlib.metadata brings the email package (some 15 ms). Nor the debugger's driver and
reports, nor check mode's log reading: the Debug dock and Check need them only once used
(their packages' names are imported when first asked for, common/lazy_exports.py). Nor
the modules of the tabs and docks behind others (the Compiler, Memory and Portability
tabs, the Exercises and Debug docks): each is made when first shown (ui/lazy_page.py). Nor
what the window does only on a command: a capture, a count, a traffic measurement, peaks,
runs on several devices, a kernel of a host program retyped or written back (their
packages' names, too, are imported when first asked for). Nor the worker's process and
multiprocessing, which load with the first worker, after the paint, nor a compile's
result, which loads with the first compile, nor a remote machine's connection. A
fresh process, started as bench/bench_startup.py starts the app, tells what it had
imported at that paint.
"""

import ast
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from clstudio.ui.app import create_application, open_main_window

app = create_application()
QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[1])
QSettings.setDefaultFormat(QSettings.Format.IniFormat)
window = open_main_window()


class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            roots = {name.split(".")[0] for name in sys.modules}
            later = roots & {"pyqtgraph", "pyopencl", "email"}
            print(sorted(later | (set(sys.modules) & set(sys.argv[2:]))), flush=True)
            QTimer.singleShot(0, app.quit)
        return False


painted = FirstPaint()
window.installEventFilter(painted)
app.exec()
window.close()
"""


# Modules of the debugger and of check mode the window uses only when the user debugs or checks.
FIRST_USED_LATER = (
    "clstudio.debugger.driver",
    "clstudio.debugger.pipe",
    "clstudio.debugger.report",
    "clstudio.debugger.scripted",
    "clstudio.checkmode.problems",
    "clstudio.checkmode.reports",
    "clstudio.compiler.compile_view",
    "clstudio.hostcode.export",
    "clstudio.ui.compiler.compiler_tab",
    "clstudio.ui.memory.memory_tab",
    "clstudio.ui.results.portability_tab",
    "clstudio.ui.exercises.exercises_controller",
    "clstudio.exercises",
    "clstudio.ui.debugger.debug_panel",
    # File > Capture a Program… and Open Capture…, and captures made elsewhere
    "clstudio.capture.capture_run",
    "clstudio.capture.capture_index",
    "clstudio.capture.foreign_captures",
    "clstudio.ui.capture.capture_dialog",
    "clstudio.ui.capture.capture_list",
    # The counts, traffic, measurements and host files' modules the window does not show
    "clstudio.counts.count_plan",
    "clstudio.traffic.traffic_plan",
    "clstudio.traffic.traffic_result",
    "clstudio.measurements.peak_runner",
    "clstudio.measurements.device_runs",
    "clstudio.embedded.imported",
    "clstudio.embedded.write_back",
    "clstudio.embedded.operator_profiles",
    "clstudio.ui.run.device_runs_dialog",
    # The worker's own side, loaded by the fork server or a spawned worker
    "clstudio.worker.child",
    # The worker's process, with multiprocessing: loaded when the first worker starts
    "clstudio.worker.process",
    "multiprocessing",
    # What a compile answers: loaded with the first compile
    "clstudio.compiler.compile_result",
    # A remote machine's connection and set-up: loaded with the first remote machine
    "clstudio.remote.connection",
    "clstudio.remote.installation",
)


def test_the_first_paint_comes_before_pyqtgraph_pyopencl_or_package_metadata(
    tmp_path: Path,
) -> None:
    # Its own settings and data: no last session or recovery offer opens a plot.
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "CLSTUDIO_DATA_DIR": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path), *FIRST_USED_LATER],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    loaded: list[str] = ast.literal_eval(done.stdout.strip().splitlines()[0])
    assert loaded == []
