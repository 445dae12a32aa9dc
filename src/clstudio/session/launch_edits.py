"""The Arguments form's edits of a program's launches, as pure functions of a session.

The form asks for an edit (`LaunchEdit`); `apply_launch_edit` answers with the session
after it. A program left with one plain launch that binds every parameter by its own
name is saved in the file's short form again, exactly as before. Named sizes follow
their launch when launches move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from clstudio.common import gettext
from clstudio.session.args import ArgSpec, BufferArg
from clstudio.session.format import Session
from clstudio.session.launches import (
    MAX_ITERATIONS,
    MAX_LAUNCHES,
    Launch,
    LaunchGroup,
)
from clstudio.session.loop_conditions import Until, until_problem
from clstudio.session.sizes import Path, SizeLinks

Entries = tuple[Launch | LaunchGroup, ...]
LaunchEditKind = Literal["add", "add_to_group", "remove", "move", "set", "group"]

__all__ = [
    "LaunchEdit",
    "apply_launch_edit",
    "group_problem",
    "leaf_prefixes",
    "swap_problem",
]


@dataclass(frozen=True)
class LaunchEdit:
    """One edit of the launches, by written position (1-based, as messages count).

    kind: "add" (a copy of the last launch at the end), "add_to_group" (a copy of the
    entry's last launch, inside `entry`), "remove", "move" (by `delta`, within its group
    when the group holds several launches, else among the entries), "set" (`launch`
    replaces the one at `position`), "group" (`iterations`, `swaps` and `until` of
    `entry`, 0-based).
    """

    kind: LaunchEditKind
    position: int = 0
    entry: int = 0
    delta: int = 0
    launch: Launch | None = None
    iterations: int = 1
    swaps: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    until: Until | None = None


def leaf_prefixes(entries: Entries) -> list[Path]:
    """The path below which each written launch's sizes sit, in launch order."""
    out: list[Path] = []
    for i, entry in enumerate(entries):
        if isinstance(entry, LaunchGroup):
            out += [("launches", i, "launches", j) for j in range(len(entry.launches))]
        else:
            out.append(("launches", i))
    return out


def apply_launch_edit(session: Session, edit: LaunchEdit) -> Session:
    """The session after `edit`; an edit of a position that is gone changes nothing."""
    entries = session.launches
    # Each new leaf's origin: the old leaf whose links it takes (-1: none).
    groups = [list(_group(e).launches) for e in entries]
    origin = [[_leaf_index(groups, g, j) for j in range(len(ls))] for g, ls in enumerate(groups)]
    meta = [(_group(e).iterations, _group(e).swaps, _group(e).until) for e in entries]
    where = _locate(groups, edit.position)
    if edit.kind == "add" and groups and _count(groups) < MAX_LAUNCHES:
        groups.append([groups[-1][-1]])
        origin.append([origin[-1][-1]])
        meta.append((1, (), None))
    elif edit.kind == "add_to_group" and 0 <= edit.entry < len(groups):
        if _count(groups) < MAX_LAUNCHES:
            groups[edit.entry].append(groups[edit.entry][-1])
            origin[edit.entry].append(origin[edit.entry][-1])
    elif edit.kind == "remove" and where is not None and _count(groups) > 1:
        g, j = where
        del groups[g][j], origin[g][j]
        if not groups[g]:
            del groups[g], origin[g], meta[g]
    elif edit.kind == "move" and where is not None:
        _move(groups, origin, meta, where, edit.delta)
    elif edit.kind == "set" and where is not None and edit.launch is not None:
        g, j = where
        groups[g][j] = edit.launch
    elif edit.kind == "group" and 0 <= edit.entry < len(groups):
        iterations = min(max(edit.iterations, 1), MAX_ITERATIONS)
        meta[edit.entry] = (iterations, edit.swaps, edit.until)
    else:
        return session
    new_entries = tuple(
        LaunchGroup(tuple(ls), *m) if len(ls) > 1 or m != (1, (), None) else ls[0]
        for ls, m in zip(groups, meta, strict=True)
    )
    links = _moved_links(session, entries, new_entries, [o for os in origin for o in os])
    return _with_entries(session, new_entries, links)


