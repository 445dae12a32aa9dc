"""The measured traffic as JSON and as text (`clstudio traffic`, docs/memory-traffic.md)."""

from __future__ import annotations

from typing import Any

import numpy as np

from clstudio.common import N_, gettext, record_fields
from clstudio.reporting.report_opening import measurement_opening
from clstudio.session import SourceMap
from clstudio.traffic import LINE_BYTES, NEIGHBOURS, AccessTraffic, BufferTraffic, TrafficResult

TRAFFIC_FORMAT = "clstudio-traffic"
TRAFFIC_VERSION = 1
COALESCED_LINES = 2  # at most this many lines per 16 neighbours reads as coalesced
KIND_WORDS = {"load": N_("load"), "store": N_("store"), "update": N_("update")}


def traffic_to_json(result: TrafficResult) -> dict[str, Any]:
    return {
        **measurement_opening(
            TRAFFIC_FORMAT, TRAFFIC_VERSION, result.ok, result.error, result.kernel
        ),
        "device": result.device,
        "global_size": list(result.global_size),
        "local_size": list(result.local_size),
        "groups_logged": result.groups_logged,
        "groups": result.groups,
        "references_passed": result.references_passed,
        "line_bytes": LINE_BYTES,
        "neighbours": NEIGHBOURS,
        "buffers": [_buffer_json(b, result) for b in result.buffers],
        "accesses": [_access_json(a) for a in result.accesses],
        "seconds": result.seconds,
    }


def _buffer_json(buffer: BufferTraffic, result: TrafficResult) -> dict[str, Any]:
    first = result.traces[0].group if result.traces else ()
    return {
        "name": buffer.name,
        "space": buffer.space,
        "shape": list(buffer.shape),
        "element_bytes": buffer.element_bytes,
        "counted_over": "logged work-groups" if buffer.space == "global" else "one work-group",
        "work_group": None if buffer.space == "global" else list(first),
        "reads": int(buffer.reads.sum()),
        "writes": int(buffer.writes.sum()),
        "most_reads": int(buffer.reads.max(initial=0)),
        "most_writes": int(buffer.writes.max(initial=0)),
        **record_fields(buffer, "untouched", "written_twice", "outside"),
    }


def _access_json(access: AccessTraffic) -> dict[str, Any]:
    return {
        **record_fields(access, "id", "line", "buffer", "space", "kind", "text", "executed"),
        "lines_per_16": access.lines_mean,
        "most_lines_per_16": access.lines_max,
    }


def sampling_words(result: TrafficResult) -> str:
    if not result.sampled:
        return gettext("every work-group logged ({groups:,})").format(groups=result.groups)
    return gettext(
        "logged from {logged:,} of {groups:,} work-groups (one in {stride}); elements only "
        "the others touch show as untouched"
    ).format(
        logged=result.groups_logged,
        groups=result.groups,
        stride=-(-result.groups // max(1, result.groups_logged)),
    )


def times_words(counts: np.ndarray) -> str:
    """'once each', '2 times each' or 'from 0 to 3 times'."""
    if counts.size == 0:
        return gettext("0 times each")
    low, high = int(counts.min()), int(counts.max())
    if low == high:
        if low == 1:
            return gettext("once each")
        return gettext("{count} times each").format(count=low)
    return gettext("from {low} to {high} times").format(low=low, high=high)


def coalescing_words(access: AccessTraffic) -> str:
    if access.lines_mean is None:
        return ""
    verdict = (
        gettext("coalesced")
        if access.lines_mean <= COALESCED_LINES
        else gettext("scattered")
        if access.lines_max == NEIGHBOURS
        else gettext("partly coalesced")
    )
    return f"{access.lines_mean:.1f} ({verdict})"


def format_traffic(result: TrafficResult, source_map: SourceMap | None = None) -> str:
    if not result.ok and not result.buffers:
        said = result.error.message if result.error else gettext("nothing was measured")
        return gettext("Memory traffic of {kernel}: not measured ({reason})").format(
            kernel=result.kernel, reason=said
        )
    lines = [
        gettext("Memory traffic of {kernel} on {device} (an instrumented build): {how}").format(
            kernel=result.kernel, device=result.device, how=sampling_words(result)
        ),
        gettext("Buffers:"),
    ]
    for buffer in result.buffers:
        shape = " x ".join(str(n) for n in buffer.shape)
        where = " " + gettext("in one work-group") if buffer.space == "local" else ""
        lines.append(
            gettext("  {name} (__{space}, {shape}){where}: read {reads}, written {writes}").format(
                name=buffer.name,
                space=buffer.space,
                shape=shape,
                where=where,
                reads=times_words(buffer.reads),
                writes=times_words(buffer.writes),
            )
        )
        if buffer.outside:
            lines.append(
                gettext("    {count:,} accesses fell past the buffer's end").format(
                    count=buffer.outside
                )
            )
    lines.append(
        gettext("Accesses (distinct 64-byte lines that 16 neighbouring work-items touch):")
    )
    places = source_map or SourceMap(())
    for access in result.accesses:
        figure = coalescing_words(access) or gettext("__{space} memory").format(space=access.space)
        lines.append(
            gettext("  line {line:<4} {kind:<6} {access:<40} {figure}").format(
                line=places.line_name(access.line),
                kind=gettext(KIND_WORDS[access.kind]),
                access=access.text,
                figure=figure,
            )
        )
    if result.references_passed is False:
        lines.append(gettext("The instrumented run's outputs failed the references."))
    return "\n".join(lines)
