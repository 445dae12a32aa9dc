"""A capture made elsewhere saved as a capture folder of CL Studio's own: a session per
launch, written by capture's session maker, and `capture.json` listing them, so that
`clstudio run` and File > Open capture… take it as they take `clstudio capture`'s."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from clstudio.backend import Builder
from clstudio.capture.capture_index import CaptureIndex, LaunchEntry, write_index
from clstudio.capture.capture_run import prepare_folder
from clstudio.capture.foreign_launches import (
    ForeignCapture,
    ForeignCaptureError,
    ForeignLaunch,
    journal_launch,
)
from clstudio.capture.journal import Reason
from clstudio.capture.launch_sessions import LaunchSessions, NotReproducible
from clstudio.common import BuildResult, KernelSignature, gettext
from clstudio.devices import DeviceSelector


class _BuildOnce:
    """Each program built once per device: the device choice and the session maker ask
    for the same builds."""

    def __init__(self, builder: Builder) -> None:
        self.builder = builder
        self.builds: dict[tuple[str, str, DeviceSelector | None], BuildResult] = {}

    def build(self, source: str, options: str, selector: DeviceSelector | None) -> BuildResult:
        key = (source, options, selector)
        if key not in self.builds:
            self.builds[key] = self.builder.build(source, options, selector)
        return self.builds[key]


def save_foreign_capture(
    capture: ForeignCapture,
    folder: Path,
    builder: Builder,
    devices: Sequence[DeviceSelector],
    tell: Callable[[LaunchEntry], None] = lambda entry: None,
) -> CaptureIndex:
    """Write every launch of `capture` that a session can hold into `folder` (new or
    empty: CaptureError otherwise), each built on the first of `devices` that builds its
    kernel; the others are listed with why not."""
    prepare_folder(folder)
    index = CaptureIndex(
        command=("clstudio", "import", str(capture.path)),
        working_folder=str(capture.path.parent.resolve()),
        state="finished",
    )
    once = _BuildOnce(builder)
    sessions = LaunchSessions(once, capture, folder)
    for launch in capture.launches:
        entry = _entry(capture, launch, sessions, once, devices, folder)
        index.launches.append(entry)
        write_index(folder, index)
        tell(entry)
    write_index(folder, index)
    return index


def _entry(
    capture: ForeignCapture,
    launch: ForeignLaunch,
    sessions: LaunchSessions,
    once: _BuildOnce,
    devices: Sequence[DeviceSelector],
    folder: Path,
) -> LaunchEntry:
    device = ""
    session: str | None = None
    reason: Reason | None = None
    detail = ""
    try:
        selector, signature = _device_for(once, launch, devices)
        device = selector.device
        journaled = journal_launch(launch, signature, selector.platform, selector.device)
        session = os.path.relpath(
            sessions.save(journaled, _description(capture, launch)).path, folder
        )
    except (ForeignCaptureError, NotReproducible) as exc:
        reason, detail = "not_reproducible", str(exc)
    return LaunchEntry(
        launch.number,
        launch.kernel,
        device,
        launch.global_size,
        launch.local_size,
        _place(capture, launch),
        session,
        reason,
        detail,
    )


def _device_for(
    builder: _BuildOnce, launch: ForeignLaunch, devices: Sequence[DeviceSelector]
) -> tuple[DeviceSelector, KernelSignature]:
    """The first device whose build of the program has the kernel, and its signature."""
    if not devices:
        raise ForeignCaptureError(gettext("no device to build on"))
    log = ""
    for selector in devices:
        built = builder.build(launch.source, launch.options, selector)
        signature = built.kernel(launch.kernel) if built.ok else None
        if signature is not None:
            return selector, signature
        if not log:
            missing = gettext("the program has no kernel {kernel}").format(kernel=launch.kernel)
            log = built.log.strip()[:400] if not built.ok else missing
    said = gettext("no device builds the kernel {kernel}: {log}")
    raise ForeignCaptureError(said.format(kernel=launch.kernel, log=log))


def _place(capture: ForeignCapture, launch: ForeignLaunch) -> str:
    return Path(launch.place).name or str(capture.path)


def _description(capture: ForeignCapture, launch: ForeignLaunch) -> str:
    if capture.kind == "intercept":
        said = gettext("Imported from the capture of Intel's opencl-intercept-layer in {place}")
    else:
        said = gettext("Imported from the pyopencl capture_call script {place}")
    return said.format(place=launch.place)
