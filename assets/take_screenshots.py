"""Retake the README's window screenshots, as a learner sees the window on a first start.

Run it on an X server at least as large as the largest shot (Xvfb works), with
ImageMagick's `import`:

    Xvfb :57 -screen 0 1920x1080x24 &
    DISPLAY=:57 .venv/bin/python assets/take_screenshots.py            # every shot
    DISPLAY=:57 .venv/bin/python assets/take_screenshots.py roofline   # the shots named so

Each shot runs in a process of its own, with settings of its own (a first start: no
layout kept), its language and theme; it opens a gallery session, runs it on PoCL,
shows one Results tab and saves the window as assets/NAME.png.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clstudio.ui.main_window import MainWindow

ASSETS = Path(__file__).resolve().parent
KERNELS = ASSETS.parent / "kernels"
EXERCISES = ASSETS.parent / "exercises"
RUN_LIMIT_MS = 120_000


@dataclass(frozen=True)
class Shot:
    name: str  # assets/NAME.png
    session: str  # a gallery session, kernels/SESSION.json
    tab: str  # the Results tab to show, by its object name
    language: str = "en"
    theme: str = "light"
    size: tuple[int, int] = (1280, 800)
    then: str = ""  # what the learner does after the run, in THEN; "exercise:NAME" checks one
    run: bool = True  # False: the shot shows the session before any run


SHOTS = (
    Shot("screenshot-window", "matmul_tiled", "resultsTimings"),
    Shot("screenshot-window-zh_CN", "matmul_tiled", "resultsRuntimesteps", language="zh_CN"),
    Shot("screenshot-window-dark", "matmul_tiled", "resultsTimings", theme="dark"),
    Shot("screenshot-window-1920", "matmul_tiled", "resultsTimings", size=(1920, 1080)),
    Shot("screenshot-roofline", "matmul_tiled", "resultsRoofline", then="rerun:matmul_naive"),
    Shot(
        "screenshot-roofline-1920",
        "matmul_tiled",
        "resultsRoofline",
        size=(1920, 1080),
        then="rerun:matmul_naive",
    ),
    Shot("step-mode", "matmul_tiled", "resultsRuntimesteps", then="steps", run=False),
    Shot("host-code-view", "matmul_tiled", "resultsHostCode", then="hoststep"),
    Shot("program-of-launches", "scan_multi_block", "resultsTimings", then="cards"),
    Shot("memory-tab-transpose-naive", "transpose_naive", "resultsMemory", then="memory"),
    Shot("memory-tab-transpose-tiled", "transpose_tiled", "resultsMemory", then="memory"),
    Shot(
        "memory-tab-transpose-naive-1920",
        "transpose_naive",
        "resultsMemory",
        size=(1920, 1080),
        then="memory",
    ),
    Shot("compiler-fast-relaxed-math", "row_sum", "resultsCompiler", then="fastmath"),
    Shot("exercise-check-failing", "vector_add", "resultsTimings", then="exercise:gemm_tiled"),
    Shot("debugger", "reduction", "resultsTimings", then="debug", run=False),
    Shot(
        "debugger-1920", "reduction", "resultsTimings", then="debug", run=False, size=(1920, 1080)
    ),
    Shot(
        "exercise-check-zh_CN",
        "vector_add",
        "resultsTimings",
        language="zh_CN",
        then="exercise:vector_add",
    ),
    Shot(
        "exercise-check-zh_CN-1920",
        "vector_add",
        "resultsTimings",
        language="zh_CN",
        size=(1920, 1080),
        then="exercise:vector_add",
    ),
    Shot("screenshot-devices-remote", "vector_add", "resultsOutputs", then="remote"),
    Shot("open-capture", "vector_add", "resultsTimings", then="capture"),
)
# A learner's training loop, captured for the open-capture shot: a typedef'd kernel of
# their own, pyopencl.array arithmetic, three steps of which two are captured.
LEARNERS_PROGRAM = '''\
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

platform = next(p for p in cl.get_platforms() if "Portable" in p.name)
ctx = cl.Context(platform.get_devices()[:1])
queue = cl.CommandQueue(ctx)
program = cl.Program(ctx, """
typedef float real;
__kernel void scale(__global real *x, const real k, const int n)
{ int i = get_global_id(0); if (i < n) x[i] = x[i] * k; }
__kernel void relu(__global real *x)
{ int i = get_global_id(0); x[i] = fmax(x[i], (real)0); }
""").build()
n = 1 << 16
x = cla.to_device(queue, np.random.default_rng(1).normal(size=n).astype(np.float32))
for step in range(3):
    program.scale(queue, (n,), (64,), x.data, np.float32(0.9), np.int32(n))
    program.relu(queue, (n,), None, x.data)
    x = 2 * x + 1
print(float(x.get().sum()))
'''


def take(shot: Shot) -> None:
    """In this process: the window on a first start, the session run, the tab shown, saved."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QWidget

    from clstudio.ui.app import create_application, open_main_window
    from clstudio.ui.language import install_translators
    from clstudio.ui.settings import AppSettings

    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    settings = AppSettings()
    settings.set_language(shot.language)
    settings.set_theme(shot.theme)
    app = create_application()
    install_translators(app, shot.language)
    window = open_main_window(KERNELS / f"{shot.session}.json", settings)
    window.setGeometry(0, 0, *shot.size)
    done: list[str] = []
    window.workbench.lastRunChanged.connect(done.append)

    def wait(until: Callable[[], bool], limit_ms: int) -> None:
        waited = 0
        while not until() and waited < limit_ms:
            app.processEvents()
            QApplication.instance().thread().msleep(20)  # type: ignore[union-attr]
            waited += 20
        if not until():
            raise SystemExit(f"{shot.name}: gave up waiting")

    wait(lambda: not window.devices.discovery.is_running(), 30_000)
    wait(lambda: not window.arguments_panel.is_empty(), 30_000)  # built: the form is there
    if shot.run:
        window.window_actions["run"].trigger()
        wait(lambda: bool(done), RUN_LIMIT_MS)
    results = window.results_panel
    page = results.findChild(QWidget, shot.tab)
    if page is None:
        raise SystemExit(f"{shot.name}: no Results tab {shot.tab}")
    results.setCurrentWidget(page)
    action, _, argument = shot.then.partition(":")
    if action:
        THEN[action](window, wait, argument)
    for _ in range(50):  # the layout and plots settle
        app.processEvents()
        QApplication.instance().thread().msleep(20)  # type: ignore[union-attr]
    # What the X server shows, as a user would see it (a grab() paints widgets afresh).
    width, height = shot.size
    crop = f"{width}x{height}+0+0"
    out = str(ASSETS / f"{shot.name}.png")
    subprocess.run(["import", "-window", "root", "-crop", crop, "+repage", out], check=True)
    window.workbench.document.mark_clean()
    window.close()


