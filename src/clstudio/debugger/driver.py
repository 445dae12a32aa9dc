"""A debug run driven by its commands: start, continue, steps, another work-item, stop.

Oclgrind runs one work-item at a time and stops wherever any of them reaches a
breakpoint; the driver follows one work-item (the user's choice). When another
reaches a breakpoint first (the followed one waits at a barrier, or has finished),
the followed one is put back in front with `workitem`, and the run goes on.

One thread gives the commands; `stop` may come from any thread, and always works.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar

from clstudio.checkmode import parse_log
from clstudio.common import RunError, gettext
from clstudio.debugger.answers import StopAnswer, parse_backtrace, parse_info, parse_stop
from clstudio.debugger.debug_plan import DebugPlan
from clstudio.debugger.debug_results import (
    BARRIER,
    BREAKPOINT,
    ENDED,
    ERROR,
    FINISHED,
    NOT_STARTED,
    STEP,
    SWITCHED,
    BarrierState,
    DebugStop,
    KernelInfo,
    MemoryView,
    PausedState,
    Value,
    ids_text,
)
from clstudio.debugger.inspection import Inspector
from clstudio.debugger.pipe import DebuggerEnded, DebuggerProcess, DebuggerTimeout, start_debugger
from clstudio.debugger.run_endings import (
    cancelled_stop,
    silent_end_stop,
    status_error,
    timed_out_stop,
    unchanged_stop,
)

_BARRIER_CALL = re.compile(r"\b(?:work_group_)?barrier\s*\(")
Ids = tuple[int, int, int]
Read = TypeVar("Read")
_LEAVE_HEX = frozenset(("print", "backtrace", "gmem", "lmem", "pmem"))  # see answers.py
_BACK_TO_DECIMAL = "info"

StartDebugger = Callable[[DebugPlan], DebuggerProcess]


class DebugDriver:
    """One debug run of a planned session; every command returns the new DebugStop."""

    def __init__(
        self,
        plan: DebugPlan,
        ready: DebuggerProcess | None = None,
        start: StartDebugger = start_debugger,
    ) -> None:
        """`ready`: a debug process started ahead, waiting for a plan; it runs this one
        if it can (else it is closed and `start` starts a fresh one). `start`: starts the
        debug process (on this machine; clstudio.remote gives one on another)."""
        self.plan = plan
        self._ready = ready
        self._start_process = start
        self.following: Ids = plan.work_item
        self.info: KernelInfo | None = None
        self.simulator_found = True  # until the debug process says otherwise
        self.stop_now: DebugStop | None = None  # the latest stop
        self._process: DebuggerProcess | None = None
        self._breakpoints = 0  # how many Oclgrind has numbered
        # A breakpoint of our own where work-items begin: under `continue` Oclgrind never
        # stops where one ends (a finished work-item is on no line), so without it the rest
        # of a large range would run on after the followed one finished.
        self._start_breakpoint: int | None = None
        self._deadline = 0.0
        self._inspector = Inspector(plan.session, self._ask, dict(plan.type_names))

    @property
    def pid(self) -> int | None:
        """The debug process's id once started (it stays known after the process ended)."""
        return self._process.pid if self._process is not None else None

    # The commands.
    def start(self) -> DebugStop:
        """Start the debug process and run to the followed work-item's first breakpoint."""
        ready, self._ready = self._ready, None
        if ready is not None and not ready.can_begin(self.plan):
            ready.close()
            ready = None
        if ready is not None:
            ready.begin(self.plan)
            self._process = ready
        else:
            self._process = self._start_process(self.plan)
        return self._guarded(self._start)

    def resume(self) -> DebugStop:
        """Continue: to the next breakpoint the followed work-item reaches."""
        return self._guarded(lambda: self._resume("continue", BREAKPOINT))

    def step_over(self) -> DebugStop:
        return self._guarded(lambda: self._step("next"))

    def step_into(self) -> DebugStop:
        return self._guarded(lambda: self._step("step"))

    def step_out(self) -> DebugStop:
        """Oclgrind has no `finish`: steps over until the call returns (in the kernel
        function itself, the same as continue)."""
        return self._guarded(self._step_out)

    def switch(self, global_id: Sequence[int]) -> DebugStop:
        """Follow another work-item from where it is (before its first line if not started)."""
        x, y, z = (*global_id, 0, 0)[:3]
        return self._guarded(lambda: self._switch((x, y, z)))

    # What the paused work-item sees; once the run has ended, nothing.
    def values(self, expressions: Sequence[str]) -> tuple[Value, ...]:
        """Each expression (`i`, `a[5]`, `a[i]`) printed, typed by its declaration."""
        return self._reading(lambda: self._inspector.values(expressions), ())

    def variables(self) -> tuple[Value, ...]:
        """The private variables and by-value arguments in scope where the work-item is."""
        line = self.stop_now.line if self.stop_now is not None else None
        if line is None:
            return ()
        return self._reading(lambda: self._inspector.variables(line), ())

    def local_arrays(self) -> tuple[MemoryView, ...]:
        """The `__local` arrays of the followed work-item's group, changes since last marked."""
        if self.info is None:
            return ()
        group = self.info.ids(self.following).group_id
        return self._reading(lambda: self._inspector.local_arrays(group), ())

    def global_window(self, name: str, index: int, radius: int = 8) -> MemoryView | None:
        """The `__global` buffer `name` around element `index` (the whole of a small one)."""
        return self._reading(lambda: self._inspector.global_window(name, index, radius), None)

    def paused(self) -> PausedState:
        """Everything a Debug dock shows at the latest stop: variables, the group's `__local`
        arrays, the `__global` buffers around what the line touches, the barrier."""
        stop = self.stop_now or DebugStop(ENDED, None, None)
        if stop.line is None or self.info is None:
            return PausedState(stop)
        line, source = stop.line, stop.source
        group = self.info.ids(self.following).group_id

        def read() -> PausedState:
            touched = self._inspector.touched(source)
            arrays = self._inspector.local_arrays(group)
            return PausedState(
                stop,
                self._inspector.variables(line),
                tuple(replace(view, focus=touched.get(view.name)) for view in arrays),
                self._inspector.buffers(touched),
            )

        state = self._reading(read, PausedState(stop))
        return replace(state, barrier=self.barrier_state())

    def barrier_state(self) -> BarrierState | None:
        """Who of the followed work-item's group has reached its barrier; None unless at one."""
        stop, info = self.stop_now, self.info
        if stop is None or stop.reason != BARRIER or stop.line is None or info is None:
            return None
        line = stop.line
        return self._reading(
            lambda: self._inspector.barrier_state(info, self.following, line), None
        )

    def stop(self) -> None:
        """End the run now: the process group is killed. Safe from any thread."""
        if self._process is not None:
            self._process.kill()

    def close(self) -> None:
        for process in (self._ready, self._process):
            if process is not None:
                process.close()
        self._ready = None

    # How they are done.
    def _guarded(self, command: Callable[[], DebugStop]) -> DebugStop:
        """Run a command; an ended or silent process ends the run with a stop that says why."""
        if self.stop_now is not None and self.stop_now.reason == ENDED:
            return self.stop_now
        self._deadline = time.monotonic() + self.plan.answer_limit_s
        try:
            stop: DebugStop = command()
        except DebuggerEnded as ended:
            stop = self._ended(ended.text)
        except DebuggerTimeout:
            stop = timed_out_stop(self.plan.answer_limit_s)
        self.stop_now = stop
        return stop

    def _reading(self, read: Callable[[], Read], nothing: Read) -> Read:
        """A read of the paused state; a process that ends or goes silent meanwhile ends the
        run (stop_now says why), and the read gives `nothing`."""
        if self._process is None or (self.stop_now is not None and self.stop_now.reason == ENDED):
            return nothing
        self._deadline = time.monotonic() + self.plan.answer_limit_s
        try:
            return read()
        except DebuggerEnded as ended:
            self.stop_now = self._ended(ended.text)
        except DebuggerTimeout:
            self.stop_now = timed_out_stop(self.plan.answer_limit_s)
        return nothing

    def _ask(self, commands: Sequence[str]) -> tuple[str, ...]:
        """Each command's answer. After each that prints a pointer or a dump, which leaves
        Oclgrind's stdout in hexadecimal, an `info` puts it back (its answer dropped)."""
        assert self._process is not None
        sent: list[str] = []
        for command in commands:
            sent.append(command)
            if command.split(" ", 1)[0] in _LEAVE_HEX:
                sent.append(_BACK_TO_DECIMAL)
        answers = self._process.ask(sent, max(0.0, self._deadline - time.monotonic()))
        kept, index = [], 0
        for command in commands:
            kept.append(answers[index])
            index += 2 if command.split(" ", 1)[0] in _LEAVE_HEX else 1
        return tuple(kept)

    def _ask_one(self, command: str) -> str:
        return self._ask([command])[0]

    def _start(self) -> DebugStop:
        first = self._ask_one("info")  # the kernel's first line, then the launch
        info = parse_info(first)
        if info is None:
            return DebugStop(ENDED, None, None, error=RunError("run", first.strip()))
        self.info = KernelInfo(info.kernel, info.global_size, info.global_offset, info.local_size)
        answers = self._ask([f"break {line}" for line in self.plan.breakpoints])
        refused = [line for line, a in zip(self.plan.breakpoints, answers, strict=True) if a]
        if refused:
            message = gettext("Oclgrind refused a breakpoint at line {line}").format(
                line=refused[0]
            )
            return DebugStop(ENDED, None, None, error=RunError("validate", message))
        self._breakpoints = len(answers)
        begin = parse_stop(first).line  # where work-item (0,0,0) stands before its first step
        if begin and begin not in self.plan.breakpoints and not self._ask_one(f"break {begin}"):
            self._breakpoints += 1
            self._start_breakpoint = self._breakpoints
        if self.following != (0, 0, 0):
            self._ask_one(f"workitem {_ids_arg(self.following)}")
        return self._resume("continue", BREAKPOINT)

    def _resume(self, command: str, reason: str) -> DebugStop:
        """Run with `command` until the followed work-item stops; others' hits are passed by."""
        output: list[str] = []
        answer = parse_stop(self._ask_one(command))
        while True:
            output.append(answer.output)
            if answer.hit == self._start_breakpoint and answer.hit_by == self.following:
                answer = parse_stop(self._ask_one("continue"))  # it begins: run on
                continue
            if answer.hit_by is None or answer.hit_by == self.following:
                break
            switched = parse_stop(self._ask_one(f"workitem {_ids_arg(self.following)}"))
            output.append(switched.output)
            if {"cannot-switch", "finished"} & set(switched.messages):
                return self._finished("".join(output))
            answer = parse_stop(self._ask_one("continue"))
        if answer.hit_by is None and command == "continue":
            reason = ERROR  # a continue stops elsewhere only when Oclgrind breaks in on an error
        return self._located(answer, reason, "".join(output))

    def _step(self, command: str) -> DebugStop:
        answer = parse_stop(self._ask_one(command))
        if "at-barrier" in answer.messages:
            return self._past_barrier(command)
        if "finished" in answer.messages:
            return self._finished(answer.output)
        return self._located(answer, STEP, answer.output)

    def _past_barrier(self, command: str) -> DebugStop:
        """A step from a barrier: the rest of the group must reach it first. A breakpoint on
        every line brings each of them back; at each, the followed work-item tries again."""
        lines = len(self.plan.session.source.splitlines())
        answers = self._ask([f"break {line}" for line in range(1, lines + 1)])
        numbers = [self._breakpoints + 1 + i for i in range(sum(1 for a in answers if not a))]
        self._breakpoints += len(numbers)
        output: list[str] = []
        try:
            answer = parse_stop(self._ask_one("continue"))
            while answer.hit_by is not None and answer.hit_by != self.following:
                output.append(answer.output)
                ours = f"workitem {_ids_arg(self.following)}"
                switched, tried = (parse_stop(a) for a in self._ask([ours, command]))
                output += [switched.output, tried.output]
                if "at-barrier" not in tried.messages:
                    answer = tried
                    break
                answer = parse_stop(self._ask_one("continue"))
        finally:
            self._ask([f"delete {number}" for number in numbers])
        output.append(answer.output)
        if "finished" in answer.messages:
            return self._finished("".join(output))
        return self._located(answer, STEP, "".join(output))

    def _step_out(self) -> DebugStop:
        depth = self.stop_now.depth if self.stop_now is not None else 0
        if depth == 0:
            return self._resume("continue", BREAKPOINT)
        while True:
            stop = self._step("next")
            if stop.reason != STEP or stop.depth < depth:
                return stop

    def _switch(self, global_id: Ids) -> DebugStop:
        answer = parse_stop(self._ask_one(f"workitem {_ids_arg(global_id)}"))
        if "invalid-id" in answer.messages:
            message = gettext("there is no work-item {item} in this launch").format(
                item=ids_text(global_id)
            )
            return unchanged_stop(self.stop_now, RunError("validate", message))
        assert self.info is not None
        if "cannot-switch" in answer.messages:
            message = gettext("work-item {item} has already finished").format(
                item=ids_text(global_id)
            )
            return unchanged_stop(self.stop_now, RunError("validate", message))
        self.following = global_id
        if "no-source-line" in answer.messages:
            return DebugStop(NOT_STARTED, self.info.ids(global_id), None, output=answer.output)
        if "finished" in answer.messages:
            return self._finished(answer.output)
        return self._located(answer, SWITCHED, answer.output)

    def _located(self, answer: StopAnswer, reason: str, output: str) -> DebugStop:
        """The stop of the followed work-item at the line `answer` shows; `backtrace` and
        `info` tell the rest (and `info` puts Oclgrind's numbers back into decimal)."""
        assert self.info is not None
        trace, described = self._ask(["backtrace", "info"])  # info: also the state
        state = parse_info(described)
        if state is not None and state.finished and state.current == self.following:
            return self._finished(output)
        where = state.current if state is not None and state.current else self.following
        line = answer.line if answer.line is not None else (state.line if state else None)
        source = answer.source or self._source_line(line)
        if reason in (STEP, BREAKPOINT, SWITCHED) and _BARRIER_CALL.search(source):
            reason = BARRIER  # Oclgrind stops on a barrier's line once it has arrived there
        reports = self._reports()
        if parse_log(reports).reports and reason != SWITCHED:
            reason = ERROR
        frames = parse_backtrace(trace)
        function = frames[0].function if frames else self.plan.session.kernel
        self._inspector.enter(function)
        return DebugStop(
            reason,
            self.info.ids(where),
            line,
            source.strip(),
            function,
            frames[0].depth if frames else 0,
            output=output,
            oclgrind=reports,
        )

    def _finished(self, output: str) -> DebugStop:
        assert self.info is not None
        ids = self.info.ids(self.following)
        return DebugStop(FINISHED, ids, None, output=output, oclgrind=self._reports())

    def _reports(self) -> str:
        return self._process.take_reports().strip() if self._process is not None else ""

    def _source_line(self, line: int | None) -> str:
        lines = self.plan.session.source.splitlines()
        return lines[line - 1] if line is not None and 0 < line <= len(lines) else ""

    def _ended(self, text: str) -> DebugStop:
        """The process is gone: killed by Stop, or the run ended (well or not)."""
        assert self._process is not None
        output = parse_stop(text).output
        reports = self._reports()
        if self._process.killed:
            return cancelled_stop(output)
        status = self._process.status()
        self._process.exit_code()
        if status is None:
            return silent_end_stop(output, self._process.exit_code(), reports)
        self.simulator_found = status.get("simulator_found") is not False
        error = status_error(status)
        return DebugStop(ENDED, None, None, output=output, oclgrind=reports, error=error)


def _ids_arg(ids: Ids) -> str:
    return " ".join(map(str, ids))
