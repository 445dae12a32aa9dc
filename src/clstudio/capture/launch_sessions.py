"""One captured launch made a session: its program as built, its NDRange, every argument
as the program set it, each buffer's contents before the launch as a .npy file beside the
session, and its contents after the launch as the session's reference."""

from __future__ import annotations

import io
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

import numpy as np

from clstudio.backend import Builder
from clstudio.capture.journal import JournalLaunch, RawArgument
from clstudio.common import (
    BuildResult,
    ElementType,
    KernelArgInfo,
    KernelSignature,
    gettext,
    kernel_type,
    write_bytes_atomically,
)
from clstudio.devices import DeviceSelector
from clstudio.session import (
    ArgSpec,
    BufferArg,
    Init,
    Launch,
    LocalArg,
    NullArg,
    Reference,
    ScalarArg,
    Session,
    save_session,
)
from clstudio.validation import reconcile

SESSION_FILE = "session.json"


class LaunchData(Protocol):
    """Where the launches' programs and buffer contents are: the capture's journal, or a
    capture made elsewhere (foreign_launches)."""

    def source(self, program: int) -> str: ...

    def contents(
        self,
        launch: JournalLaunch,
        buffer: int,
        when: Literal["before", "after"],
        size: int | None = None,
    ) -> bytes: ...

    def has_after(self, launch: JournalLaunch, buffer: int) -> bool: ...


class NotReproducible(ValueError):
    """A launch that a session cannot hold; the message says why, naming the argument."""


@dataclass(frozen=True)
class SavedLaunch:
    session: Session
    path: Path  # the session file


