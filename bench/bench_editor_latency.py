"""From the last keystroke to the diagnostics shown, against the build alone in the same run.

The editor (EditorPanel, offscreen) is typed into with QTest, twice: on the worker
process the app uses (WorkerClient), and on the engine in this process (InProcessBackend,
which the tests use). The clock stops when the panel's buildFinished handler has put the
result on screen (squiggles, gutter marks, Problems, build log, kernel list, status) and
the editor has repainted. The live-build pause (500 ms after the last keystroke) is reported apart:
the "after the pause" metrics exclude it, and one metric shows the whole wait with it.

Builds:
- cold: a text PoCL never compiled, in a fresh POCL_CACHE_DIR;
- PoCL-cached: a text compiled before by another engine, so PoCL's disk cache has it;
- built before: a text this editor built already (here: undo back to it), answered from
  the engine's own program cache;
- error: a text that fails to compile (typo correction makes these slow; nothing is cached).
The baseline of each is Engine.build on the same kind of text, timed around the call.
A last metric times keystrokes while a cold build of a larger source (forty kernels) runs,
against keystrokes into the same source while idle: typing must not wait for the compiler.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

# Before pyopencl or Qt load: a fresh PoCL kernel cache, and no screen needed.
os.environ["POCL_CACHE_DIR"] = tempfile.mkdtemp(prefix="clstudio-bench-pocl-")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from clstudio.backend import Backend
from clstudio.common.results import BuildResult
from clstudio.engine import InProcessBackend
from clstudio.engine.run import Engine
from clstudio.ui.editor.build_controller import LIVE_DELAY_MS
from clstudio.ui.editor.editor_panel import EditorPanel
from clstudio.worker.client import WorkerClient
from results_table import Metric, report

TRIALS = 9
KEYS = 40
TIMEOUT_MS = 120_000
BASE = (Path(__file__).parents[1] / "kernels" / "matmul_tiled.cl").read_text()
OPTIONS = "-D TILE=16"
# Forty renamed copies of the kernel: a build long enough to type through (~0.6 s here).
_HEAD, _BODY = BASE.split("__kernel void matmul_tiled", 1)
BIG = _HEAD + "".join(f"__kernel void matmul_tiled_{i}{_BODY}" for i in range(40))


class Probe:
    """Times one edit: last keystroke, build started, result on screen."""

    def __init__(self, panel: EditorPanel) -> None:
        self.panel = panel
        self.loop = QEventLoop()
        self.started = 0.0
        self.shown = 0.0
        self.result: BuildResult | None = None
        # Connected after the panel's own handlers, so these run once they are done.
        panel.buildStarted.connect(self._on_started)
        panel.buildFinished.connect(self._on_finished)

    def _on_started(self, _generation: int) -> None:
        self.started = time.perf_counter()

    def _on_finished(self, result: BuildResult) -> None:
        self.panel.editor.viewport().repaint()
        self.panel.editor.gutter.repaint()
        self.shown = time.perf_counter()
        self.result = result
        self.loop.quit()

    def wait(self) -> BuildResult:
        self.result = None
        timer = QTimer.singleShot(TIMEOUT_MS, self.loop.quit)
        self.loop.exec()
        del timer
        if self.result is None:
            raise TimeoutError("no build result within the timeout")
        return self.result


def type_at_end(panel: EditorPanel, text: str) -> float:
    """Type `text` (lines apart by Enter) at the end of the source; the time of the last key."""
    editor = panel.editor
    cursor = editor.textCursor()
    cursor.movePosition(cursor.MoveOperation.End)
    editor.setTextCursor(cursor)
    for number, line in enumerate(text.split("\n")):
        if number:
            QTest.keyClick(editor, Qt.Key.Key_Return)
        QTest.keyClicks(editor, line)
    return time.perf_counter()


def show_session(panel: EditorPanel, probe: Probe, source: str) -> None:
    """Open a source as a session would (built at once) and wait for its result."""
    panel.set_source(source)
    probe.wait()


def edit_and_time(panel: EditorPanel, probe: Probe, typed: str, ok: bool) -> dict[str, float]:
    last_key = type_at_end(panel, typed)
    result = probe.wait()
    assert result.ok == ok, result.log
    return timings(last_key, probe, result)


def timings(last_key: float, probe: Probe, result: BuildResult) -> dict[str, float]:
    return {
        "total": probe.shown - last_key,
        "pause": probe.started - last_key,
        "after_pause": probe.shown - probe.started,
        "compile": result.seconds,
    }


def build_alone(engine: Engine, source: str) -> float:
    started = time.perf_counter()
    result = engine.build(source, OPTIONS, None)
    elapsed = time.perf_counter() - started
    assert result.kernels or not result.ok
    return elapsed


def keystroke_times(panel: EditorPanel) -> list[float]:
    """Wall time of each of KEYS keystrokes, with the events they cause; while building,
    only the keystrokes that started and ended during the build count."""
    times = []
    for _ in range(KEYS):
        busy = panel.controller.is_building()
        started = time.perf_counter()
        QTest.keyClick(panel.editor, Qt.Key.Key_Space)
        QApplication.processEvents()
        elapsed = time.perf_counter() - started
        if busy == panel.controller.is_building():
            times.append(elapsed)
    return times


KINDS = {
    "cold": "cold build",
    "cached": "PoCL-cached build",
    "undo": "text built before (undo)",
    "error": "build error",
}


def measure(tag: str, backend: Backend, alone: Engine, other: Engine) -> dict:
    """All the editor measurements on one backend; texts carry `tag` to stay new to PoCL."""
    panel = EditorPanel(backend)
    panel.resize(1000, 700)
    panel.show()
    probe = Probe(panel)
    panel.set_options(OPTIONS)
    show_session(panel, probe, f"// warm up {tag}\n" + BASE)

    samples: dict[str, list[dict[str, float]]] = {kind: [] for kind in KINDS}
    baselines: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for trial in range(TRIALS):
        # Cold: both texts are new to PoCL; the same length, so the same work.
        baselines["cold"].append(build_alone(alone, f"{BASE}// {tag} alone {trial:03d}\n"))
        show_session(panel, probe, BASE)
        typed = f"// {tag} typed {trial:03d}"
        samples["cold"].append(edit_and_time(panel, probe, typed, ok=True))

        # Built before: undo returns to BASE, which this editor's engine built above.
        QTest.keyClick(panel.editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        last_key = time.perf_counter()
        result = probe.wait()
        assert panel.source() == BASE
        samples["undo"].append(timings(last_key, probe, result))
        baselines["undo"].append(build_alone(alone, BASE))

        # PoCL-cached: another engine compiles the text first.
        typed = f"// {tag} cache {trial:03d}"
        other.build(BASE + typed, OPTIONS, None)
        baselines["cached"].append(build_alone(alone, BASE + typed))
        samples["cached"].append(edit_and_time(panel, probe, typed, ok=True))

        # An error: an undeclared name, as a learner's typo would make.
        show_session(panel, probe, BASE)
        broken = "__constant float {}_{:03d} = missing_{:03d};"
        alone_text = BASE + broken.format(f"alone_{tag}", trial, trial)
        baselines["error"].append(build_alone(alone, alone_text))
        typed = broken.format(tag, trial, trial)
        samples["error"].append(edit_and_time(panel, probe, typed, ok=False))
        assert panel.editor.gutter.marks(), "the error is marked in the gutter"

    show_session(panel, probe, f"// {tag}\n{BIG}")
    keystroke_times(panel)  # the first keystrokes into a new document lay it out
    idle = keystroke_times(panel)
    type_at_end(panel, "// typed while a cold build runs")
    panel.request_build()
    busy = keystroke_times(panel)
    assert busy, "the build ended before any keystroke: make BIG bigger"
    panel.wait_for_build()
    QApplication.processEvents()
    device = panel.controller.last_result.device if panel.controller.last_result else ""
    panel.close()
    panel.deleteLater()
    return {
        "samples": samples,
        "baselines": baselines,
        "keystrokes_idle": idle,
        "keystrokes_during_build": busy,
        "device": device,
    }


def metrics_for(label: str, measured: dict) -> list[Metric]:
    samples, baselines = measured["samples"], measured["baselines"]

    def median(kind: str, part: str) -> float:
        return statistics.median(sample[part] for sample in samples[kind])

    metrics = [
        Metric(
            f"{label}: keystroke to diagnostics after the pause, {name}",
            median(kind, "after_pause"),
            "s",
            statistics.median(baselines[kind]),
            note=f"vs Engine.build alone; compile {median(kind, 'compile') * 1e3:.1f} ms",
        )
        for kind, name in KINDS.items()
    ]
    metrics.append(
        Metric(
            f"{label}: keystroke to diagnostics with the pause, cold build",
            median("cold", "total"),
            "s",
            statistics.median(baselines["cold"]),
            note=f"includes the {LIVE_DELAY_MS} ms live-build pause "
            f"(measured {median('cold', 'pause') * 1e3:.0f} ms)",
        )
    )
    busy, idle = measured["keystrokes_during_build"], measured["keystrokes_idle"]
    metrics.append(
        Metric(
            f"{label}: slowest keystroke while a cold build runs ({len(busy)} typed)",
            max(busy),
            "s",
            max(idle),
            note=f"vs idle; medians {statistics.median(busy) * 1e3:.2f} ms "
            f"and {statistics.median(idle) * 1e3:.2f} ms",
        )
    )
    overhead = [s["after_pause"] - s["compile"] for kind in samples for s in samples[kind]]
    metrics.append(
        Metric(
            f"{label}: the editor's own share after the pause",
            statistics.median(overhead),
            "s",
            note="after_pause minus the compile: thread hops (and the worker's pipe), "
            "result handler, repaint",
        )
    )
    return metrics


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv)
    alone = Engine()  # the baseline: Engine.build, its context opened by a first build
    other = Engine()  # fills PoCL's cache without touching the editor's engine
    alone.build(BASE, OPTIONS, None)  # for "built before": its second build is the baseline
    other.build("__kernel void warm_up() {}", "", None)

    in_process = InProcessBackend()
    worker = WorkerClient()
    worker.start()
    try:
        measured = {
            "worker": measure("worker", worker, alone, other),
            "in-process": measure("inproc", in_process, alone, other),
        }
    finally:
        worker.close()
        in_process.close()
    app.processEvents()
    metrics = [m for label, found in measured.items() for m in metrics_for(label, found)]
    report(
        "editor_latency",
        metrics,
        trials=TRIALS,
        pause_ms=LIVE_DELAY_MS,
        pause="excluded from the 'after the pause' metrics; included in 'with the pause'",
        source="kernels/matmul_tiled.cl",
        options=OPTIONS,
        backends={
            "worker": "clstudio.worker.client.WorkerClient: what the app uses",
            "in-process": "clstudio.engine.in_process.InProcessBackend: the engine on a thread",
        },
        measured=measured,
    )


if __name__ == "__main__":
    main()
