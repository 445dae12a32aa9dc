"""Step mode for a program of several launches: the lesson's steps, some in parts.

Steps 1 to 5 are the one-launch session's. Step 6 creates each launch's kernel object,
one per Step; step 7 creates and fills the buffers once; step 8 sets each launch's
arguments, one launch per Step; step 9 enqueues one launch at a time, swaps and all,
as the run's plan orders them (past MAX_STEPPED_LAUNCHES the last part queues the
rest); step 10 waits once and step 11 reads the outputs back, as a run does.
"""

from __future__ import annotations

import pyopencl as cl

from clstudio.common import (
    KernelSignature,
    RunError,
    StepOutcome,
    Timing,
    format_bytes,
    format_seconds,
    gettext,
    ngettext,
)
from clstudio.engine import host_steps
from clstudio.engine.context import OpenCLContexts
from clstudio.engine.program_run import _ArgumentSetter, _read_write
from clstudio.engine.run_record import Entering, StepFailed, nowhere
from clstudio.engine.stepping import HostStepper, launch_failure
from clstudio.session import (
    PlannedLaunch,
    Session,
    final_buffers,
    leaf_launches,
    planned_launches,
)
from clstudio.validation import (
    check_ndrange,
    launch_heading,
    program_problems,
    program_signature,
)

MAX_STEPPED_LAUNCHES = 100  # step 9's parts; a longer program queues the rest at once


