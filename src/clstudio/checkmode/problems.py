"""Oclgrind's reports grouped into problems: one per kind and place, with who hit it.

A buggy line in a kernel of a million work-items gives a million reports (a race,
four: one per byte). A learner needs one entry per problem, the count, the first
few work-items, the buffer it was about and a sentence that says what went wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clstudio.checkmode.check_results import FIRST_KEPT, CheckProblem, WorkItem
from clstudio.checkmode.reports import ParsedLog, Report, Side
from clstudio.checkmode.sentences import BufferRegion, near_region, sentence
from clstudio.checkmode.source_words import SourceWords
from clstudio.common import KernelArgInfo
from clstudio.session import SourceMap

_GROUP_KINDS = ("barrier-divergence", "async-copy-divergence")  # told by work-group


@dataclass
class _Group:
    first: Report
    kind: str
    sides: tuple[Side, ...]
    who: dict[WorkItem, None]


def find_problems(
    parsed: ParsedLog,
    source: str,
    kernel_args: Sequence[KernelArgInfo] = (),
    regions: Sequence[BufferRegion] = (),
    source_map: SourceMap | None = None,
) -> tuple[CheckProblem, ...]:
    """One CheckProblem per distinct problem, in the order Oclgrind first met each; its
    words name a line by its source part when `source_map` splits the program."""
    words = SourceWords(source, kernel_args, source_map)
    groups: dict[tuple[object, ...], _Group] = {}
    for report in parsed.reports:
        kind, sides = _kind_and_sides(report)
        key = (kind, *((s.line, s.column) for s in sides))
        group = groups.setdefault(key, _Group(report, kind, sides, {}))
        for who in _entities(report):
            group.who[who] = None
    kept = _without_follow_ons(list(groups.values()))
    return tuple(_problem(g, words, regions) for g in kept)


def _kind_and_sides(report: Report) -> tuple[str, tuple[Side, ...]]:
    if report.kind == "invalid-access":
        kind = "out-of-bounds-read" if report.access == "read" else "out-of-bounds-write"
        return kind, report.sides[:1]
    if report.kind == "data-race" and len(report.sides) == 2:
        a, b = report.sides
        # The write first (a read-write race names it first in words); else in source order.
        read_first = a.access != "store" and b.access == "store"
        if read_first or (a.access == b.access and (b.line, b.column) < (a.line, a.column)):
            a, b = b, a
        return report.kind, (a, b)
    if report.kind in _GROUP_KINDS:
        return report.kind, report.sides[:2]  # this work-item's call, and the earlier ones'
    return report.kind, report.sides[:1]


def _entities(report: Report) -> list[WorkItem]:
    if report.kind in _GROUP_KINDS and report.group is not None:
        return [WorkItem(group=report.group)]
    return [side.who for side in report.sides if side.who is not None]


def _without_follow_ons(groups: list[_Group]) -> list[_Group]:
    """Drop what another problem explains, so the learner sees the cause once.

    A read out of bounds or the read side of a race returns memory nobody wrote, so
    Oclgrind also reports an uninitialised value on that line; and a private or
    __local array indexed past its end is also an invalid access at the same place.
    """
    bad_read_lines = {
        side.line
        for g in groups
        if g.kind in ("out-of-bounds-read", "data-race")
        for side in g.sides
        if g.kind == "out-of-bounds-read" or side.access != "store"
    }
    indexed = {g.sides[0].line for g in groups if g.kind == "array-index" and g.sides}
    kept = []
    for g in groups:
        line = g.sides[0].line if g.sides else 0
        if g.kind == "uninitialized" and line and line in bad_read_lines:
            continue
        in_array = g.first.space in ("private", "local")
        if g.kind.startswith("out-of-bounds") and in_array and line in indexed:
            continue
        kept.append(g)
    return kept


def _problem(group: _Group, words: SourceWords, regions: Sequence[BufferRegion]) -> CheckProblem:
    report = group.first
    side = group.sides[0] if group.sides else Side()
    other = group.sides[1] if len(group.sides) > 1 and group.kind == "data-race" else None
    who = list(group.who)
    buffer, region = _buffer(report, side, words, regions)
    return CheckProblem(
        kind=group.kind,
        line=side.line,
        column=words.access_column(side.line, side.column, side.access == "store"),
        kernel=report.kernel,
        message=sentence(group.kind, report, group.sides, buffer, region, words, bool(regions)),
        count=len(who),
        first=tuple(who[:FIRST_KEPT]),
        memory_space=report.space,
        buffer=buffer,
        other_line=other.line if other else None,
        other_column=(
            words.access_column(other.line, other.column, other.access == "store")
            if other
            else None
        ),
        oclgrind=report.headline,
    )


def _buffer(
    report: Report, side: Side, words: SourceWords, regions: Sequence[BufferRegion]
) -> tuple[str | None, BufferRegion | None]:
    """The buffer an access was meant for: by its address when known, else by the source.
    A global address far from every buffer (a NULL pointer, a wild one) names none."""
    if report.space == "global" and report.address is not None and regions:
        region = near_region(report.address, tuple(regions))
        return (region.name if region else None), region
    return words.buffer_at(side.line, side.column, side.access == "store"), None
