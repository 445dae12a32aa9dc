"""`clstudio debug`'s output: each stop in lines for people, or as versioned JSON."""

from __future__ import annotations

from typing import Any

from clstudio.common import format_seconds, gettext, ngettext
from clstudio.common.results import error_text
from clstudio.debugger.debug_results import (
    ENDED,
    REASON_TEXTS,
    Components,
    DebugRun,
    DebugStop,
    Value,
    WorkItemIds,
    ids_text,
)
from clstudio.reporting import simulator_opening
from clstudio.session import SourceMap

DEBUG_FORMAT = "clstudio-debug-result"
DEBUG_VERSION = 1


def debug_to_json(run: DebugRun) -> dict[str, Any]:
    info = run.info
    return {
        **simulator_opening(
            DEBUG_FORMAT, DEBUG_VERSION, run.ok, run.simulator_found, run.error, run.kernel
        ),
        "global_size": None if info is None else list(info.global_size),
        "local_size": None if info is None else list(info.local_size),
        "breakpoints": list(run.breakpoints),
        "seconds": run.seconds,
        "stops": [_stop_json(stop) for stop in run.stops],
    }


def _stop_json(stop: DebugStop) -> dict[str, Any]:
    return {
        "reason": stop.reason,
        "line": stop.line,
        "source": stop.source,
        "work_item": None if stop.work_item is None else _ids_json(stop.work_item),
        "function": stop.function or None,
        "values": [_value_json(v) for v in stop.values],
        "output": stop.output,
        "oclgrind": stop.oclgrind,
        "error": None
        if stop.error is None
        else {"stage": stop.error.stage, "message": stop.error.message},
    }


def _ids_json(ids: WorkItemIds) -> dict[str, list[int]]:
    return {"global": list(ids.global_id), "local": list(ids.local_id), "group": list(ids.group_id)}


def _value_json(value: Value) -> dict[str, Any]:
    return {
        "expression": value.expression,
        "type": value.type_name or None,
        "text": value.text,
        "value": _components_json(value.value),
        "error": value.error or None,
    }


def _components_json(value: Components | None) -> Any:
    if isinstance(value, tuple):
        return [_components_json(v) for v in value]
    if isinstance(value, float) and value != value:
        return None  # NaN has no JSON; `text` says "nan"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return None
    return value


def format_debug(
    run: DebugRun, source_name: str = "kernel", source_map: SourceMap | None = None
) -> str:
    """What `clstudio debug` prints: a compiler-style place per stop (in its source part,
    for a program in parts), its line, its values."""
    places = source_map or SourceMap(())
    lines = []
    for stop in run.stops:
        lines += _stop_lines(stop, source_name, places)
    if run.error is not None:
        lines.append(error_text(run.error.stage, run.error.message))
    count = sum(1 for s in run.stops if s.line is not None)
    if not run.stops:
        return "\n".join(lines)
    lines.append(
        ngettext("{count} stop in {seconds}", "{count} stops in {seconds}", count).format(
            count=count, seconds=format_seconds(run.seconds)
        )
    )
    return "\n".join(lines)


def _stop_lines(stop: DebugStop, source_name: str, places: SourceMap) -> list[str]:
    if stop.reason == ENDED and stop.error is None and not stop.output:
        return [gettext("the kernel finished")]
    lines: list[str] = [stop.output.rstrip("\n")] if stop.output else []
    if stop.reason == ENDED:
        return lines
    reason = gettext(REASON_TEXTS[stop.reason])
    who = _who(stop.work_item)
    # Translators: why the work-item stopped, then which one it is.
    what = gettext("{reason}, {work_item}").format(reason=reason, work_item=who)
    if stop.line is not None:
        lines.append(f"{places.place(stop.line, source_name)}: {what}")
        lines.append(f"    {stop.source}")
    else:
        lines.append(f"{source_name}: {what}")
    if stop.oclgrind:
        lines += [f"  | {row}" for row in stop.oclgrind.splitlines() if row.strip()]
    for value in stop.values:
        shown = value.text if value.value is not None else value.error
        kind = f"  ({value.type_name})" if value.type_name and value.value is not None else ""
        lines.append(f"  {value.expression} = {shown}{kind}")
    return lines


def _who(ids: WorkItemIds | None) -> str:
    if ids is None:
        return ""
    return gettext("work-item {global_id} (local {local_id}, group {group_id})").format(
        global_id=ids_text(ids.global_id),
        local_id=ids_text(ids.local_id),
        group_id=ids_text(ids.group_id),
    )
