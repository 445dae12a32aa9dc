"""The plain data of the compiler view: what the engine hands over, and what the view shows."""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.compiler.listing import Listing
from clstudio.compiler.remarks import Remark

REMARKS = "remarks"
IR_PART = "ir"
ASM_PART = "asm"
PARTS = (REMARKS, IR_PART, ASM_PART)


@dataclass(frozen=True)
class ProgramBuild:
    """A session built (and launched once) for the compiler view, as the engine saw it."""

    kernel: str
    symbol: str  # the kernel's name in the driver (PoCL renames `step` to `_cl_step`)
    device: str
    platform: str
    options: str  # the session's build options
    added_options: str  # what the view added to them ("-g" on PoCL, for the line table)
    local_size: tuple[int, ...] | None  # the session's; None lets the driver choose
    dimensions: int
    source: str
    build_log: str
    error: str = ""  # why the build or the launch failed, in words; "" when neither did
    error_stage: str = ""  # "device", "build", "launch", or a worker's "crash", "timeout"
    binary: bytes = b""
    private_mem_bytes: int | None = None  # CL_KERNEL_PRIVATE_MEM_SIZE
    local_mem_bytes: int | None = None  # CL_KERNEL_LOCAL_MEM_SIZE, before any __local argument
    kernel_ns: int | None = None  # the one launch's time on the device, from profiling
    pocl: bool = False  # PoCL's CPU device: its cache holds remarks' file and work-group code

    @property
    def built(self) -> bool:
        return self.error_stage not in ("device", "build", "crash", "timeout", "cancelled")


@dataclass(frozen=True)
class KernelSummary:
    """The line a learner reads first: did the work-group loop vectorise, and at what cost."""

    kernel: str
    loop_known: bool  # whether the device tells its work-group loop at all (PoCL does)
    loop_found: bool  # False when PoCL left no work-group loop (unrolled, one work-item)
    vectorised: bool
    vector_width: int  # lanes of the work-group loop: 1 when scalar, 0 when unknown
    instructions: int  # in the assembly; 0 when there is none
    ir_instructions: int
    stack_bytes: int | None
    private_mem_bytes: int | None
    local_mem_bytes: int | None
    # NVIDIA: what ptxas allotted per work-item, from the -cl-nv-verbose build log
    registers: int | None = None
    spill_store_bytes: int | None = None
    spill_load_bytes: int | None = None


@dataclass(frozen=True)
class CompileResult:
    """What the compiler made of one kernel for one device and local size."""

    ok: bool
    kernel: str
    device: str
    platform: str
    options: str
    added_options: str
    local_size: tuple[int, ...] | None  # as the session asked
    compiled_local_size: tuple[int, ...]  # what PoCL made the work-group function for
    source: str  # the source that was built, so a view can tell when the editor moved on
    build_log: str = ""
    error: str = ""
    error_stage: str = ""
    remarks: tuple[Remark, ...] = ()
    ir: Listing | None = None
    asm: Listing | None = None
    summary: KernelSummary | None = None
    binary_kind: str = ""
    binary_bytes: int = 0
    missing: tuple[str, ...] = ()  # the PARTS this device cannot give (missing_reason says why)
    kernel_ns: int | None = None  # the one launch's time: a hint, the run's repeats time it well
    printf: str = ""  # what the kernel printed during the launch, never read as a remark


def unfinished_compile(
    kernel: str,
    options: str,
    local_size: tuple[int, ...] | None,
    source: str,
    stage: str,
    message: str,
) -> CompileResult:
    """The result of a compile that never reached the compiler: a session that cannot be
    read, or a worker that crashed, timed out or was cancelled."""
    return CompileResult(
        ok=False,
        kernel=kernel,
        device="",
        platform="",
        options=options,
        added_options="",
        local_size=local_size,
        compiled_local_size=(),
        source=source,
        error=message,
        error_stage=stage,
    )
