"""Widget tests: fake devices, a private settings store, no stray dialogs, and leak checks."""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from pytestqt.qtbot import QtBot

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from typing import Any

import pytest
from PySide6.QtCore import QEvent, QSettings, QThreadPool
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from clstudio.common.translation import LANGUAGE_VARIABLE
from clstudio.devices import DeviceInfo, DeviceInventory, InfoField, PlatformInfo
from clstudio.ui.backends import Backends
from clstudio.ui.editor import recovery
from clstudio.ui.editor.recovery import RecoveryStore
from clstudio.ui.exercises import exercises_controller
from clstudio.ui.language import install_translators, remove_translators
from clstudio.ui.main_window import MainWindow
from clstudio.ui.settings import AppSettings
from clstudio.ui.tasks import application_lanes
from ui.window_steps import wait_for_devices

HERE = os.path.dirname(__file__)
# The offscreen platform warns whenever a top-level window's size limits change (any
# QMainWindow with content) or a window is raised; real platforms (xcb, wayland) do not.
OFFSCREEN_NOISE = r"This plugin does not support (propagateSizeHints|raise)\(\)"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if str(item.path).startswith(HERE):
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


GIB = 1 << 30
MIB = 1 << 20
KIB = 1 << 10


def info(name: str, label: str, group: str, raw: object, display: str, why: str) -> InfoField:
    return InfoField(name, label, group, raw, display, why)


def device_fields(
    name: str, kind: str, units: int, clock: int, local: int
) -> tuple[InfoField, ...]:
    return (
        info("CL_DEVICE_NAME", "Name", "Identity", name, name, "The device's name."),
        info("CL_DEVICE_TYPE", "Type", "Identity", kind, kind, "CPU, GPU or accelerator."),
        info(
            "CL_DEVICE_MAX_COMPUTE_UNITS",
            "Max compute units",
            "Compute",
            units,
            str(units),
            "Parallel processors that each run work-groups.",
        ),
        info(
            "CL_DEVICE_MAX_CLOCK_FREQUENCY",
            "Max clock frequency",
            "Compute",
            clock,
            f"{clock} MHz",
            "The highest clock rate of the device.",
        ),
        info(
            "CL_DEVICE_MAX_WORK_GROUP_SIZE",
            "Max work-group size",
            "Work sizes",
            1024,
            "1024",
            "Most work-items one work-group may hold.",
        ),
        info(
            "CL_DEVICE_MAX_WORK_ITEM_SIZES",
            "Max work-item sizes",
            "Work sizes",
            [1024, 1024, 64],
            "1024 × 1024 × 64",
            "Most work-items along each dimension of a work-group.",
        ),
        info(
            "CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS",
            "Max work-item dimensions",
            "Work sizes",
            3,
            "3",
            "How many dimensions an NDRange may have.",
        ),
        info(
            "CL_DEVICE_GLOBAL_MEM_SIZE",
            "Global memory size",
            "Memory",
            8 * GIB,
            "8 GiB",
            "Memory every work-item can reach.",
        ),
        info(
            "CL_DEVICE_MAX_MEM_ALLOC_SIZE",
            "Max allocation size",
            "Memory",
            2 * GIB,
            "2 GiB",
            "The largest single buffer.",
        ),
        info(
            "CL_DEVICE_GLOBAL_MEM_CACHE_SIZE",
            "Global memory cache size",
            "Memory",
            4 * MIB,
            "4 MiB",
            "Cache in front of global memory.",
        ),
        info(
            "CL_DEVICE_LOCAL_MEM_SIZE",
            "Local memory size",
            "Memory",
            local,
            f"{local // KIB} KiB",
            "Fast scratch memory shared by one work-group.",
        ),
        info(
            "CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE",
            "Max constant buffer size",
            "Memory",
            64 * KIB,
            "64 KiB",
            "The largest __constant argument.",
        ),
        InfoField(
            "CL_DEVICE_PIPE_MAX_PACKET_SIZE",
            "Pipe max packet size",
            "Pipes",
            None,
            "unavailable: INVALID_VALUE",
            "Largest packet a pipe can carry.",
            available=False,
        ),
    )


def make_device(platform: int, name: str, kind: str, units: int, local: int) -> DeviceInfo:
    platform_name = ("Portable Computing Language", "Fake GPU Platform")[platform]
    return DeviceInfo(
        platform_index=platform,
        index=0,
        name=name,
        type=kind,
        version="OpenCL 3.0 fake driver 1.2",
        platform_name=platform_name,
        fields=device_fields(name, kind, units, 2400, local),
    )


def make_inventory() -> DeviceInventory:
    cpu = make_device(0, "pthread-Fake CPU", "CPU", 4, 512 * KIB)
    gpu = make_device(1, "Fake GPU 9000", "GPU", 40, 64 * KIB)
    platforms = []
    for index, (name, device) in enumerate(
        (("Portable Computing Language", cpu), ("Fake GPU Platform", gpu))
    ):
        platforms.append(
            PlatformInfo(
                index=index,
                name=name,
                vendor="The fake vendor",
                version="OpenCL 3.0 fake platform",
                fields=(
                    info("CL_PLATFORM_NAME", "Name", "Identity", name, name, "The driver."),
                    info(
                        "CL_PLATFORM_VENDOR",
                        "Vendor",
                        "Identity",
                        "The fake vendor",
                        "The fake vendor",
                        "Who made the driver.",
                    ),
                ),
                devices=(device,),
            )
        )
    return DeviceInventory(platforms=tuple(platforms))