def _group(entry: Launch | LaunchGroup) -> LaunchGroup:
    return entry if isinstance(entry, LaunchGroup) else LaunchGroup((entry,))


def _leaf_index(groups: list[list[Launch]], g: int, j: int) -> int:
    return sum(len(ls) for ls in groups[:g]) + j


def _count(groups: list[list[Launch]]) -> int:
    return sum(len(ls) for ls in groups)


def _locate(groups: list[list[Launch]], position: int) -> tuple[int, int] | None:
    """(entry, index in it) of the written launch at 1-based `position`."""
    seen = 0
    for g, launches in enumerate(groups):
        if position - seen <= len(launches):
            return (g, position - seen - 1) if position > seen else None
        seen += len(launches)
    return None


def _move(
    groups: list[list[Launch]],
    origin: list[list[int]],
    meta: list[tuple[int, tuple[tuple[str, str], ...], Until | None]],
    where: tuple[int, int],
    delta: int,
) -> None:
    g, j = where
    if len(groups[g]) > 1:
        k = j + delta
        if 0 <= k < len(groups[g]):
            for seq in (groups[g], origin[g]):
                seq[j], seq[k] = seq[k], seq[j]  # type: ignore[assignment]
        return
    k = g + delta
    if 0 <= k < len(groups):
        for seqs in (groups, origin, meta):
            seqs[g], seqs[k] = seqs[k], seqs[g]  # type: ignore[assignment]


def _moved_links(session: Session, old: Entries, new: Entries, origin: list[int]) -> SizeLinks:
    """The size links with each launch's links under its new path; the top level's follow
    the first launch."""
    old_prefixes = leaf_prefixes(old)
    links: dict[Path, str] = {}
    for path, text in session.size_links.items():
        if path[0] != "launches":
            links[path] = text
    by_old: dict[int, dict[Path, str]] = {}
    for index, prefix in enumerate(old_prefixes):
        n = len(prefix)
        if not session.is_single_launch:
            found = {p[n:]: t for p, t in session.size_links.items() if p[:n] == prefix}
        else:  # the file's short form: the one launch is the top level's NDRange
            found = {
                p: t for p, t in session.size_links.items() if p[0] in ("global_size", "local_size")
            }
        by_old[index] = found
    for index, prefix in enumerate(leaf_prefixes(new)):
        for tail, text in by_old.get(origin[index], {}).items():
            links[(*prefix, *tail)] = text
    first = leaf_prefixes(new)[0]
    for path in [p for p in links if p[0] in ("global_size", "local_size")]:
        del links[path]
    for path, text in list(links.items()):
        if path[: len(first)] == first and path[len(first)] in ("global_size", "local_size"):
            links[path[len(first) :]] = text
    return links


def _with_entries(session: Session, entries: Entries, links: SizeLinks) -> Session:
    edited = replace(session, launches=entries, size_links=links)
    if edited.is_single_launch:  # saved in the short form, which has no `launches`
        links = {p: t for p, t in links.items() if p[0] != "launches"}
        return replace(edited, size_links=links)
    return edited


def swap_problem(pairs: tuple[tuple[str, str], ...], args: Mapping[str, ArgSpec]) -> str | None:
    """Why the pairs cannot swap (the session format's rules), or None when they can."""
    seen: set[str] = set()
    for first, second in pairs:
        for name in (first, second):
            if not isinstance(args.get(name), BufferArg):
                return gettext("{name} is not a buffer of the session").format(name=repr(name))
            if name in seen:
                return gettext("{name} is swapped twice; each buffer swaps with one other").format(
                    name=repr(name)
                )
            seen.add(name)
        a, b = args[first], args[second]
        assert isinstance(a, BufferArg) and isinstance(b, BufferArg)
        if first == second or (a.dtype, a.shape) != (b.dtype, b.shape):
            return gettext(
                "{first} and {second} must be two buffers of the same type and shape"
            ).format(first=repr(first), second=repr(second))
    return None


def group_problem(group: LaunchGroup, args: Mapping[str, ArgSpec]) -> str | None:
    """Why a group cannot run as written (its swaps, its condition); None when it can."""
    problem = swap_problem(group.swaps, args)
    if problem is None and group.until is not None:
        problem = until_problem(group.until, group.swaps, args)
    return problem
