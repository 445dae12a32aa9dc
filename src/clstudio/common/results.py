"""Plain results that cross every boundary: core to UI, worker to app, app to JSON.

No pyopencl object ever appears here; everything pickles and serialises.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

import numpy as np

from clstudio.common.translation import gettext, ngettext

# Where a run stopped, in the order a run goes through them.
ErrorStage = Literal["load", "build", "validate", "run", "timeout", "crash", "cancelled"]
ERROR_STAGES: tuple[ErrorStage, ...] = get_args(ErrorStage)
# Of a Timing, in the order a run goes through them; "fill" is an output set to zeros on
# the device (clEnqueueFillBuffer), "upload" a copy from the host.
PHASES = ("upload", "fill", "kernel", "download")
HOST_STEP_COUNT = 11  # the lesson's steps of a host program, from platforms to read-back


@dataclass(frozen=True)
class Diagnostic:
    """One compiler message, with line and column in the user's own source (1-based)."""

    line: int
    column: int
    severity: str  # "error", "warning" or "note"
    message: str


@dataclass(frozen=True)
class KernelArgInfo:
    name: str
    type_name: str  # the type the compiler used: "float4*", "uint", "image2d_t", "Particle*"
    address_space: str  # "global", "local", "constant" or "private"
    access: str  # "none", "read_only", "write_only" or "read_write" (images)
    is_const: bool
    written_type: str = ""  # the source's name for it, when that differs: "DATA_TYPE*"
    # False when the compiler could not be asked what a typedef'd name stands for, so
    # type_name is the written name and nothing is known of it (not even if it is a struct).
    type_known: bool = True

    @property
    def shown_type(self) -> str:
        """`DATA_TYPE* (float*)`: the learner's name and what the compiler made of it."""
        if self.written_type:
            return f"{self.written_type} ({self.type_name})"
        return self.type_name

    @property
    def is_pointer(self) -> bool:
        return self.type_name.endswith("*")

    @property
    def is_image(self) -> bool:
        return self.type_name.startswith("image")


@dataclass(frozen=True)
class KernelSignature:
    name: str  # as written in the source
    args: tuple[KernelArgInfo, ...]
    symbol: str = ""  # the driver's name for it, when that differs (PoCL renames built-ins)

    @property
    def driver_name(self) -> str:
        return self.symbol or self.name


@dataclass(frozen=True)
class BuildResult:
    """A failed build is a normal result with ok=False, not an exception."""

    ok: bool
    log: str
    diagnostics: tuple[Diagnostic, ...]
    kernels: tuple[KernelSignature, ...]
    seconds: float
    options: str = ""
    device: str = ""
    # Each typedef'd scalar or vector name with what the compiler says it stands for, the
    # arguments' and those only variables use: (("DATA_TYPE", "float"), ...).
    type_names: tuple[tuple[str, str], ...] = ()

    def kernel(self, name: str) -> KernelSignature | None:
        return next((k for k in self.kernels if k.name == name), None)

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "error")


@dataclass(frozen=True)
class RunError:
    """What went wrong, in words a learner understands, and where."""

    stage: ErrorStage
    message: str
    argument: str | None = None  # the offending argument, when one is to blame
    line: int | None = None  # the offending source line, for build errors


def error_text(stage: str, message: str) -> str:
    """An error as the reports end with it: `error (build): ...`."""
    return gettext("error ({stage}): {message}").format(stage=stage, message=message)


def error_stage(value: object) -> ErrorStage:
    """A stage read from another process's words; one it does not name is "run"."""
    return next((stage for stage in ERROR_STAGES if stage == value), "run")


@dataclass(frozen=True)
class Step:
    """One step of the host program, as the OpenCL C API names it."""

    api: str  # "clCreateContext"
    title: str  # "Create a context"
    seconds: float
    detail: str = ""


@dataclass(frozen=True)
class Timing:
    """Device profiling timestamps of one command, in nanoseconds."""

    phase: str  # one of PHASES
    name: str  # buffer name, or the kernel name
    repeat: int
    queued: int
    submit: int
    start: int
    end: int
    launch: int = 1  # the kernel's launch in a program of several (1-based), else 1
    iteration: int = 0  # the iteration of its group of launches

    @property
    def duration_ns(self) -> int:
        return self.end - self.start


@dataclass(frozen=True)
class ReferenceReport:
    name: str
    expr: str
    ok: bool
    max_abs_err: float | None = None
    max_rel_err: float | None = None
    worst_index: tuple[int, ...] | None = None
    message: str = ""
    expected: float | None = None  # the values at worst_index, for graders and reports
    actual: float | None = None


@dataclass(frozen=True)
class GuardReport:
    """Writes outside a buffer, counted in elements before its start and after its end."""

    name: str
    ok: bool
    before: int = 0
    after: int = 0
    first_index: int | None = None
    message: str = ""