Wait = Callable[[Callable[[], bool], int], None]


def step_through(window: MainWindow, wait: Wait, _argument: str) -> None:
    """Nine of the eleven steps done: the side pane says what step 9 made."""
    ended: list[object] = []
    window.step_mode.controller.finished.connect(lambda _job, outcomes: ended.append(outcomes))
    for _ in range(9):
        before = len(ended)
        window.results_panel.steps.step_button.click()
        wait(partial(_grown, ended, before), RUN_LIMIT_MS)


def _grown(items: list[object], before: int) -> bool:
    return len(items) > before


def show_cards(window: MainWindow, _wait: Wait, _argument: str) -> None:
    """The Arguments pane scrolled to the launches' cards, under the timeline."""
    cards = window.arguments_panel.launches.cards
    window.arguments_panel.scroll_area.ensureWidgetVisible(cards[1])


def choose_host_step(window: MainWindow, _wait: Wait, _argument: str) -> None:
    """Step 5, building the program, chosen: the program scrolls to it."""
    window.host_code_panel.steps.setCurrentRow(4)


def measure_memory(window: MainWindow, wait: Wait, _argument: str) -> None:
    measured: list[object] = []
    memory = window.memory
    memory.trafficMeasured.connect(measured.append)
    if not memory.start():
        raise SystemExit("the Memory tab did not start measuring")
    wait(lambda: bool(measured), RUN_LIMIT_MS)


def check_exercise(window: MainWindow, wait: Wait, name: str) -> None:
    """The exercise opened with its solution typed in (gemm_tiled's without its
    barriers, which fails), then Check my solution."""
    exercises = window.exercises
    window.exercises_dock.raise_()
    exercises.panel.select(name)
    if not exercises.open_exercise(name):
        raise SystemExit(f"cannot open the exercise {name}")
    solution = (EXERCISES / name / "solution.cl").read_text()
    if name == "gemm_tiled":
        solution = "\n".join(line for line in solution.splitlines() if "barrier(" not in line)
    window.editor_panel.editor.setPlainText(solution)
    checked: list[object] = []
    exercises.runner.checkFinished.connect(checked.append)
    if not exercises.check(name):
        raise SystemExit(f"the check of {name} did not start")
    wait(lambda: bool(checked), RUN_LIMIT_MS)


def debug_reduction(window: MainWindow, wait: Wait, _argument: str) -> None:
    """Paused in round two of the reduction: a breakpoint on line 26, Continue, Step over."""
    controller = window.debug_dock.controller
    pauses: list[object] = []
    controller.paused.connect(pauses.append)
    window.editor_panel.editor.toggle_breakpoint(26)
    actions = (window.window_actions["debug"].trigger, controller.resume, controller.step_over)
    for act in actions:
        before = len(pauses)
        act()
        wait(partial(_grown, pauses, before), RUN_LIMIT_MS)


def run_another(window: MainWindow, wait: Wait, name: str) -> None:
    """Open gallery session `name` after the first one's run, and run it: the Roofline
    compares it with the first."""
    done: list[object] = []
    window.workbench.lastRunChanged.connect(done.append)
    if not window.files.open_example(KERNELS / f"{name}.json", name):
        raise SystemExit(f"cannot open {name}")
    wait(lambda: not window.arguments_panel.is_empty(), 30_000)
    window.window_actions["run"].trigger()
    wait(lambda: bool(done), RUN_LIMIT_MS)
    window.results_panel.setCurrentWidget(window.results_panel.roofline)