@pytest.fixture
def inventory() -> DeviceInventory:
    """Two platforms of one device each: a 4-unit CPU and a 40-unit GPU."""
    return make_inventory()


@pytest.fixture(name="make_device")
def make_device_fixture() -> Callable[..., DeviceInfo]:
    return make_device


@pytest.fixture
def settings(tmp_path: Path) -> AppSettings:
    return AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def make_window(
    qtbot: QtBot, settings: AppSettings, inventory: DeviceInventory, tmp_path: Path
) -> Callable[..., MainWindow]:
    """A shown main window on fake devices, discovery finished; closing it never prompts.
    `size` resizes it once shown, as a learner's laptop screen (1280, 800) holds it."""

    def make(
        discover: Callable[[], DeviceInventory] | None = None,
        app_settings: AppSettings | None = None,
        wait: bool = True,
        backends: Backends | None = None,
        size: tuple[int, int] | None = None,
    ) -> MainWindow:
        window = MainWindow(
            app_settings or settings,
            discover or (lambda: inventory),
            backends or Backends.in_process(),
            RecoveryStore(tmp_path / "recovery"),
        )
        qtbot.addWidget(window, before_close_func=_discard_changes)
        window.show()
        if wait:
            wait_for_devices(qtbot, window)
        if size is not None:
            window.resize(*size)
        return window

    return make


@pytest.fixture
def qt_in_chinese(qapp: QApplication) -> Iterator[None]:
    """The window's texts in Chinese for one test: Qt's zh_CN catalogues installed."""
    translators = install_translators(qapp, "zh_CN")
    assert translators, "no catalogue for zh_CN: run `make` (it compiles them)"
    yield
    remove_translators(qapp, translators)
    os.environ[LANGUAGE_VARIABLE] = "en"  # as tests/conftest.py has it


@pytest.fixture
def window(make_window: Callable[..., MainWindow]) -> MainWindow:
    """The window most tests start from: make_window's with its defaults."""
    return make_window()


def _discard_changes(window: MainWindow) -> None:
    window.workbench.document.mark_clean()


@pytest.fixture(autouse=True)
def _private_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """AppSettings(), recovery files and exercise progress go under tmp_path, never to the
    user's folders."""
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    monkeypatch.setattr(recovery, "default_folder", lambda: tmp_path / "recovery")
    monkeypatch.setattr(exercises_controller, "default_folder", lambda: tmp_path / "exercises")
    yield


def _unexpected(name: str) -> Callable[..., object]:
    def fail(*args: object, **kwargs: object) -> object:
        raise AssertionError(f"unexpected modal dialog: {name}{args[1:3]}")

    return fail


@pytest.fixture(autouse=True)
def _no_unexpected_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A modal dialog would hang a headless run: tests patch the ones they expect."""
    for name in ("question", "warning", "critical", "information", "about"):
        monkeypatch.setattr(QMessageBox, name, _unexpected(f"QMessageBox.{name}"))
    for name in ("getOpenFileName", "getSaveFileName"):
        monkeypatch.setattr(QFileDialog, name, _unexpected(f"QFileDialog.{name}"))


@pytest.fixture(autouse=True)
def _no_leaks(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail a test that leaves a top-level widget, a thread, a busy thread pool, background
    work or a worker process behind.

    Runs its checks after pytest-qt has closed the widgets registered with qtbot.
    """
    widgets_before = set(qapp.topLevelWidgets())
    threads_before = set(threading.enumerate())
    palette_before = qapp.palette()
    pools: list[QThreadPool] = []
    original_start = QThreadPool.start

    def recording_start(self: QThreadPool, *args: Any) -> None:
        pools.append(self)
        original_start(self, *args)

    monkeypatch.setattr(QThreadPool, "start", recording_start)
    yield
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qapp.processEvents()
    qapp.setPalette(palette_before)
    lanes = application_lanes()
    unanswered = lanes.is_busy()
    stopped = lanes.shutdown()
    qapp.processEvents()  # the endings of what shutdown stopped, dropped
    assert stopped, "background work still running a minute after the test"
    assert not unanswered, "background work still unanswered after the test"
    busy = []
    for pool in pools:
        try:
            if pool.activeThreadCount():
                busy.append(pool)
        except RuntimeError:  # the pool's C++ object is gone with its owner: nothing runs
            continue
    leaked_widgets = [w for w in qapp.topLevelWidgets() if w not in widgets_before]
    leaked_threads = [t for t in threading.enumerate() if t not in threads_before]
    assert not busy, f"thread pools still running after the test: {busy}"
    assert not leaked_widgets, f"top-level widgets left open: {leaked_widgets}"
    assert not leaked_threads, f"threads left running: {leaked_threads}"
    workers = multiprocessing.active_children()
    assert not workers, f"worker processes left running: {workers}"