@dataclass(frozen=True)
class LaunchSnapshot:
    """The buffers a program's launch wrote, as it left them in the program's first iteration.

    Taken only when a run asks for them (`snapshots=True`), in a pass of their own after
    the timed repeats, so that no timing waits for a copy.
    """

    position: int  # the written launch, 1-based
    kernel: str
    buffers: dict[str, np.ndarray]  # by the session's names, as the swaps bind them then


@dataclass(frozen=True)
class LoopRounds:
    """How a group that repeats until a condition ended, in a run's first repeat."""

    entry: int  # the group's index among the program's entries, 0 first
    first: int  # its first and last written launch, 1-based as messages count them
    last: int
    rounds: int  # rounds run
    most: int  # the group's iterations: the most rounds it may run
    condition: str  # in words: "`over` equals 0"
    held: bool  # the condition held after the last round (else the most rounds ran out)

    @property
    def launches(self) -> str:
        """`launches 1 to 2`, or `launch 3` for a group of one."""
        if self.first == self.last:
            return gettext("launch {position}").format(position=self.first)
        return gettext("launches {first} to {last}").format(first=self.first, last=self.last)

    def words(self) -> str:
        """What the run says of the loop: its rounds, or the condition that never held."""
        if self.held:
            return ngettext(
                "{launches}: {rounds} round, until {condition}",
                "{launches}: {rounds} rounds, until {condition}",
                self.rounds,
            ).format(launches=self.launches, rounds=self.rounds, condition=self.condition)
        return gettext(
            "{launches}: {condition} still did not hold after the most rounds, {most}; "
            "the loop stopped there"
        ).format(launches=self.launches, condition=self.condition, most=self.most)


@dataclass(frozen=True)
class RunResult:
    ok: bool
    error: RunError | None = None
    kernel: str = ""
    device: str = ""
    global_size: tuple[int, ...] = ()
    local_size: tuple[int, ...] | None = None
    build: BuildResult | None = None
    steps: tuple[Step, ...] = ()
    # "CPU", "GPU"…: what the times mean (on a CPU, __local is cached ordinary memory).
    device_type: str = ""
    timings: tuple[Timing, ...] = ()
    inputs: dict[str, np.ndarray] = field(default_factory=dict)
    outputs: dict[str, np.ndarray] = field(default_factory=dict)
    references: dict[str, ReferenceReport] = field(default_factory=dict)
    guards: dict[str, GuardReport] = field(default_factory=dict)
    printf: str = ""
    launch_count: int = 1  # launches the session writes (a program of several: more than 1)
    snapshots: tuple[LaunchSnapshot, ...] = ()  # asked for: after each launch of iteration 0
    # Buffers created with no host data: what the kernel did not write is undefined.
    uninitialised: tuple[str, ...] = ()
    loops: tuple[LoopRounds, ...] = ()  # each group with `until`: how its rounds ended
    timer_resolution_ns: int = 0  # CL_DEVICE_PROFILING_TIMER_RESOLUTION; 0 when not known
    watchdog: bool = False  # CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV: the display's driver stops long runs

    @property
    def is_program(self) -> bool:
        """Several launches, or one iterated: a kernel time per repeat no longer exists."""
        return self.launch_count > 1 or any(
            t.iteration for t in self.timings if t.phase == "kernel"
        )

    def kernel_times_ns(self) -> list[int]:
        return [t.duration_ns for t in self.timings if t.phase == "kernel"]


@dataclass(frozen=True)
class StepOutcome:
    """One of the lesson's eleven host steps, done on its own in step mode.

    A failed step ends the stepping; `error` says why in a learner's words. Step 5
    carries its build (the diagnostics link to the editor), step 11 the finished run
    (outputs, references, guards) for the Outputs tab.
    """

    number: int  # 1 to HOST_STEP_COUNT, the lesson's order
    ok: bool
    produced: str = ""  # in words: "2 platforms", "3 buffers, 12 MiB in all"
    seconds: float = 0.0  # on the host
    error: RunError | None = None
    build: BuildResult | None = None
    device_seconds: float | None = None  # step 10: the kernel's time, from profiling
    run: RunResult | None = None
    # A program's steps 6, 8 and 9 come in parts (a kernel, its arguments, a launch):
    # part 1 to `parts`; 0 of 0 for a step done whole.
    part: int = 0
    parts: int = 0

    @property
    def next_number(self) -> int:
        """The step that comes after this outcome: the same one while parts remain."""
        return self.number if self.part < self.parts else self.number + 1

    @property
    def last(self) -> bool:
        """Whether stepping ends with this step: it failed, or it was the read-back."""
        return not self.ok or self.number >= HOST_STEP_COUNT
