"""A session built and launched once for the compiler view, in a worker started for it.

PoCL writes the work-group function of a kernel only when a launch needs it, one per
local size, so the session runs once (one repeat) with `-g` added for the line table:
LLVM makes the same code with and without it. The worker's environment
(POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES, POCL_VECTORIZER_REMARKS, a fresh
POCL_CACHE_DIR) makes PoCL keep the files and print its remarks. Oclgrind rejects `-g`,
and other drivers gain nothing by it, so only PoCL gets it. NVIDIA's driver gets
`-cl-nv-verbose` instead: its build log then holds each kernel's registers, spills and
stack as ptxas allotted them (cl_nv_compiler_options).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import cast

import pyopencl as cl

from clstudio.common import RunResult
from clstudio.compiler import ProgramBuild
from clstudio.compiler.ptx_reader import VERBOSE_OPTION
from clstudio.engine.build import OptionsError, split_options
from clstudio.engine.context import OpenCLContexts
from clstudio.session import Session

POCL_PLATFORM = "Portable Computing Language"
NVIDIA_PLATFORM = "NVIDIA CUDA"
DEBUG_OPTION = "-g"
RunSession = Callable[[Session], RunResult]


def build_for_view(contexts: OpenCLContexts, run: RunSession, session: Session) -> ProgramBuild:
    """Build and launch `session` once; the ProgramBuild says how far it got and why not."""
    base = ProgramBuild(
        kernel=session.kernel,
        symbol=session.kernel,
        device="",
        platform="",
        options=session.build_options,
        added_options="",
        local_size=session.local_size,
        dimensions=len(session.global_size),
        source=session.source,
        build_log="",
    )
    try:
        state, _ = contexts.open(session.device)
    except LookupError as exc:
        return replace(base, error=str(exc), error_stage="device")
    pocl = state.platform_name == POCL_PLATFORM
    added = added_option(state.platform_name, session.build_options)
    options = f"{session.build_options} {added}".strip()
    base = replace(
        base, device=state.name, platform=state.platform_name, added_options=added, pocl=pocl
    )
    result = run(replace(session, build_options=options, repeats=1))
    build = result.build
    log = build.log if build else ""
    if build is None or not build.ok:
        message = result.error.message if result.error else log
        return replace(base, build_log=log, error=message, error_stage="build")
    _, program, _ = contexts.program(state, session.source, options)
    signature = build.kernel(session.kernel)
    if program is None or signature is None:
        message = result.error.message if result.error else log
        return replace(base, build_log=log, error=message, error_stage="build")
    kernel = state.kernel(program, signature.driver_name)
    private = kernel.get_work_group_info(cl.kernel_work_group_info.PRIVATE_MEM_SIZE, state.device)
    # PoCL compiles a work-group function for any local size to fill in its binary,
    # printing that compile's remarks too; the view reads PoCL's cache instead.
    binaries = [] if pocl else cast(list[bytes], program.get_info(cl.program_info.BINARIES))
    # A launch that failed (invalid sizes, say) may leave no work-group function: the
    # view shows what PoCL wrote and says why the launch failed.
    return replace(
        base,
        symbol=signature.driver_name,
        build_log=log,
        error=result.error.message if result.error else "",
        error_stage="launch" if result.error else "",
        binary=bytes(binaries[0]) if binaries else b"",
        private_mem_bytes=int(private),
        kernel_ns=next(iter(result.kernel_times_ns()), None),
        local_mem_bytes=state.static_local.get(kernel.int_ptr),
    )


def added_option(platform: str, options: str) -> str:
    """What the view adds to the session's options on this platform: "" when none, or when
    the session already asks for it."""
    wanted = {POCL_PLATFORM: DEBUG_OPTION, NVIDIA_PLATFORM: VERBOSE_OPTION}.get(platform, "")
    return "" if not wanted or _has_option(options, wanted) else wanted


def _has_option(options: str, option: str) -> bool:
    try:
        return option in split_options(options)
    except OptionsError:
        return False  # the build reports the broken quotes itself
