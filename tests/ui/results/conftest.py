"""Real runs of gallery sessions on PoCL (once per test session), and hand-made results."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from clstudio.common.results import (
    BuildResult,
    KernelArgInfo,
    KernelSignature,
    RunResult,
    Step,
    Timing,
)
from clstudio.reporting import FinishedRun
from clstudio.session import Launch
from clstudio.session.format import Session, load_session
from clstudio.ui.results.outputs.outputs_panel import OutputsPanel
from clstudio.ui.results.result_view import ResultView
from ui.results.shown_runs import GalleryRun, ShowGallery
from ui.shown_widgets import shown

KERNELS = Path(__file__).resolve().parents[3] / "kernels"


@pytest.fixture(scope="session")
def gallery_run() -> GalleryRun:
    """Run kernels/<name>.json once on the OpenCL device, as the panels are shown it; later
    calls reuse the run."""
    from clstudio.engine.run import Engine

    engine = Engine()
    done: dict[str, FinishedRun] = {}

    def run(name: str) -> FinishedRun:
        if name not in done:
            session = load_session(KERNELS / f"{name}.json")
            result = engine.run(session)
            assert result.ok, result.error
            done[name] = FinishedRun(session, result)
        return done[name]

    return run


@pytest.fixture
def show_gallery(gallery_run: GalleryRun) -> ShowGallery:
    """Show gallery_run(name) in a results tab, as the window hands it a finished run."""

    def show(tab: ResultView, name: str) -> FinishedRun:
        run = gallery_run(name)
        tab.show_run(run)
        return run

    return show


def kernel_timings(times_ns: list[int], start: int = 1_000_000) -> tuple[Timing, ...]:
    """An upload of 'a', one kernel launch per time, then a read-back of 'c'."""
    timings = [Timing("upload", "a", 0, start - 500, start - 200, start, start + 1000)]
    clock = start + 2000
    for repeat, duration in enumerate(times_ns):
        timings.append(
            Timing("kernel", "k", repeat, clock - 100, clock - 50, clock, clock + duration)
        )
        clock += duration + 500
    timings.append(Timing("download", "c", 0, clock, clock + 10, clock + 20, clock + 1020))
    return tuple(timings)


@pytest.fixture
def built() -> Callable[..., BuildResult]:
    """A build of kernel 'k' whose arguments are (name, type name, is const) triples."""

    def make(*args: tuple[str, str, bool]) -> BuildResult:
        infos = tuple(
            KernelArgInfo(name, type_name, "global", "none", const)
            for name, type_name, const in args
        )
        return BuildResult(True, "", (), (KernelSignature("k", infos),), 0.01)

    return make


@pytest.fixture
def synthetic() -> Callable[..., RunResult]:
    """A finished run of kernel 'k' on a made-up device, with whatever buffers are given."""

    def make(
        outputs: dict[str, np.ndarray] | None = None,
        inputs: dict[str, np.ndarray] | None = None,
        times_ns: list[int] | None = None,
        **more: Any,
    ) -> RunResult:
        outputs = outputs if outputs is not None else {"c": np.arange(8, dtype=np.float32)}
        inputs = inputs if inputs is not None else {"a": np.ones(8, np.float32)}
        fields: dict[str, object] = {
            "ok": True,
            "kernel": "k",
            "device": "Test device",
            "global_size": (8,),
            "timings": kernel_timings(times_ns or [4000, 3000, 3500]),
            "steps": (Step("clGetPlatformIDs", "Find the platforms", 0.001, "Test platform"),),
            "inputs": inputs,
            "outputs": outputs,
        }
        fields.update(more)
        return RunResult(**fields)  # type: ignore[arg-type]

    return make


@pytest.fixture
def finished() -> Callable[..., FinishedRun]:
    """A hand-made result as the run of `session`, by default a session of kernel 'k'."""

    def make(result: RunResult, session: Session | None = None) -> FinishedRun:
        if session is None:
            session = Session(source="", launches=(Launch("k", (8,)),))
        return FinishedRun(session, result)

    return make


@pytest.fixture
def panel(qtbot: QtBot) -> OutputsPanel:
    """An Outputs tab, shown at a size where its viewer draws (other files name theirs)."""
    return shown(qtbot, OutputsPanel(), 1100, 500)


@pytest.fixture
def show_synthetic(
    panel: OutputsPanel,
    synthetic: Callable[..., RunResult],
    finished: Callable[..., FinishedRun],
) -> Callable[..., None]:
    """Show a hand-made run of kernel 'k' (synthetic's keywords) in the Outputs tab `panel`."""

    def show(**fields: Any) -> None:
        panel.show_run(finished(synthetic(**fields)))

    return show
