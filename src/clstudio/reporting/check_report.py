"""A check result told two ways: the public `clstudio check --json` object and readable lines.

The JSON form is a versioned contract documented in docs/check-mode.md.
"""

from __future__ import annotations

from typing import Any

from clstudio.checkmode import CheckProblem, CheckResult, WorkItem
from clstudio.common import format_seconds, gettext, ngettext, record_fields
from clstudio.common.results import error_text
from clstudio.reporting.report_opening import simulator_opening
from clstudio.reporting.run_report import loops_to_json
from clstudio.session import SourceMap

CHECK_FORMAT = "clstudio-check-result"
CHECK_VERSION = 1


def check_to_json(result: CheckResult) -> dict[str, Any]:
    return {
        **simulator_opening(
            CHECK_FORMAT,
            CHECK_VERSION,
            result.ok,
            result.simulator_found,
            result.error,
            result.kernel,
        ),
        "device": result.device,
        "global_size": list(result.global_size),
        "local_size": None if result.local_size is None else list(result.local_size),
        "coverage": result.coverage or None,
        "suppressed": result.suppressed,
        "reports": result.reports,
        "seconds": result.seconds,
        "launch_count": result.launch_count if result.is_program else None,
        "loops": loops_to_json(result.loops),
        "problems": [_problem_json(p) for p in result.problems],
    }


def _problem_json(problem: CheckProblem) -> dict[str, Any]:
    return {
        **record_fields(
            problem,
            "kind",
            "severity",
            "line",
            "column",
            "kernel",
            "message",
            "memory_space",
            "buffer",
        ),
        "work_item": _ids(problem.work_item),
        "work_group": _ids(problem.work_group),
        "count": problem.count,
        "first": [_work_item_json(w) for w in problem.first],
        **record_fields(problem, "other_line", "other_column", "oclgrind"),
        "launch": None
        if problem.launch is None
        else {
            "position": problem.launch,
            "count": problem.launch_count,
            "kernel": problem.kernel,
            "iteration": problem.iteration,
        },
    }


def _work_item_json(who: WorkItem) -> dict[str, Any]:
    return {"global": _ids(who.global_id), "local": _ids(who.local_id), "group": list(who.group)}


def _ids(ids: tuple[int, int, int] | None) -> list[int] | None:
    return None if ids is None else list(ids)


def format_check(
    result: CheckResult, source_name: str = "kernel", source_map: SourceMap | None = None
) -> str:
    """What `clstudio check` prints: one compiler-style line per problem, then the verdict;
    a line of a program in source parts is named in its part (`defs.h:3`)."""
    places = source_map or SourceMap(())
    lines = []
    if result.device:
        if result.is_program:
            said = ngettext(
                "a program of {count} launch on {device}, {seconds}",
                "a program of {count} launches on {device}, {seconds}",
                result.launch_count,
            )
        else:
            said = gettext("kernel {kernel} on {device}, {seconds}")
        lines.append(
            said.format(
                kernel=result.kernel,
                count=result.launch_count,
                device=result.device,
                seconds=format_seconds(result.seconds),
            )
        )
    if result.coverage:
        lines.append(f"  {result.coverage}")
    lines += [f"  {loop.words()}" for loop in result.loops]
    if result.error is not None:
        lines.append(f"  {error_text(result.error.stage, result.error.message)}")
    for problem in result.problems:
        place = (
            f"{places.place(problem.line, source_name)}:{problem.column}"
            if problem.line
            else source_name
        )
        lines.append(f"{place}: {problem.severity}: {problem.kind}: {problem.message}")
        if problem.launch is not None:
            lines.append(f"    {problem.where()}")
        who = problem.who()
        if who:
            lines.append(f"    {who}")
    if result.suppressed:
        limit = gettext("Oclgrind stopped reporting after its limit: the counts are minimums")
        lines.append(f"  {limit}")
    if result.ok:
        lines.append(gettext("ok: no problems found"))
    elif result.problems:
        count = len(result.problems)
        lines.append(
            ngettext("FOUND {count} problem", "FOUND {count} problems", count).format(count=count)
        )
    else:
        lines.append(gettext("FAILED"))
    return "\n".join(lines)
