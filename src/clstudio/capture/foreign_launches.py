"""A capture made elsewhere, as data: its launches, their arguments before the kernel's
types are known, the buffers' bytes within one import budget, and each launch made the
journal's launch that capture's session maker takes (launch_sessions). Read by
intercept_folders and capture_call_scripts; foreign_captures chooses between them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import numpy as np

from clstudio.capture.journal import JournalLaunch, RawArgument
from clstudio.common import (
    KernelArgInfo,
    KernelSignature,
    NotRegularFileError,
    TypeNameError,
    gettext,
    kernel_type,
    value_problem,
)

MAX_BYTES = 256 * 2**20  # all buffers of one import together, as capture's default budget
MAX_WORK_ITEMS = 2**34  # as a session's global_size
KERNEL_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

Kind = Literal["intercept", "capture_call"]


class ForeignCaptureError(ValueError):
    """A capture that cannot be imported; the message names the file and the cause."""


@dataclass(frozen=True)
class ForeignArgument:
    """One argument as the capture holds it, before the kernel's types are known: a
    buffer (its contents keyed by `buffer`), local memory, raw bytes, or a number the
    script wrote as a literal (with the numpy type it named, if any)."""

    kind: Literal["buffer", "local", "bytes", "number"]
    buffer: int = 0
    size: int = 0
    value: bytes = b""
    number: int | float | None = None
    dtype: str = ""


@dataclass(frozen=True)
class ForeignLaunch:
    number: int
    kernel: str
    source: str
    options: str
    global_size: tuple[int, ...]
    local_size: tuple[int, ...] | None
    args: tuple[ForeignArgument, ...]
    place: str  # the folder or script it came from, for messages


@dataclass
class ForeignCapture:
    """Every launch of one capture, with the buffers' bytes before (and after) each."""

    kind: Kind
    path: Path
    launches: list[ForeignLaunch] = field(default_factory=list)
    before: dict[tuple[int, int], bytes] = field(default_factory=dict)  # (launch, buffer)
    after: dict[tuple[int, int], bytes] = field(default_factory=dict)
    total: int = 0

    def source(self, program: int) -> str:
        return next(launch.source for launch in self.launches if launch.number == program)

    def contents(
        self,
        launch: JournalLaunch,
        buffer: int,
        when: Literal["before", "after"],
        size: int | None = None,
    ) -> bytes:
        stored = self.before if when == "before" else self.after
        return stored[(launch.number, buffer)][:size]

    def has_after(self, launch: JournalLaunch, buffer: int) -> bool:
        return (launch.number, buffer) in self.after

    def room(self) -> int:
        """How many more bytes the import's budget takes."""
        return max(0, MAX_BYTES - self.total)

    @property
    def limit_mib(self) -> int:
        return MAX_BYTES // 2**20

    def take(self, nbytes: int, place: str) -> None:
        """Count `nbytes` more against the budget; refuse the import past it."""
        self.total += nbytes
        if self.total > MAX_BYTES:
            said = gettext("{place}: the buffers pass the import's limit of {most} MiB")
            raise ForeignCaptureError(said.format(place=place, most=MAX_BYTES // 2**20))


def unread(path: Path, exc: OSError) -> str:
    """Why a file could not be read: the system's reason with the file, or the refusal of
    a file that is no regular file, which names it already."""
    if isinstance(exc, NotRegularFileError):
        return str(exc)
    return gettext("{file}: {reason}").format(file=path, reason=exc.strerror or exc)


def journal_launch(
    launch: ForeignLaunch,
    signature: KernelSignature,
    platform: str,
    device: str,
) -> JournalLaunch:
    """The launch in the shape capture's session maker takes, its numbers typed by the
    kernel's parameters (a value that does not fit its type is refused, naming it)."""
    if len(signature.args) != len(launch.args):
        said = gettext(
            "{place}: the capture holds {count} arguments, the kernel {kernel} takes {wanted}"
        )
        raise ForeignCaptureError(
            said.format(
                place=launch.place,
                count=len(launch.args),
                kernel=launch.kernel,
                wanted=len(signature.args),
            )
        )
    args = tuple(
        _raw(launch, info, given) for info, given in zip(signature.args, launch.args, strict=True)
    )
    return JournalLaunch(
        number=launch.number,
        kernel=launch.kernel,
        device=device,
        platform=platform,
        context=0,
        global_size=launch.global_size,
        local_size=launch.local_size,
        call_site=None,
        captured=True,
        reason=None,
        detail="",
        program=launch.number,
        options=launch.options,
        args=args,
    )


def _raw(launch: ForeignLaunch, info: KernelArgInfo, given: ForeignArgument) -> RawArgument:
    if given.kind == "buffer":
        return RawArgument("buffer", buffer=given.buffer, size=given.size)
    if given.kind == "local":
        return RawArgument("local", size=given.size)
    if given.kind == "bytes":
        return RawArgument("scalar", value=given.value)
    assert given.number is not None
    try:
        element = kernel_type(info.type_name)
    except TypeNameError:
        said = gettext("{place}: argument '{name}' is a {type}, which a number cannot be")
        raise ForeignCaptureError(
            said.format(place=launch.place, name=info.name, type=info.type_name)
        ) from None
    scalar = np.dtype(given.dtype) if given.dtype else element.scalar
    problem = value_problem(given.number, scalar, info.type_name)
    if problem is None and scalar != element.scalar:
        problem = value_problem(given.number, element.scalar, info.type_name)
    if problem is not None or element.width != 1:
        said = gettext("{place}: argument '{name}': {problem}")
        reason = problem or gettext("one number given for a {type}").format(type=info.type_name)
        raise ForeignCaptureError(said.format(place=launch.place, name=info.name, problem=reason))
    value = np.array(given.number, dtype=element.scalar).tobytes()
    return RawArgument("scalar", value=value)
