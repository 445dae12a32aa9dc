"""From a build's files and printed remarks to the compiler view, for whichever device built it.

PoCL's CPU device gives everything: remarks, the work-group function's IR and its
machine code with line tables. Other devices give what their program binary holds
(Oclgrind: IR; Intel's CPU runtime: IR and an x86 object); `missing_reason` says in
words what a device cannot give.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path

from clstudio.common import format_bytes, gettext
from clstudio.compiler import program_binaries as binaries
from clstudio.compiler.asm_reader import ElfError, asm_listing, function_names, stack_bytes
from clstudio.compiler.compile_result import (
    ASM_PART,
    IR_PART,
    REMARKS,
    CompileResult,
    KernelSummary,
    ProgramBuild,
)
from clstudio.compiler.ir_reader import (
    BitcodeError,
    WorkGroupLoop,
    defined_functions,
    ir_listing,
    module_text,
    work_group_loop,
)
from clstudio.compiler.listing import Listing
from clstudio.compiler.pocl_cache import WORK_GROUP_BITCODE, pocl_files
from clstudio.compiler.ptx_reader import KernelResources, kernel_resources, ptx_listing
from clstudio.compiler.remarks import VECTORISED, Remark, at_loop_keyword, parse_remarks

_NO_LOOP = WorkGroupLoop(False, False, 0)
_STACK_REMARK = re.compile(r"^(?P<bytes>\d+) stack bytes in function")


def compile_view(build: ProgramBuild, printed: str, cache: Path | None) -> CompileResult:
    """The view of `build`; `printed` is what the build wrote to stdout and stderr,
    `cache` PoCL's cache folder (None for other devices)."""
    result = CompileResult(
        ok=False,
        kernel=build.kernel,
        device=build.device,
        platform=build.platform,
        options=build.options,
        added_options=build.added_options,
        local_size=build.local_size,
        compiled_local_size=(),
        source=build.source,
        build_log=build.build_log,
        error=build.error,
        error_stage=build.error_stage,
        binary_kind=binaries.POCL if build.pocl else _kind(build.binary),
        binary_bytes=len(build.binary),
        kernel_ns=build.kernel_ns,
    )
    if not build.built:
        return result
    if build.pocl and cache is not None:
        return _pocl_view(build, printed, cache, result)
    return _binary_view(build, result)


def load_readers() -> None:
    """Import the readers' libraries now (0.1-0.2 s): a worker booted ahead for the compiler
    view does it while the user reads, instead of after the compile it was booted for."""
    # The readers import these only when they first read: they are large.
    import capstone
    import elftools.dwarf.dwarfinfo
    import elftools.elf.elffile
    import elftools.elf.sections
    import llvmlite.binding

    del capstone, elftools, llvmlite  # loaded: that was all


def missing_reason(result: CompileResult, part: str) -> str:
    """Why `result` lacks `part` (one of PARTS), in the user's language."""
    kind = result.binary_kind or binaries.UNKNOWN
    size = format_bytes(result.binary_bytes)
    if result.error:
        return gettext("not available: {error}").format(error=result.error)
    if part == REMARKS:
        return gettext("only PoCL's CPU device prints the vectoriser's remarks")
    if kind == binaries.LLVM_BITCODE and part == ASM_PART:
        return gettext("this device runs the LLVM IR in a simulator: it makes no machine code")
    if kind == binaries.PTX and part == IR_PART:
        return gettext(
            "NVIDIA's driver gives PTX, its portable assembly, instead of LLVM IR: "
            "the assembly shows it"
        )
    if kind == binaries.POCL:
        return gettext("PoCL left no work-group function for this kernel and local size")
    return gettext(
        "the program binary ({kind}, {size}) holds no code CL Studio can read: "
        "it shows LLVM IR and x86-64 code only"
    ).format(kind=kind, size=size)


def _pocl_view(
    build: ProgramBuild, printed: str, cache: Path, result: CompileResult
) -> CompileResult:
    files = pocl_files(cache, build.symbol, build.local_size, build.dimensions, build.source)
    source_name = os.path.basename(files.source_path)
    remarks = parse_remarks(printed, files.source_path) if files.source_path else ()
    ir = asm = None
    loop = _NO_LOOP
    unreadable = []
    if files.work_group_bitcode:
        try:
            text = module_text(files.work_group_bitcode)
        except BitcodeError as exc:
            unreadable.append(f"{WORK_GROUP_BITCODE}: {exc}")
        else:
            function = _work_group_function(defined_functions(text), build.symbol)
            if function:
                ir = ir_listing(text, function, source_name)
                loop = work_group_loop(text, function)
    if files.machine_code:
        try:
            function = _work_group_function(function_names(files.machine_code), build.symbol)
            asm = asm_listing(files.machine_code, function, source_name) if function else None
        except ElfError as exc:
            unreadable.append(f"{build.symbol}.so: {exc}")
    if unreadable:  # PoCL wrote what llvmlite or pyelftools cannot read: say which and why
        said = gettext("cannot read PoCL's {files}").format(files="; ".join(unreadable))
        result = replace(result, error=said, error_stage="read")
    return _finished(build, result, remarks, ir, asm, loop, files.local_size, ())


