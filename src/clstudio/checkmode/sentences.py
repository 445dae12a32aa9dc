"""The sentence a learner reads for each problem: what happened, where, and what to do.

Each kind is told as it is: an atomic update is not "a read", a work-group's async
copy has no line of its own (Oclgrind names the group, not a work-item), a divergent
copy is not a barrier, and a barrier that fences the wrong memory is named with its
flags rather than said to be missing.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.checkmode.reports import Report, Side
from clstudio.checkmode.source_words import SourceWords
from clstudio.common import gettext, ngettext

NULL_PAGE = 4096  # an address below this came from a NULL pointer (plus a small offset)
NEAR_BYTES = 4096  # an address further than this from every buffer is named by none


@dataclass(frozen=True)
class BufferRegion:
    """Where a buffer argument lies in the simulator's global memory."""

    name: str
    address: int
    nbytes: int
    itemsize: int
    type_name: str  # the element type as the session names it: "float", "float4"


def sentence(
    kind: str,
    report: Report,
    sides: tuple[Side, ...],
    buffer: str | None,
    region: BufferRegion | None,
    words: SourceWords,
    located: bool = False,
) -> str:
    """`located`: where the buffers lie was known, so an address in none of them is wild."""
    side = sides[0] if sides else Side()
    other = sides[1] if len(sides) > 1 else None
    at = _at(side, words)
    name = f"'{buffer}'" if buffer else gettext("a buffer")
    call = _atomic_call(side, words)
    if kind in ("out-of-bounds-read", "out-of-bounds-write"):
        place = _outside(report, region, name, located)
        if call:
            return gettext("{at} updates, with {call}, {place}").format(
                at=at, place=place, call=call
            )
        if kind.endswith("read"):
            return gettext("{at} reads {place}").format(at=at, place=place)
        return gettext("{at} writes {place}").format(at=at, place=place)
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
    if kind in ("barrier-divergence", "async-copy-divergence"):
        return _divergence(kind, report, side, other, words)
    if kind == "unwaited-event":
        return gettext(
            "a work-group finished ({at}) with an async_work_group_copy that nothing waited "
            "for: call wait_group_events on its event before the kernel ends"
        ).format(at=at)
    if kind == "invalid-wait-event":
        return gettext(
            "{at} waits for an event that no async_work_group_copy of this work-group "
            "returned: wait only for events the copies gave"
        ).format(at=at)
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
    if kind == "simulator-error":
        return gettext("Oclgrind stopped the kernel at {at}: {headline}").format(
            at=at, headline=report.headline
        )
    said = "; ".join((report.headline, *report.details))
    if "Unsupported float size: 2 bytes" in said:  # its interpreter has no half arithmetic
        return gettext(
            "{at} computes with half (16-bit floats), which Oclgrind cannot simulate: check "
            "the kernel with float, or run it on a device with cl_khr_fp16"
        ).format(at=at)
    return gettext("Oclgrind reported, at {at}: {said}").format(at=at, said=said)


def _line(number: int, words: SourceWords) -> str:
    return gettext("line {line}").format(line=words.place(number))


def _at(side: Side, words: SourceWords) -> str:
    """`line 5`; for a work-group's own act at no line (an async copy), the copy's line."""
    group_act = side.who is not None and side.who.global_id is None
    if side.line and group_act and words.calls(side.line, "wait_group_events"):
        return gettext("the async copy that line {line} waits for").format(
            line=words.place(side.line)
        )
    if side.line:
        return _line(side.line, words)
    if group_act:
        copy = words.first_line_calling("async_work_group")
        if copy:
            return gettext("the work-group's async_work_group_copy at line {line}").format(
                line=words.place(copy)
            )
        return gettext("the work-group's async copy")
    return gettext("the kernel")


def _atomic_call(side: Side, words: SourceWords) -> str:
    """`atomic_inc` when the access is an atomic built-in's, else ""."""
    if side.access not in ("call", "atomicrmw", "cmpxchg"):
        return ""
    name = words.access_text(side.line, side.column, False)
    return name if name.startswith(("atomic_", "atom_")) else ""


def _outside(report: Report, region: BufferRegion | None, name: str, located: bool) -> str:
    """`element 64 of 'a', which has 64 float elements (0 to 63)`, or what is known."""
    space = {"local": "__local", "private": "private"}.get(report.space or "", report.space)
    if located and report.space == "global" and report.address is not None and region is None:
        if report.address < NULL_PAGE:
            return gettext(
                "through a NULL pointer (address {address}), outside every buffer"
            ).format(address=hex(report.address))
        return gettext("address {address}, outside every buffer").format(
            address=hex(report.address)
        )
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


def near_region(address: int, regions: tuple[BufferRegion, ...]) -> BufferRegion | None:
    """The region holding `address`, or the one it just missed; None when it is far from all."""

    def distance(region: BufferRegion) -> int:
        if address < region.address:
            return region.address - address
        return max(0, address - (region.address + region.nbytes) + 1)

    if address < NULL_PAGE or not regions:
        return None
    nearest = min(regions, key=distance)
    return nearest if distance(nearest) <= NEAR_BYTES else None


def _verb(side: Side, words: SourceWords, target: str) -> str:
    call = _atomic_call(side, words)
    if call:
        return gettext("updates {target} with {call}").format(target=target, call=call)
    if side.who is not None and side.who.global_id is None:
        return gettext("copies over {target}").format(target=target)
    if side.access == "store":
        return gettext("writes {target}").format(target=target)
    return gettext("reads {target}").format(target=target)


