"""What the debugger answers, as plain frozen data: stops, values, memory, barriers.

Nothing here holds a process or a pipe, so a stop crosses to the window's thread
and into `clstudio debug --json` as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common import N_, RunError

Number = int | float
# One value: a number, a vector by component, or an array (nested for 2-D arrays).
Components = Number | tuple["Components", ...]

# Why the work-item is paused.
BREAKPOINT = "breakpoint"  # it reached a breakpoint's line
STEP = "step"  # a step (over, into or out) ended on a new line
BARRIER = "barrier"  # it waits at a barrier for the rest of its work-group
ERROR = "error"  # Oclgrind found an error (an out-of-bounds access, say) and broke in
SWITCHED = "switched"  # the user chose another work-item
NOT_STARTED = "not-started"  # a work-item chosen before it ran its first line
FINISHED = "finished"  # the work-item has returned; others may still run
ENDED = "ended"  # the kernel and the debug process are over
REASONS = (BREAKPOINT, STEP, BARRIER, ERROR, SWITCHED, NOT_STARTED, FINISHED, ENDED)
REASON_TEXTS = {  # each reason in words, translated where shown
    BREAKPOINT: N_("breakpoint"),
    STEP: N_("step"),
    BARRIER: N_("at a barrier"),
    ERROR: N_("Oclgrind found an error"),
    SWITCHED: N_("switched"),
    NOT_STARTED: N_("not started"),
    FINISHED: N_("the work-item finished"),
    ENDED: N_("ended"),
}


def ids_text(ids: tuple[int, ...]) -> str:
    """A work-item's ids as messages write them: `(3,0,0)`."""
    return "(" + ",".join(map(str, ids)) + ")"


@dataclass(frozen=True)
class WorkItemIds:
    """A work-item's place in the NDRange, always three dimensions as Oclgrind counts them."""

    global_id: tuple[int, int, int]
    local_id: tuple[int, int, int]
    group_id: tuple[int, int, int]


@dataclass(frozen=True)
class Value:
    """One printed expression: Oclgrind's text and the numbers in it.

    `type_name` comes from the kernel's declarations (Oclgrind prints no types); by it
    an unsigned value Oclgrind printed as signed (`uchar 200` as -56) is set right.
    """

    expression: str  # "i", "a[5]", "scratch[lid]"
    type_name: str  # "size_t", "float4", "float[3]"; "" when not declared in the source
    text: str  # as Oclgrind printed it, or as read from memory
    value: Components | None  # None when not found
    error: str = ""  # why there is no value: "not found", "invalid memory address"


@dataclass(frozen=True)
class MemoryView:
    """Consecutive elements of one `__local` or `__global` array, read from the simulator."""

    name: str
    space: str  # "local" or "global"
    type_name: str  # the element type: "float", "int4"
    first: int  # the index of values[0]
    values: tuple[Components, ...]
    count: int  # elements in the whole array, when known; else len(values)
    changed: tuple[int, ...] = ()  # indices written since the previous stop
    focus: int | None = None  # the element the paused line touches, when it touches one


@dataclass(frozen=True)
class BarrierState:
    """Which work-items of the paused work-item's group wait at its barrier (local ids)."""

    line: int
    arrived: tuple[tuple[int, int, int], ...]
    not_arrived: tuple[tuple[int, int, int], ...]
    finished: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True)
class DebugStop:
    """Where the followed work-item is paused, and what came out on the way there."""

    reason: str  # one of REASONS
    work_item: WorkItemIds | None
    line: int | None  # None before the first line, after the last, and once ended
    source: str = ""  # the text of that line
    function: str = ""  # the function the work-item is in: the kernel, or one it called
    depth: int = 0  # calls below the kernel function (0 in the kernel itself)
    values: tuple[Value, ...] = ()
    output: str = ""  # the kernel's printf output since the previous stop
    oclgrind: str = ""  # what Oclgrind reported on the way (an invalid write, say)
    error: RunError | None = None  # set when the session ended badly or the debugger failed


@dataclass(frozen=True)
class PausedState:
    """All a Debug dock shows at a stop, read from the debugger in one go."""

    stop: DebugStop
    variables: tuple[Value, ...] = ()
    local_arrays: tuple[MemoryView, ...] = ()
    buffers: tuple[MemoryView, ...] = ()  # each __global buffer around what the line touches
    barrier: BarrierState | None = None


@dataclass(frozen=True)
class KernelInfo:
    """The launch, as Oclgrind's `info` command describes it."""

    kernel: str
    global_size: tuple[int, int, int]
    global_offset: tuple[int, int, int]
    local_size: tuple[int, int, int]

    def ids(self, global_id: tuple[int, int, int]) -> WorkItemIds:
        local = tuple(g % max(1, s) for g, s in zip(global_id, self.local_size, strict=True))
        group = tuple(g // max(1, s) for g, s in zip(global_id, self.local_size, strict=True))
        return WorkItemIds(global_id, _three(local), _three(group))


@dataclass(frozen=True)
class DebugRun:
    """A whole `clstudio debug`: the launch, each stop in order, and how it ended."""

    ok: bool
    kernel: str
    breakpoints: tuple[int, ...]
    stops: tuple[DebugStop, ...] = ()
    info: KernelInfo | None = None
    error: RunError | None = None
    simulator_found: bool = True
    seconds: float = 0.0


def _three(values: tuple[int, ...]) -> tuple[int, int, int]:
    return (values[0], values[1], values[2])
