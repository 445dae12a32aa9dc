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
from clstudio.checkmode.source_words import SourceWords
from clstudio.common import KernelArgInfo, gettext, ngettext


@dataclass(frozen=True)
class BufferRegion:
    """Where a buffer argument lies in the simulator's global memory."""

    name: str
    address: int
    nbytes: int
    itemsize: int
    type_name: str  # the element type as the session names it: "float", "float4"


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
) -> tuple[CheckProblem, ...]:
    """One CheckProblem per distinct problem, in the order Oclgrind first met each."""
    words = SourceWords(source, kernel_args)
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
    return report.kind, report.sides[:1]


def _entities(report: Report) -> list[WorkItem]:
    if report.kind == "barrier-divergence" and report.group is not None:
        return [WorkItem(group=report.group)]
    return [side.who for side in report.sides if side.who is not None]


def _without_follow_ons(groups: list[_Group]) -> list[_Group]:
    """Drop what another problem explains, so the learner sees the cause once.

    A read out of bounds or the read side of a race returns memory nobody wrote, so
    Oclgrind also reports an uninitialised value on that line; and a private array
    indexed past its end is also an invalid private access at the same place.
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
        if g.kind.startswith("out-of-bounds") and g.first.space == "private" and line in indexed:
            continue
        kept.append(g)
    return kept


def _problem(group: _Group, words: SourceWords, regions: Sequence[BufferRegion]) -> CheckProblem:
    report = group.first
    side = group.sides[0] if group.sides else Side()
    other = group.sides[1] if len(group.sides) > 1 else None
    who = list(group.who)
    buffer, region = _buffer(report, side, words, regions)
    return CheckProblem(
        kind=group.kind,
        line=side.line,
        column=words.access_column(side.line, side.column, side.access == "store"),
        kernel=report.kernel,
        message=_sentence(group.kind, report, side, other, buffer, region, words),
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
    """The buffer an access was meant for: by its address when known, else by the source."""
    if report.space == "global" and report.address is not None and regions:
        region = _nearest(report.address, regions)
        return region.name, region
    return words.buffer_at(side.line, side.column, side.access == "store"), None


def _nearest(address: int, regions: Sequence[BufferRegion]) -> BufferRegion:
    """The region holding `address`, or the one it is closest to (just past or just before)."""

    def distance(region: BufferRegion) -> int:
        if address < region.address:
            return region.address - address
        return max(0, address - (region.address + region.nbytes) + 1)

    return min(regions, key=distance)


def _sentence(
    kind: str,
    report: Report,
    side: Side,
    other: Side | None,
    buffer: str | None,
    region: BufferRegion | None,
    words: SourceWords,
) -> str:
    at = _line(side.line) if side.line else gettext("the kernel")
    name = f"'{buffer}'" if buffer else gettext("a buffer")
    if kind in ("out-of-bounds-read", "out-of-bounds-write"):
        if kind.endswith("read"):
            sentence = gettext("{at} reads {place}")
        else:
            sentence = gettext("{at} writes {place}")
        return sentence.format(at=at, place=_outside(report, region, name))
    if kind == "read-only-write":
        return gettext(
            "{at} writes to {name}, which the kernel may only read (a const pointer, or "
            "access 'in'): write to another buffer, or make it writable"
        ).format(at=at, name=name)
    if kind == "write-only-read":
        return gettext(
            "{at} reads {name}, whose access is 'out' (write-only): give it access 'inout'"
        ).format(at=at, name=name)
    if kind == "array-index":
        size = report.size or 0
        return ngettext(
            "{at} uses index {index} in an array of {size} element (valid indices are 0 to {last})",
            "{at} uses index {index} in an array of {size} elements "
            "(valid indices are 0 to {last})",
            size,
        ).format(at=at, index=report.index, size=size, last=size - 1)
    if kind == "data-race" and other is not None:
        return _race(report, side, other, buffer, words)
    if kind == "barrier-divergence":
        if report.reached is not None:
            reached = gettext(
                "only {reached} of the {size} work-items of a work-group "
                "reached the barrier at {at}"
            ).format(reached=report.reached, size=report.group_size, at=at)
        else:
            reached = gettext(
                "the work-items of a work-group reached different barriers ({at} and another)"
            ).format(at=at)
        return gettext(
            "{reached}: every work-item of a group must reach the same barrier, so keep "
            "barrier() out of conditions that differ between work-items"
        ).format(reached=reached)
    if kind == "uninitialized":
        if report.headline.startswith("Controlflow"):
            return gettext("{at} decides a branch on a value that was never set").format(at=at)
        return gettext(
            "{at} uses a value that was never set: a variable without a value, or memory "
            "no work-item wrote before it was read"
        ).format(at=at)
    if kind == "misaligned-access":
        return gettext("{at} accesses memory through a pointer not aligned to its type").format(
            at=at
        )
    if kind == "api-error":
        return gettext("the host program's OpenCL call failed: {details}").format(
            details="; ".join(report.details)
        )
    return gettext("Oclgrind stopped the kernel at {at}: {headline}").format(
        at=at, headline=report.headline
    )


def _line(number: int) -> str:
    return gettext("line {line}").format(line=number)


def _outside(report: Report, region: BufferRegion | None, name: str) -> str:
    """`element 64 of 'a', which has 64 float elements (0 to 63)`, or what is known."""
    space = {"local": "__local", "private": "private"}.get(report.space or "", report.space)
    if region is None or report.address is None:
        return gettext("outside {name} in {space} memory").format(name=name, space=space)
    count = region.nbytes // max(1, region.itemsize)
    offset = report.address - region.address
    if offset >= 0:
        element = offset // max(1, region.itemsize)
        return gettext(
            "element {element} of '{name}', which has {count} {type} "
            "elements (0 to {last}): past its end"
        ).format(
            element=element, name=region.name, count=count, type=region.type_name, last=count - 1
        )
    before = -(offset // max(1, region.itemsize))
    return ngettext(
        "{count} element before the start of '{name}'",
        "{count} elements before the start of '{name}'",
        before,
    ).format(count=before, name=region.name)


def _race(report: Report, a: Side, b: Side, buffer: str | None, words: SourceWords) -> str:
    target = words.access_text(a.line, a.column, a.access == "store") or buffer or gettext("memory")
    first = gettext("writes") if a.access == "store" else gettext("reads")
    second = gettext("writes") if b.access == "store" else gettext("reads")
    where_b = _line(b.line) if b.line != a.line else gettext("the same line in another work-item")
    same_group = a.who is not None and b.who is not None and a.who.group == b.who.group
    if not same_group:
        together = gettext("in different work-groups, which no barrier can order")
        fix = gettext("give each work-item its own element, or use an atomic")
    elif a.access == b.access or (a.access != "store" and b.access != "store"):
        together = gettext("in the same work-group, with nothing to order them")
        fix = gettext("give each work-item its own element, or use an atomic")
    else:
        together = gettext("in the same work-group, with no barrier between")
        fence = "CLK_LOCAL_MEM_FENCE" if report.space == "local" else "CLK_GLOBAL_MEM_FENCE"
        fix = gettext("put barrier({fence}) between them").format(fence=fence)
    # Translators: "line 5 writes tile[lid] while line 9 reads it, in the same work-group, ...".
    return gettext("{line} {first} {target} while {where} {second} it, {together}: {fix}").format(
        line=_line(a.line),
        first=first,
        target=target,
        where=where_b,
        second=second,
        together=together,
        fix=fix,
    )