class LaunchSessions:
    """Makes the sessions of captured launches, building each program once per device to
    learn its kernels' argument types (typedefs resolved by the engine's probe)."""

    def __init__(self, builder: Builder, journal: LaunchData, folder: Path) -> None:
        self.builder = builder
        self.journal = journal
        self.folder = folder
        self._builds: dict[tuple[int, str, str, str], BuildResult] = {}

    def save(self, launch: JournalLaunch, description: str) -> SavedLaunch:
        """The launch's session, written in its own folder; NotReproducible says why not."""
        if launch.program is None:
            raise NotReproducible(gettext("its program was not built from source"))
        source = self.journal.source(launch.program)
        selector = DeviceSelector(launch.platform, launch.device)
        signature = self._signature(launch, source, selector)
        folder = self.folder / f"launch-{launch.number:04d}-{launch.kernel}"
        folder.mkdir()
        try:
            return self._write(launch, description, source, selector, signature, folder)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)  # no half-written session left
            raise

    def _write(
        self,
        launch: JournalLaunch,
        description: str,
        source: str,
        selector: DeviceSelector,
        signature: KernelSignature,
        folder: Path,
    ) -> SavedLaunch:
        args: dict[str, ArgSpec] = {}
        references: dict[str, Reference] = {}
        defaults = reconcile(signature, {}, launch.global_size, launch.local_size).args
        for info, raw in zip(signature.args, launch.args, strict=True):
            default = defaults.get(info.name)
            args[info.name] = self._argument(launch, info, raw, default, folder)
            written = not info.is_const and info.address_space != "constant"
            if raw.kind == "buffer" and written and self.journal.has_after(launch, raw.buffer):
                after = self._contents(launch, raw, args[info.name], "after")
                _save_array(folder / f"{info.name}.after.npy", after)
                references[info.name] = Reference(file=f"{info.name}.after.npy")
        session = Session(
            source=source,
            source_file=f"{launch.kernel}.cl",
            launches=(Launch(launch.kernel, launch.global_size, launch.local_size),),
            build_options=launch.options,
            device=selector,
            args=args,
            references=references,
            description=description,
            base_dir=folder,
        )
        path = folder / SESSION_FILE
        return SavedLaunch(save_session(session, path), path)

    def _signature(
        self, launch: JournalLaunch, source: str, selector: DeviceSelector
    ) -> KernelSignature:
        assert launch.program is not None
        key = (launch.program, launch.options, launch.platform, launch.device)
        built = self._builds.get(key)
        if built is None:
            built = self._builds[key] = self.builder.build(source, launch.options, selector)
        signature = built.kernel(launch.kernel) if built.ok else None
        if signature is None:
            said = gettext("CL Studio could not build its program on {device}: {log}")
            raise NotReproducible(said.format(device=launch.device, log=built.log.strip()[:400]))
        if len(signature.args) != len(launch.args):
            raise NotReproducible(gettext("its arguments do not match the kernel's parameters"))
        return signature

    def _argument(
        self,
        launch: JournalLaunch,
        info: KernelArgInfo,
        raw: RawArgument,
        default: ArgSpec | None,
        folder: Path,
    ) -> ArgSpec:
        name = info.name
        if raw.kind == "null" or (isinstance(default, BufferArg) and _null_pointer(raw)):
            return NullArg()
        if raw.kind == "buffer" and isinstance(default, BufferArg):
            element = _plain(name, default.dtype)
            if raw.size % element.itemsize:
                said = gettext("argument '{name}': {size} bytes are no whole number of {type}")
                raise NotReproducible(
                    said.format(name=name, size=raw.size, type=element.opencl_name)
                )
            spec = BufferArg(element, (raw.size // element.itemsize,), Init("file", {"path": ""}))
            _save_array(folder / f"{name}.npy", self._contents(launch, raw, spec, "before"))
            return BufferArg(spec.dtype, spec.shape, Init("file", {"path": f"{name}.npy"}))
        if raw.kind == "local" and isinstance(default, LocalArg):
            element = _plain(name, default.dtype)
            return LocalArg(element, max(1, raw.size // element.itemsize))
        if raw.kind == "scalar" and isinstance(default, ScalarArg) and default.struct is None:
            return ScalarArg(_scalar_value(info, raw.value))
        said = gettext("argument '{name}': a session cannot pass what the program passed here")
        raise NotReproducible(said.format(name=name))

    def _contents(
        self, launch: JournalLaunch, raw: RawArgument, spec: ArgSpec, when: str
    ) -> np.ndarray:
        assert isinstance(spec, BufferArg)
        data = self.journal.contents(
            launch, raw.buffer, "before" if when == "before" else "after", raw.size
        )
        host = np.frombuffer(data, dtype=spec.dtype.scalar)
        return host.reshape(spec.dtype.host_shape(spec.shape)).copy()


def _null_pointer(raw: RawArgument) -> bool:
    """A C program's NULL buffer: clSetKernelArg given no value, or a NULL cl_mem, which
    the layer cannot tell from local memory or a zero scalar without the kernel's types."""
    return raw.kind == "local" or (raw.kind == "scalar" and not any(raw.value))


def _save_array(path: Path, array: np.ndarray) -> None:
    """Save a .npy file whole or not at all. Made in memory first (the budget bounds it):
    numpy's own writing reports a full disk as a short write, without its cause."""
    data = io.BytesIO()
    np.save(data, array, allow_pickle=False)
    write_bytes_atomically(path, data.getvalue())


def _plain(name: str, element: ElementType) -> ElementType:
    if element.struct is not None:
        said = gettext("argument '{name}' is a buffer of structs, which capture cannot lay out yet")
        raise NotReproducible(said.format(name=name))
    return element


def _scalar_value(info: KernelArgInfo, value: bytes) -> int | float | tuple[int | float, ...]:
    """The scalar's bytes as the session writes its value: a number, or a vector's list."""
    element = kernel_type(info.type_name)
    if len(value) != element.itemsize:
        said = gettext("argument '{name}': {size} bytes passed for a {type}")
        raise NotReproducible(said.format(name=info.name, size=len(value), type=info.type_name))
    numbers = np.frombuffer(value, dtype=element.scalar)[: element.width]
    if not np.all(np.isfinite(numbers)):
        said = gettext("argument '{name}' is not a finite number, which a session cannot hold")
        raise NotReproducible(said.format(name=info.name))
    values = tuple(n.item() for n in numbers)
    return values[0] if element.width == 1 else values