def compile_with_fast_math(window: MainWindow, wait: Wait, _argument: str) -> None:
    """row_sum compiled, run again with -cl-fast-relaxed-math and compiled again."""
    from PySide6.QtTest import QTest

    tab = window.compiler
    compiled: list[object] = []
    tab.compileFinished.connect(compiled.append)
    runs: list[object] = []
    window.workbench.lastRunChanged.connect(runs.append)
    for step in range(2):
        if step:
            QTest.keyClicks(window.editor_panel.options_edit.field, "-cl-fast-relaxed-math")
            wait(lambda: window.workbench.document.session.build_options != "", 30_000)
            window.window_actions["run"].trigger()
            wait(lambda: bool(runs), RUN_LIMIT_MS)
        before = len(compiled)
        if not tab.compile_last_run():
            raise SystemExit("the Compiler tab did not start compiling")
        wait(partial(_grown, compiled, before), RUN_LIMIT_MS)


def use_remote_machine(window: MainWindow, wait: Wait, _argument: str) -> None:
    """A remote machine added (this one, through the tests' sshd on the loopback), one of
    its devices used, and the session run there."""
    import atexit

    from clstudio.devices import DeviceInfo
    from clstudio.ui.devices.device_tree import ITEM_ROLE, device_items

    sys.path.insert(0, str(ASSETS.parent / "tests"))
    from ssh_server import SshServer, why_no_server

    if (reason := why_no_server()) is not None:
        raise SystemExit(f"no ssh server: {reason}")
    server = SshServer(Path(tempfile.mkdtemp(prefix="clstudio-shot-sshd-")))
    atexit.register(server.stop)
    machines = window.remote_machines
    machines.connect_machine(server.address)
    wait(lambda: not machines.connector.is_running(), 180_000)
    panel = window.device_panel
    remote = [i for i in device_items(panel.tree) if i.data(0, ITEM_ROLE).machine]
    chosen = next((i for i in remote if "pthread" in i.data(0, ITEM_ROLE).name), None)
    if chosen is None:
        raise SystemExit("the remote machine listed no PoCL device")
    panel.tree.setCurrentItem(chosen)
    panel.use_button.click()
    device = chosen.data(0, ITEM_ROLE)
    assert isinstance(device, DeviceInfo)
    runs: list[object] = []
    window.workbench.lastRunChanged.connect(runs.append)
    window.window_actions["run"].trigger()
    wait(lambda: bool(runs), RUN_LIMIT_MS)


def open_capture(window: MainWindow, wait: Wait, _argument: str) -> None:
    """train.py captured from File > Capture a Program… (the first two launches of each
    kernel), then File > Open Capture…'s list of it over the window."""
    folder = Path(tempfile.mkdtemp())
    (folder / "train.py").write_text(LEARNERS_PROGRAM, encoding="utf-8")
    captures = window.captures
    dialog = captures.capture_program()
    dialog.command.setText(f"{sys.executable} train.py")
    dialog.working_folder.setText(str(folder))
    dialog.first.setValue(2)
    ended: list[object] = []
    captures.jobs.finished.connect(lambda _job, answer: ended.append(answer))
    dialog.capture_button.click()
    wait(lambda: bool(ended), RUN_LIMIT_MS)
    dialog.close()
    listed = captures.show_capture(folder / "capture" / "capture.json")
    if listed is None:
        raise SystemExit("the capture did not open")
    listed.setGeometry(150, 110, 980, 580)
    second = listed.item_of_launch(2)
    if second is not None:
        listed.launches.setCurrentItem(second)


THEN: dict[str, Callable[[MainWindow, Wait, str], None]] = {
    "capture": open_capture,
    "rerun": run_another,
    "fastmath": compile_with_fast_math,
    "steps": step_through,
    "cards": show_cards,
    "hoststep": choose_host_step,
    "memory": measure_memory,
    "exercise": check_exercise,
    "debug": debug_reduction,
    "remote": use_remote_machine,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="take only the shots whose names hold these")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child process's shot
    options = parser.parse_args()
    if options.one:
        take(next(s for s in SHOTS if s.name == options.one))
        return 0
    if not os.environ.get("DISPLAY"):
        parser.error("no DISPLAY: run it on an X server of the shot's size (Xvfb works)")
    chosen = [s for s in SHOTS if not options.names or any(n in s.name for n in options.names)]
    for shot in chosen:
        env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "LANGUAGE": shot.language}
        # Exercise workspaces and recovery files of a first start, not the user's own.
        env["CLSTUDIO_DATA_DIR"] = env["XDG_DATA_HOME"] = tempfile.mkdtemp()
        status = subprocess.run([sys.executable, __file__, "--one", shot.name], env=env).returncode
        print(f"{shot.name}.png" if status == 0 else f"{shot.name}: failed ({status})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
