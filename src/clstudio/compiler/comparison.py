"""Two builds of a kernel side by side: which instructions came and went, and the vector width.

The learner toggles an option, changes the local size or edits the kernel; the
previous listing is kept and compared with the new one by mnemonic counts, since
addresses and register names change with any edit.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.compiler.compile_result import CompileResult
from clstudio.compiler.listing import ASM, IR, Listing
from clstudio.compiler.remarks import Remark


@dataclass(frozen=True)
class MnemonicChange:
    """How often one instruction occurs before and after."""

    mnemonic: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(frozen=True)
class BuildComparison:
    """What changed from `before` to `after`, for one kernel."""

    kernel: str
    language: str  # ASM when both builds have assembly, else IR, else ""
    options: tuple[str, str]
    local_sizes: tuple[tuple[int, ...], tuple[int, ...]]
    source_changed: bool
    vectorised: tuple[bool, bool]
    vector_widths: tuple[int, int]
    instructions: tuple[int, int]
    kernel_ns: tuple[int | None, int | None]  # each build's one launch
    changes: tuple[MnemonicChange, ...]  # only those that differ; most changed first
    remarks_gone: tuple[Remark, ...]
    remarks_new: tuple[Remark, ...]

    @property
    def added(self) -> tuple[MnemonicChange, ...]:
        return tuple(c for c in self.changes if c.delta > 0)

    @property
    def removed(self) -> tuple[MnemonicChange, ...]:
        return tuple(c for c in self.changes if c.delta < 0)


def compare_builds(before: CompileResult, after: CompileResult) -> BuildComparison:
    """The differences between two compiler views of the same kernel."""
    language, old, new = _listings(before, after)
    counts_before = old.mnemonic_counts() if old else {}
    counts_after = new.mnemonic_counts() if new else {}
    changes = [
        MnemonicChange(name, counts_before.get(name, 0), counts_after.get(name, 0))
        for name in sorted(set(counts_before) | set(counts_after))
        if counts_before.get(name, 0) != counts_after.get(name, 0)
    ]
    changes.sort(key=lambda c: (-abs(c.delta), c.mnemonic))
    old_summary, new_summary = before.summary, after.summary
    return BuildComparison(
        kernel=after.kernel,
        language=language,
        options=(before.options, after.options),
        local_sizes=(before.compiled_local_size, after.compiled_local_size),
        source_changed=before.source != after.source,
        vectorised=(
            bool(old_summary and old_summary.vectorised),
            bool(new_summary and new_summary.vectorised),
        ),
        vector_widths=(
            old_summary.vector_width if old_summary else 0,
            new_summary.vector_width if new_summary else 0,
        ),
        instructions=(old.instruction_count if old else 0, new.instruction_count if new else 0),
        kernel_ns=(before.kernel_ns, after.kernel_ns),
        changes=tuple(changes),
        remarks_gone=_without(before.remarks, after.remarks),
        remarks_new=_without(after.remarks, before.remarks),
    )


def _listings(
    before: CompileResult, after: CompileResult
) -> tuple[str, Listing | None, Listing | None]:
    if before.asm and after.asm:
        return ASM, before.asm, after.asm
    if before.ir and after.ir:
        return IR, before.ir, after.ir
    return "", None, None


def _without(these: tuple[Remark, ...], those: tuple[Remark, ...]) -> tuple[Remark, ...]:
    """The remarks of `these` that `those` lacks, by place and words (an edit moves lines)."""
    known = {(r.line, r.message) for r in those}
    return tuple(r for r in these if (r.line, r.message) not in known)