class ProgramStepper(HostStepper):
    """HostStepper for a session with `launches`: steps 6, 8 and 9 come in parts."""

    def __init__(
        self, contexts: OpenCLContexts, session: Session, entering: Entering = nowhere
    ) -> None:
        super().__init__(contexts, session, entering)
        self._launches = leaf_launches(session.launches)
        self._plan: list[PlannedLaunch] = list(planned_launches(session.launches))
        self._kernels: list[cl.Kernel] = []
        self._signatures: dict[str, KernelSignature] = {}
        self._merged: KernelSignature | None = None  # the session's arguments, typed
        self._setter: _ArgumentSetter | None = None
        self._argued = 0  # launches whose arguments are set
        self._queued = 0  # planned launches enqueued
        self._launch_events: list[tuple[PlannedLaunch, cl.Event]] = []

    def _heading(self, position: int) -> str:
        return launch_heading(position, len(self._launches), self._launches[position - 1].kernel)

    def _create_kernel(self) -> StepOutcome:
        state, program, build = self._state, self._program, self._record.build
        assert state is not None and program is not None and build is not None
        position = len(self._kernels) + 1
        launch = self._launches[position - 1]
        heading = self._heading(position)
        signature = build.kernel(launch.kernel)
        if signature is None:
            names = ", ".join(k.name for k in build.kernels)
            problem = gettext("{launch}: the program has no such kernel; it defines: {names}")
            raise StepFailed(RunError("validate", problem.format(launch=heading, names=names)))
        self._record.enter("kernel")
        self._signatures[launch.kernel] = signature
        self._kernels.append(cl.Kernel(program, signature.driver_name))
        count = len(self._launches)
        if position == count:
            kernels = {k: state.kernel(program, s.driver_name) for k, s in self._signatures.items()}
            found = program_problems(
                self.session, self._signatures, lambda k: state.limits_for(kernels[k]), False
            )
            if found:
                raise host_steps.first_problem([error for _, error in found])
        produced = ngettext(
            "{launch}: kernel '{name}' with {count} argument",
            "{launch}: kernel '{name}' with {count} arguments",
            len(signature.args),
        ).format(launch=heading, name=launch.kernel, count=len(signature.args))
        return StepOutcome(6, True, produced, part=position, parts=count)

    def _create_memory(self) -> StepOutcome:
        state = self._state
        assert state is not None
        merged = program_signature(self.session, self._launches, self._signatures)
        self._merged = merged
        self._buffers = host_steps.create_buffers(
            _read_write(self.session), merged, state, self._record
        )
        self._events = host_steps.upload(state, self._buffers, 0, self._record)
        self._setter = _ArgumentSetter(self.session, self._signatures, self._buffers, self._record)
        total = sum(self._record.inputs[b.name].nbytes for b in self._buffers)
        objects = ngettext("{count} buffer", "{count} buffers", len(self._buffers)).format(
            count=len(self._buffers)
        )
        produced = gettext(
            "{objects}, {size} in all, copied to the device once for every launch"
        ).format(objects=objects, size=format_bytes(total))
        return StepOutcome(7, True, produced)

    def _set_arguments(self) -> StepOutcome:
        assert self._setter is not None
        self._argued += 1
        position = self._argued
        planned = next(p for p in self._plan if p.position == position)
        self._setter.set(self._kernels[position - 1], planned, log=True)
        count = len(self._signatures[planned.launch.kernel].args)
        produced = ngettext(
            "{launch}: {count} argument set", "{launch}: {count} arguments set", count
        ).format(launch=self._heading(position), count=count)
        return StepOutcome(8, True, produced, part=position, parts=len(self._launches))

    def _enqueue(self) -> StepOutcome:
        state, setter = self._state, self._setter
        assert state is not None and setter is not None
        self._record.enter("launch")
        parts = min(len(self._plan), MAX_STEPPED_LAUNCHES)
        part = self._queued + 1 if self._queued < parts - 1 else parts
        batch = (
            self._plan[self._queued : self._queued + 1]
            if part < parts
            else self._plan[self._queued :]
        )
        for planned in batch:
            kernel = self._kernels[planned.position - 1]
            setter.set(kernel, planned, log=False)
            launch = planned.launch
            try:
                event = cl.enqueue_nd_range_kernel(
                    state.queue, kernel, launch.global_size, launch.local_size
                )
            except cl.Error as exc:
                rules = check_ndrange(
                    launch.global_size,
                    launch.local_size,
                    state.limits_for(kernel),
                    self.session.build_options,
                )
                message = f"{planned.where()}: {launch_failure(exc, [r.message for r in rules])}"
                raise StepFailed(RunError("run", message)) from None
            self._launch_events.append((planned, event))
        self._queued += len(batch)
        first = batch[0]
        if len(batch) == 1:
            items = " x ".join(map(str, first.launch.global_size))
            produced = gettext("{launch} queued: {items} work-items").format(
                launch=first.where(), items=items
            )
        else:
            produced = gettext("launches {first} to {last} of the program queued at once").format(
                first=self._queued - len(batch) + 1, last=self._queued
            )
        return StepOutcome(9, True, produced, part=part, parts=parts)

    def _finish(self) -> StepOutcome:
        state = self._state
        assert state is not None
        state.queue.finish()
        for phase, name, event in self._events:
            self._record.timing(phase, name, 0, event)
        for planned, event in self._launch_events:
            p = event.profile
            self._record.timings.append(
                Timing(
                    "kernel",
                    planned.launch.kernel,
                    0,
                    p.queued,
                    p.submit,
                    p.start,
                    p.end,
                    planned.position,
                    planned.iteration,
                )
            )
        kernel_ns = sum(t.duration_ns for t in self._record.timings if t.phase == "kernel")
        device_seconds = kernel_ns / 1e9
        produced = ngettext(
            "the queue is empty; {count} launch ran for {time} on the device",
            "the queue is empty; {count} launches ran for {time} on the device",
            len(self._launch_events),
        ).format(count=len(self._launch_events), time=format_seconds(device_seconds))
        return StepOutcome(10, True, produced, device_seconds=device_seconds)

    def _read_back(self) -> StepOutcome:
        state, session = self._state, self.session
        assert state is not None
        outputs, guards = host_steps.read_back(state, self._buffers, self._record)
        final = final_buffers(session.launches)
        outputs = {name: outputs[final.get(name, name)] for name in outputs}
        assert self._merged is not None
        references = host_steps.check_references(session, self._merged, outputs, self._record)
        ok = all(r.ok for r in references.values()) and all(g.ok for g in guards.values())
        run = self._record.result(
            ok=ok,
            global_size=tuple(session.global_size),
            local_size=session.local_size,
            outputs=outputs,
            references=references,
            guards=guards,
            launch_count=len(self._launches),
        )
        produced = ngettext(
            "{count} output read back, {size}; references matching: {matching} of {total}",
            "{count} outputs read back, {size}; references matching: {matching} of {total}",
            len(outputs),
        ).format(
            count=len(outputs),
            size=format_bytes(sum(a.nbytes for a in outputs.values())),
            matching=sum(1 for r in references.values() if r.ok),
            total=len(references),
        )
        return StepOutcome(11, True, produced, run=run)
