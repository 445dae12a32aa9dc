"""What a check finds: plain frozen results that cross the worker boundary and become JSON."""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common import Diagnostic, LoopRounds, RunError, gettext, ngettext
from clstudio.validation import launch_iteration_heading

Index3 = tuple[int, int, int]

# Every kind of problem a check reports, with the severity it shows with in the editor.
KIND_SEVERITIES = {
    "out-of-bounds-read": "error",
    "out-of-bounds-write": "error",
    "read-only-write": "error",
    "write-only-read": "error",
    "array-index": "error",
    "data-race": "error",
    "barrier-divergence": "error",
    "async-copy-divergence": "error",
    "unwaited-event": "error",
    "invalid-wait-event": "error",
    "misaligned-access": "error",
    "uninitialized": "warning",
    "simulator-error": "error",
    "api-error": "note",
    "oclgrind-report": "error",  # a message no pattern knows: Oclgrind's words, kept
}
FIRST_KEPT = 3  # work-items named per problem; the count says how many there were


@dataclass(frozen=True)
class WorkItem:
    """Who did it: a work-item (global, local and group ids), or a whole work-group."""

    group: Index3
    global_id: Index3 | None = None  # None: the work-group as a whole (a barrier)
    local_id: Index3 | None = None

    def describe(self) -> str:
        if self.global_id is None:
            return gettext("work-group {group}").format(group=_ids(self.group))
        return gettext("work-item {item} (local {local}, group {group})").format(
            item=_ids(self.global_id), local=_ids(self.local_id), group=_ids(self.group)
        )


@dataclass(frozen=True)
class CheckProblem:
    """One distinct problem: a kind at a place, with how many work-items hit it."""

    kind: str  # a key of KIND_SEVERITIES
    line: int  # 1-based; 0 when Oclgrind knew no place in the source
    column: int
    kernel: str
    message: str  # a sentence for a learner
    count: int  # distinct work-items (or work-groups, for a barrier) that hit it
    first: tuple[WorkItem, ...] = ()
    memory_space: str | None = None  # "global", "local", "private" or "constant"
    buffer: str | None = None  # the argument (or __local array) the access was meant for
    other_line: int | None = None  # a race's other side
    other_column: int | None = None
    oclgrind: str = ""  # Oclgrind's own first line, for the curious and for bug reports
    # In a program of several launches: the first launch that hit it (1-based among the
    # written launches, of `launch_count`) and its iteration; None for a one-launch session.
    launch: int | None = None
    launch_count: int = 0
    iteration: int = 0

    @property
    def severity(self) -> str:
        return KIND_SEVERITIES.get(self.kind, "error")

    @property
    def work_item(self) -> Index3 | None:
        """The first work-item's global id."""
        return self.first[0].global_id if self.first else None

    @property
    def work_group(self) -> Index3 | None:
        return self.first[0].group if self.first else None

    def where(self) -> str:
        """`launch 2 of 3, kernel `scan_blocks`, iteration 14`; "" for a one-launch session."""
        if self.launch is None:
            return ""
        return launch_iteration_heading(self.launch, self.launch_count, self.kernel, self.iteration)

    def who(self) -> str:
        """How many hit it and the first few, in words."""
        if not self.first:
            return ""
        named = "; ".join(w.describe() for w in self.first)
        some = self.count > len(self.first)
        if self.first[0].global_id is None:
            if some:
                text = ngettext(
                    "{count} work-group, first: {named}",
                    "{count} work-groups, first: {named}",
                    self.count,
                )
            else:
                text = ngettext(
                    "{count} work-group: {named}", "{count} work-groups: {named}", self.count
                )
        elif some:
            text = ngettext(
                "{count} work-item, first: {named}",
                "{count} work-items, first: {named}",
                self.count,
            )
        else:
            text = ngettext("{count} work-item: {named}", "{count} work-items: {named}", self.count)
        return text.format(count=self.count, named=named)

    def diagnostics(self) -> tuple[Diagnostic, ...]:
        """As the editor shows build messages; a race also marks its other line with a note."""
        who, where = self.who(), self.where()
        if who and where:
            said = gettext("Check, {launch}: {problem} ({who})")
        elif where:
            said = gettext("Check, {launch}: {problem}")
        elif who:
            said = gettext("Check: {problem} ({who})")
        else:
            said = gettext("Check: {problem}")
        text = said.format(problem=self.message, who=who, launch=where)
        shown = [Diagnostic(self.line, self.column, self.severity, text)]
        if self.other_line and self.other_line != self.line:
            note = gettext("Check: the other side of the data race at line {line}").format(
                line=self.line
            )
            shown.append(Diagnostic(self.other_line, self.other_column or 0, "note", note))
        return tuple(shown)


@dataclass(frozen=True)
class CheckResult:
    """A session run once on the Oclgrind simulator with its checks on.

    ok is True when it ran and nothing was found. A session that could not run
    (no Oclgrind, a build error, a crash) has `error`, as a run does.
    """

    ok: bool
    kernel: str
    error: RunError | None = None
    device: str = ""
    global_size: tuple[int, ...] = ()
    local_size: tuple[int, ...] | None = None
    problems: tuple[CheckProblem, ...] = ()
    coverage: str = ""  # what ran when not the whole range: quick mode or a reduced range
    suppressed: bool = False  # Oclgrind stopped reporting after its limit: counts are minimums
    reports: int = 0  # Oclgrind's reports before grouping
    seconds: float = 0.0
    simulator_found: bool = True
    launch_count: int = 1  # the launches the session writes, as RunResult counts them
    loops: tuple[LoopRounds, ...] = ()  # how the loops until done ended on the simulator

    @property
    def is_program(self) -> bool:
        """Several written launches: the report names a program, not one kernel."""
        return self.launch_count > 1

    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return tuple(d for p in self.problems for d in p.diagnostics())


def _ids(ids: Index3 | None) -> str:
    return "(" + ",".join(str(i) for i in ids) + ")" if ids is not None else "?"
