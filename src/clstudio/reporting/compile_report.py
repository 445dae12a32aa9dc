"""What the compiler made of a kernel, told to people (text) and programs (`--json`).

The JSON form is a versioned contract documented in docs/compiler-view.md.
"""

from __future__ import annotations

from clstudio.common import format_seconds, gettext, ngettext, record_fields
from clstudio.common.results import error_text
from clstudio.compiler import (
    ASM_PART,
    IR_PART,
    REMARKS,
    BuildComparison,
    CompileResult,
    KernelSummary,
    Listing,
    Remark,
    advice_for,
    missing_reason,
)
from clstudio.session import SourceMap, named_build_log

COMPILE_FORMAT = "clstudio-compile-result"
COMPILE_VERSION = 1
EMITS = (REMARKS, IR_PART, ASM_PART)
_CHANGES_SHOWN = 12


def compile_to_json(result: CompileResult, emit: tuple[str, ...] = EMITS) -> dict[str, object]:
    """The result as plain JSON data; `emit` chooses which of remarks, ir and asm to include."""
    out: dict[str, object] = {
        "format": COMPILE_FORMAT,
        "version": COMPILE_VERSION,
        "ok": result.ok,
        "kernel": result.kernel,
        "device": result.device,
        "platform": result.platform,
        "build_options": result.options,
        "added_options": result.added_options,
        "local_size": list(result.local_size) if result.local_size else None,
        "compiled_local_size": list(result.compiled_local_size) or None,
        "error": {"stage": result.error_stage, "message": result.error} if result.error else None,
        "build_log": result.build_log,
        "binary": {"kind": result.binary_kind, "bytes": result.binary_bytes},
        "summary": _summary_json(result.summary) if result.summary else None,
        "kernel_ns": result.kernel_ns,
        "missing": {part: missing_reason(result, part) for part in result.missing},
        "printf": result.printf,
    }
    if REMARKS in emit:
        out["remarks"] = [_remark_json(r) for r in result.remarks]
    for part, listing in ((IR_PART, result.ir), (ASM_PART, result.asm)):
        if part in emit:
            out[part] = _listing_json(listing) if listing else None
    return out


def format_compile(
    result: CompileResult,
    source_name: str,
    emit: tuple[str, ...] = EMITS,
    source_map: SourceMap | None = None,
) -> str:
    """The result for a terminal: the summary line, then each part asked for; a line of a
    program in source parts named by its part (`reduce2.cl:11`), and the build log's
    places by `source_name` rather than the driver's temporary copy."""
    lines = [_heading(result)]
    if result.error:
        lines.append(error_text(result.error_stage, result.error))
        if result.error_stage == "build" and result.build_log.strip():
            log = named_build_log(result.build_log, source_name, source_map)
            lines += [gettext("build log:"), log.rstrip()]
    if result.summary:
        lines.append(summary_text(result.summary))
    for part in result.missing:
        if part in emit:
            lines.append(
                gettext("no {part}: {reason}").format(
                    part=part, reason=missing_reason(result, part)
                )
            )
    if REMARKS in emit and result.remarks:
        lines += ["", gettext("Remarks:")]
        lines += [remark_text(r, source_map) for r in result.remarks if r.kind != "other"]
    for part, listing in ((IR_PART, result.ir), (ASM_PART, result.asm)):
        if part in emit and listing:
            lines += ["", _listing_heading(listing), *_listing_text(listing, source_map)]
    if result.printf:
        lines += ["", gettext("printf output:")]
        lines += ["    " + line for line in result.printf.splitlines()]
    return "\n".join(lines)


def summary_text(summary: KernelSummary) -> str:
    """One line: the work-group loop's vector width, instructions, stack and memory; on
    NVIDIA also registers and spills, with a line saying what they mean."""
    if not summary.loop_known:
        loop = gettext("this device does not tell how it runs a work-group")
    elif not summary.loop_found:
        loop = gettext("no work-group loop (unrolled, or one work-item per group)")
    elif summary.vectorised:
        loop = gettext("work-group loop vectorised, {width} lanes").format(
            width=summary.vector_width
        )
    else:
        loop = gettext("work-group loop not vectorised")
    parts = [loop]
    if summary.instructions:
        parts.append(
            ngettext("{count} instruction", "{count} instructions", summary.instructions).format(
                count=summary.instructions
            )
        )
    if summary.stack_bytes is not None:
        parts.append(gettext("stack {bytes} B").format(bytes=summary.stack_bytes))
    if summary.private_mem_bytes is not None:
        parts.append(gettext("private {bytes} B").format(bytes=summary.private_mem_bytes))
    if summary.local_mem_bytes is not None:
        parts.append(gettext("local {bytes} B").format(bytes=summary.local_mem_bytes))
    parts += _register_parts(summary)
    line = f"{summary.kernel}: " + gettext("; ").join(parts)
    if summary.registers is None:
        return line
    return line + "\n" + register_meaning(summary)


def _register_parts(summary: KernelSummary) -> list[str]:
    """NVIDIA's figures from the verbose build log: registers and spills per work-item."""
    if summary.registers is None:
        return []
    parts = [
        ngettext("{count} register", "{count} registers", summary.registers).format(
            count=summary.registers
        )
    ]
    stores, loads = summary.spill_store_bytes or 0, summary.spill_load_bytes or 0
    if stores or loads:
        parts.append(
            gettext("spills: {stores} B stored, {loads} B loaded").format(
                stores=stores, loads=loads
            )
        )
    else:
        parts.append(gettext("no spills"))
    return parts


