"""What the compiler made of a kernel: remarks, LLVM IR, assembly, summary, two builds compared."""

from typing import TYPE_CHECKING

from clstudio.common.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from clstudio.compiler.asm_reader import ElfError, asm_listing, function_names, stack_bytes
    from clstudio.compiler.comparison import BuildComparison, MnemonicChange, compare_builds
    from clstudio.compiler.compile_result import (
        ASM_PART,
        IR_PART,
        PARTS,
        REMARKS,
        CompileResult,
        KernelSummary,
        ProgramBuild,
        unfinished_compile,
    )
    from clstudio.compiler.compile_view import compile_view, load_readers, missing_reason
    from clstudio.compiler.instruction_notes import instruction_note
    from clstudio.compiler.ir_reader import (
        BitcodeError,
        WorkGroupLoop,
        defined_functions,
        ir_listing,
        module_text,
        work_group_loop,
    )
    from clstudio.compiler.listing import ASM, IR, Listing, ListingLine
    from clstudio.compiler.program_binaries import binary_kind
    from clstudio.compiler.ptx_reader import KernelResources, kernel_resources, ptx_listing
    from clstudio.compiler.remark_advice import RemarkAdvice, advice_for, remark_diagnostics
    from clstudio.compiler.remarks import KINDS, Remark, classify, parse_remarks
    from clstudio.compiler.shown_build import changes_since
else:
    lazy_exports(__name__, __file__)

__all__ = [
    "ASM",
    "ASM_PART",
    "IR",
    "IR_PART",
    "KINDS",
    "PARTS",
    "REMARKS",
    "BitcodeError",
    "BuildComparison",
    "CompileResult",
    "ElfError",
    "KernelResources",
    "KernelSummary",
    "Listing",
    "ListingLine",
    "MnemonicChange",
    "ProgramBuild",
    "Remark",
    "RemarkAdvice",
    "WorkGroupLoop",
    "advice_for",
    "asm_listing",
    "binary_kind",
    "changes_since",
    "classify",
    "compare_builds",
    "compile_view",
    "defined_functions",
    "function_names",
    "instruction_note",
    "ir_listing",
    "kernel_resources",
    "load_readers",
    "missing_reason",
    "module_text",
    "parse_remarks",
    "ptx_listing",
    "remark_diagnostics",
    "stack_bytes",
    "unfinished_compile",
    "work_group_loop",
]