def _race(report: Report, a: Side, b: Side, buffer: str | None, words: SourceWords) -> str:
    target = ""
    if not _atomic_call(a, words):
        target = words.access_text(a.line, a.column, a.access == "store")
    target = target or (f"'{buffer}'" if buffer else gettext("memory"))
    where_b = _at(b, words) if b.line != a.line or not b.line else ""
    if not where_b:
        where_b = gettext("the same line in another work-item")
    atomic = bool(_atomic_call(a, words) or _atomic_call(b, words))
    copy = any(s.who is not None and s.who.global_id is None for s in (a, b))
    same_group = a.who is not None and b.who is not None and a.who.group == b.who.group
    writes = [s.access == "store" or bool(_atomic_call(s, words)) or s.who is None for s in (a, b)]
    fence = "CLK_LOCAL_MEM_FENCE" if report.space == "local" else "CLK_GLOBAL_MEM_FENCE"
    copy_line = words.first_line_calling("async_work_group")
    lines = [s.line or copy_line for s in (a, b)]
    wrong = words.barrier_between(lines[0], lines[1], fence) if same_group else None
    if not same_group:
        together = gettext("in different work-groups, which no barrier can order")
        if atomic:
            fix = gettext(
                "an atomic is ordered only with other atomics: make the other access atomic "
                "too, or do it in an earlier kernel"
            )
        else:
            fix = gettext("give each work-item its own element, or use an atomic")
    elif wrong is not None:
        line, flags = wrong
        together = gettext(
            "in the same work-group: the barrier({flags}) at line {line} between them does "
            "not fence {space} memory"
        ).format(flags=flags, line=words.place(line), space=_space_name(report.space))
        fix = gettext("make it barrier({fence})").format(fence=fence)
    elif copy:
        together = gettext("in the same work-group, with nothing to order them")
        fix = gettext(
            "put barrier({fence}) between the work-items' own accesses and the copy, and "
            "wait for the copy (wait_group_events) before touching what it copies"
        ).format(fence=fence)
    elif atomic:
        together = gettext("in the same work-group, with nothing to order them")
        fix = gettext(
            "an atomic is ordered only with other atomics: make the other access atomic "
            "too, or put barrier({fence}) between them"
        ).format(fence=fence)
    elif not all(writes) and any(writes):
        together = gettext("in the same work-group, with no barrier between")
        fix = gettext("put barrier({fence}) between them").format(fence=fence)
    else:
        together = gettext("in the same work-group, with nothing to order them")
        fix = gettext("give each work-item its own element, or use an atomic")
    # Translators: "line 5 writes tmp[l] while line 9 reads it, in the same work-group, ...".
    return gettext("{at} {first} while {where} {second}, {together}: {fix}").format(
        at=_at(a, words),
        first=_verb(a, words, target),
        where=where_b,
        second=_verb(b, words, gettext("it")),
        together=together,
        fix=fix,
    )


def _space_name(space: str | None) -> str:
    return {"local": "__local", "global": "__global"}.get(space or "", space or "")


def _divergence(
    kind: str, report: Report, side: Side, other: Side | None, words: SourceWords
) -> str:
    at = _at(side, words)
    if kind == "async-copy-divergence":
        if report.reached is not None:
            reached = _partial(
                gettext(
                    "only {reached} of the {size} work-items of a work-group made the "
                    "async copy at {at}"
                ),
                report,
                at,
            )
        else:
            reached = _differing(
                gettext(
                    "the work-items of a work-group called the async copy at {at} with "
                    "different arguments ({mine}, where others had {theirs})"
                ),
                at,
                side,
                other,
            )
        return gettext(
            "{reached}: every work-item of a group must make the same async_work_group_copy "
            "call, with the same arguments"
        ).format(reached=reached)
    if report.reached is not None:
        reached = _partial(
            gettext(
                "only {reached} of the {size} work-items of a work-group reached the barrier "
                "at {at}"
            ),
            report,
            at,
        )
    elif side.line and words.calls(side.line, "wait_group_events"):
        reached = _differing(
            gettext(
                "the work-items of a work-group waited for different events at {at} ({mine}, "
                "where others had {theirs})"
            ),
            at,
            side,
            other,
        )
        return gettext(
            "{reached}: every work-item of a group must call wait_group_events with the same events"
        ).format(reached=reached)
    elif other is not None and other.line and other.line != side.line:
        reached = gettext(
            "the work-items of a work-group reached different barriers ({at} and line {other})"
        ).format(at=at, other=words.place(other.line))
    else:
        reached = _differing(
            gettext(
                "the work-items of a work-group reached the barrier at {at} with different "
                "fence flags ({mine}, where others had {theirs})"
            ),
            at,
            side,
            other,
        )
    return gettext(
        "{reached}: every work-item of a group must reach the same barrier, so keep "
        "barrier() out of conditions that differ between work-items"
    ).format(reached=reached)


def _partial(sentence: str, report: Report, at: str) -> str:
    """`sentence` (translated) told how few of the work-group got to `at`."""
    return sentence.format(reached=report.reached, size=report.group_size, at=at)


def _differing(sentence: str, at: str, side: Side, other: Side | None) -> str:
    """`sentence` (translated) told what this work-item had at `at`, and what others had."""
    return sentence.format(at=at, mine=_values(side), theirs=_values(other))


def _values(side: Side | None) -> str:
    return "; ".join(side.values) if side is not None and side.values else "?"