def register_meaning(summary: KernelSummary) -> str:
    """What the register and spill figures mean for the learner, in one or two sentences."""
    said = gettext(
        "Registers are per work-item: a compute unit shares its register file among the "
        "work-items it keeps in flight, so the more registers each one uses, the fewer "
        "run at once (lower occupancy) to hide memory waits."
    )
    if summary.spill_store_bytes or summary.spill_load_bytes:
        said += " " + gettext(
            "Spills are values that did not fit in registers: they go to slow off-chip "
            "memory and back, so fewer live values (or smaller private arrays) help."
        )
    return said


def comparison_text(
    change: BuildComparison, run_medians: tuple[float, float] | None = None
) -> list[str]:
    """The lines that say what changed between two builds, most changed instructions first.

    One pair of times, named: the medians of the runs the builds were made for when the
    caller has them (the GUI's), else each compile's own single launch. Both at once read
    as a contradiction (13.1 -> 13.9 ms beside 8.64 / 7.19 ms)."""
    lines = []
    if change.options[0] != change.options[1]:
        lines.append(
            gettext("options: '{before}' -> '{after}'").format(
                before=change.options[0], after=change.options[1]
            )
        )
    if change.local_sizes[0] != change.local_sizes[1]:
        sizes = [" x ".join(map(str, s)) or gettext("any") for s in change.local_sizes]
        lines.append(
            gettext("local size: {before} -> {after}").format(before=sizes[0], after=sizes[1])
        )
    if change.source_changed:
        lines.append(gettext("the source was edited between the two builds"))
    width = [
        str(w) if v else "1" for w, v in zip(change.vector_widths, change.vectorised, strict=True)
    ]
    lines.append(
        gettext("vector width of the work-group loop: {before} -> {after}").format(
            before=width[0], after=width[1]
        )
    )
    lines.append(
        gettext("instructions: {before} -> {after}").format(
            before=change.instructions[0], after=change.instructions[1]
        )
    )
    if run_medians is not None:
        before, after = (format_seconds(seconds) for seconds in run_medians)
        lines.append(
            gettext("kernel time, the median of each build's run: {before} -> {after}").format(
                before=before, after=after
            )
        )
    elif None not in change.kernel_ns:
        times = [format_seconds(ns / 1e9) for ns in change.kernel_ns if ns is not None]
        lines.append(
            gettext("kernel time of one launch: {before} -> {after}").format(
                before=times[0], after=times[1]
            )
        )
    shown = [f"{c.mnemonic} {c.delta:+d}" for c in change.changes[:_CHANGES_SHOWN]]
    if shown:
        lines.append(gettext("changed: {list}").format(list=", ".join(shown)))
    lines += [
        gettext("remark gone: {remark}").format(remark=_place(r))
        for r in change.remarks_gone
        if r.kind != "other"
    ]
    lines += [
        gettext("remark new: {remark}").format(remark=_place(r))
        for r in change.remarks_new
        if r.kind != "other"
    ]
    return lines


def remark_text(remark: Remark, source_map: SourceMap | None = None) -> str:
    advice = advice_for(remark)
    places = source_map or SourceMap(())
    text = f"{places.line_name(remark.line)}:{remark.column}: {remark.message}"
    if advice.explanation:
        text += f"\n    {advice.explanation}"
    if advice.advice:
        text += "\n    " + gettext("what helps: {advice}").format(advice=advice.advice)
    return text


def _place(remark: Remark) -> str:
    return f"{remark.line}:{remark.column}: {remark.message}"


def _heading(result: CompileResult) -> str:
    options = " ".join(o for o in (result.options, result.added_options) if o)
    size = " x ".join(map(str, result.compiled_local_size)) or gettext("any")
    return gettext("kernel {kernel} on {device}, options '{options}', local size {size}").format(
        kernel=result.kernel, device=result.device or "?", options=options, size=size
    )


def _listing_heading(listing: Listing) -> str:
    what = gettext("LLVM IR") if listing.language == IR_PART else gettext("assembly")
    return f"── {what}: {listing.function}"


def _listing_text(listing: Listing, source_map: SourceMap | None = None) -> list[str]:
    """Each row with its source line in a left column, as a compiler explorer shows it."""
    places = source_map or SourceMap(())
    return [
        f"{places.line_name(row.line) if row.line else '':>5}  {row.text}" for row in listing.lines
    ]


def _summary_json(summary: KernelSummary) -> dict[str, object]:
    return {
        "work_group_loop": summary.loop_found if summary.loop_known else None,
        "vectorised": summary.vectorised,
        "vector_width": summary.vector_width,
        "instructions": summary.instructions,
        "ir_instructions": summary.ir_instructions,
        "stack_bytes": summary.stack_bytes,
        "private_mem_bytes": summary.private_mem_bytes,
        "local_mem_bytes": summary.local_mem_bytes,
        "registers": summary.registers,
        "spill_store_bytes": summary.spill_store_bytes,
        "spill_load_bytes": summary.spill_load_bytes,
    }


def _remark_json(remark: Remark) -> dict[str, object]:
    advice = advice_for(remark)
    return {
        **record_fields(remark, "line", "column", "kind", "message"),
        "width": remark.width or None,
        "interleave": remark.interleave or None,
        "reason": remark.reason or None,
        "explanation": advice.explanation or None,
        "advice": advice.advice or None,
    }


def _listing_json(listing: Listing) -> dict[str, object]:
    return {
        "function": listing.function,
        "instructions": listing.instruction_count,
        "lines": [
            {
                "text": row.text,
                "line": row.line or None,
                "column": row.column or None,
                "mnemonic": row.mnemonic or None,
                **({"offset": row.address} if row.address >= 0 else {}),
            }
            for row in listing.lines
        ],
    }