def _binary_view(build: ProgramBuild, result: CompileResult) -> CompileResult:
    """Oclgrind, Intel's CPU runtime and GPU drivers: what the program binary holds."""
    bitcode: bytes | None = None
    code: bytes | None = None
    if result.binary_kind == binaries.PTX:
        ptx = ptx_listing(build.binary.decode("utf-8", errors="replace"), build.symbol)
        lacking = (REMARKS, IR_PART) + (() if ptx else (ASM_PART,))
        return _finished(build, result, (), None, ptx, _NO_LOOP, (), lacking)
    if result.binary_kind == binaries.LLVM_BITCODE:
        bitcode = build.binary
    elif result.binary_kind == binaries.INTEL_CPU:
        bitcode = binaries.elf_section(build.binary, binaries.INTEL_IR_SECTION)
        code = binaries.elf_section(build.binary, binaries.INTEL_CODE_SECTION)
    ir = asm = None
    if bitcode:
        try:
            text = module_text(bitcode)
            function = _work_group_function(defined_functions(text), build.symbol)
            ir = ir_listing(text, function) if function else None
        except BitcodeError:
            ir = None
    if code:
        try:
            function = _work_group_function(function_names(code), build.symbol)
            asm = asm_listing(code, function) if function else None
        except ElfError:
            asm = None
    missing = [REMARKS] + [part for part, got in ((IR_PART, ir), (ASM_PART, asm)) if got is None]
    return _finished(build, result, (), ir, asm, _NO_LOOP, (), tuple(missing))


def _finished(
    build: ProgramBuild,
    result: CompileResult,
    remarks: tuple[Remark, ...],
    ir: Listing | None,
    asm: Listing | None,
    loop: WorkGroupLoop,
    compiled_local_size: tuple[int, ...],
    missing: tuple[str, ...],
) -> CompileResult:
    if build.pocl:
        missing = tuple(part for part, got in ((IR_PART, ir), (ASM_PART, asm)) if got is None)
        loop = _with_remarks(loop, remarks, build.source)
    resources = kernel_resources(build.build_log).get(build.symbol)
    summary = KernelSummary(
        kernel=build.kernel,
        loop_known=build.pocl,
        loop_found=loop.found,
        vectorised=loop.vectorised,
        vector_width=loop.width,
        instructions=asm.instruction_count if asm else 0,
        ir_instructions=ir.instruction_count if ir else 0,
        stack_bytes=_stack_bytes(remarks, asm, result.binary_kind, resources),
        private_mem_bytes=build.private_mem_bytes,
        local_mem_bytes=build.local_mem_bytes,
        registers=resources.registers if resources else None,
        spill_store_bytes=resources.spill_store_bytes if resources else None,
        spill_load_bytes=resources.spill_load_bytes if resources else None,
    )
    # On PoCL a missing listing is a failure; other devices may simply not have one.
    complete = not build.pocl or (ir is not None and asm is not None)
    return replace(
        result,
        ok=result.error_stage == "" and complete,
        remarks=remarks,
        ir=ir,
        asm=asm,
        summary=summary,
        compiled_local_size=compiled_local_size,
        missing=missing,
    )


def _with_remarks(loop: WorkGroupLoop, remarks: tuple[Remark, ...], source: str) -> WorkGroupLoop:
    """The work-group loop as the remarks tell it: a vectorised loop that is not one of the
    learner's (`for`, `while`, `do` at its place) is PoCL's loop over the work-items. They
    say it even when the loop was unrolled away after (a small local size) and the IR has
    no loop left."""
    widths = [
        r.width
        for r in remarks
        if r.kind == VECTORISED and not at_loop_keyword(source, r.line, r.column)
    ]
    if widths:
        return WorkGroupLoop(True, True, max(widths))
    return loop


def _stack_bytes(
    remarks: tuple[Remark, ...],
    asm: Listing | None,
    kind: str,
    resources: KernelResources | None,
) -> int | None:
    """ptxas's stack frame on NVIDIA; LLVM's own figure when its remark gave one (`408
    stack bytes in function`); else the frame an x86 prologue sets up (PTX has none)."""
    if resources is not None or kind == binaries.PTX:
        return resources.stack_bytes if resources else None
    said = [int(m["bytes"]) for r in remarks if (m := _STACK_REMARK.match(r.message))]
    if said:
        return max(said)
    return stack_bytes(asm) if asm else None


def _work_group_function(names: tuple[str, ...], symbol: str) -> str:
    """The function to show: PoCL's kernel function, which holds the work-group loops and
    the line table; else its launcher (which inlines it, but loses the line table in the
    machine code); else the kernel itself (other drivers)."""
    for wanted in (f"_pocl_kernel_{symbol}", f"_pocl_kernel_{symbol}_workgroup", symbol):
        if wanted in names:
            return wanted
    return ""


def _kind(binary: bytes) -> str:
    return binaries.binary_kind(binary) if binary else binaries.NONE
