"""Step mode: the lesson's eleven host steps for one session, one at a time.

A HostStepper keeps what the steps made so far (platforms, device, context, queue,
program, kernels, buffers) between calls, so a learner sees each step's result before
the next. It uses the engine's warm contexts and the run's own steps (host_steps, and
DeviceProgram from step 6 on). A program's steps 6, 8 and 9 come in parts: a kernel,
a launch's arguments, a launch (past MAX_STEPPED_LAUNCHES the last part queues the
rest; a loop until done reads its condition once its round is queued, and the part after
which the program ends is the last). Unlike a run it does not check the index space
before the launch: clEnqueueNDRangeKernel fails as it would in the learner's own
program, and the failure is explained by the rule that was broken.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import replace

import pyopencl as cl

from clstudio.common import (
    HOST_STEP_COUNT,
    N_,
    RunError,
    StepOutcome,
    format_bytes,
    format_seconds,
    gettext,
    ngettext,
)
from clstudio.engine import host_steps
from clstudio.engine.cl_errors import plain_words
from clstudio.engine.context import DeviceState, FoundDevice, OpenCLContexts
from clstudio.engine.device_program import DeviceProgram, Events, LaunchEvents
from clstudio.engine.run_record import Entering, Record, StepFailed, nowhere
from clstudio.session import PlannedLaunch, Session

MAX_STEPPED_LAUNCHES = 100  # step 9's parts; a longer program queues the rest at once


class HostStepper:
    """advance() does the next step and says what it made; a failed step ends the stepping."""

    def __init__(
        self, contexts: OpenCLContexts, session: Session, entering: Entering = nowhere
    ) -> None:
        self.session = session
        self._contexts = contexts
        self._record = Record(kernel=session.kernel, enter=entering)
        self._next = 1
        self._ended = False
        self._found: FoundDevice | None = None
        self._context: cl.Context | None = None
        self._state: DeviceState | None = None
        self._device: DeviceProgram | None = None  # from step 5 on
        self._argued = 0  # written launches whose arguments are set
        self._uploads: Events = []
        self._launched: LaunchEvents = []
        self._pending: Iterator[PlannedLaunch] | None = None  # the run's launches still to queue
        self._coming: PlannedLaunch | None = None  # the next of them, known one part ahead
        self._steps: tuple[Callable[[], StepOutcome], ...] = (
            self._find_platforms,
            self._choose_device,
            self._create_context,
            self._create_queue,
            self._build_program,
            self._create_kernel,
            self._create_memory,
            self._set_arguments,
            self._enqueue,
            self._finish,
            self._read_back,
        )

    @property
    def next_number(self) -> int | None:
        """The number of the step advance() would do, or None once stepping has ended."""
        return None if self._ended else self._next

    def advance(self) -> StepOutcome:
        """Do the next step; every failure is an outcome with ok=False, not an exception."""
        number = self.next_number
        if number is None:
            raise RuntimeError("stepping has ended: start a new HostStepper")
        started = time.perf_counter()
        try:
            outcome = self._steps[number - 1]()
        except StepFailed as failed:
            outcome = self._failed(number, failed.error)
        except cl.Error as exc:
            outcome = self._failed(number, RunError("run", plain_words(exc)))
        outcome = replace(outcome, seconds=time.perf_counter() - started)
        self._next = outcome.next_number if outcome.ok else self._next + 1
        self._ended = outcome.last
        return outcome

    def _failed(self, number: int, error: RunError) -> StepOutcome:
        build = self._record.build if number == 5 else None
        return StepOutcome(number, False, error=error, build=build)

    # The steps, in the lesson's order ----------------------------------------------------

    def _find_platforms(self) -> StepOutcome:
        self._record.enter("device")
        platforms = self._contexts.platforms()
        names = ", ".join(p.name.strip() for p in platforms)
        count = len(platforms)
        if names:
            produced = ngettext("{count} platform: {names}", "{count} platforms: {names}", count)
        else:
            produced = ngettext("{count} platform", "{count} platforms", count)
        return StepOutcome(1, True, produced.format(count=count, names=names))

    def _choose_device(self) -> StepOutcome:
        try:
            found = self._contexts.find_device(self.session.device)
        except LookupError as exc:
            raise StepFailed(RunError("validate", str(exc))) from None
        self._found = found
        self._record.device = found.device.name.strip()
        self._record.device_type = found.type_name
        produced = gettext("{device} ({type}) on {platform}").format(
            device=found.device.name.strip(),
            type=found.type_name,
            platform=found.platform.name.strip(),
        )
        return StepOutcome(2, True, produced)

    def _create_context(self) -> StepOutcome:
        assert self._found is not None
        self._record.enter("context")
        warm = self._contexts.is_warm(self._found)
        self._context = self._contexts.create_context(self._found)
        produced = (
            gettext("a context on 1 device, kept warm from an earlier run")
            if warm
            else gettext("a context on 1 device")
        )
        return StepOutcome(3, True, produced)

    def _create_queue(self) -> StepOutcome:
        assert self._found is not None and self._context is not None
        self._record.enter("queue")
        warm = self._contexts.is_warm(self._found)
        self._state = self._contexts.create_queue(self._found, self._context)
        produced = (
            gettext("an in-order queue with profiling on, kept warm from an earlier run")
            if warm
            else gettext("an in-order queue with profiling on")
        )
        return StepOutcome(4, True, produced)

    def _build_program(self) -> StepOutcome:
        assert self._state is not None
        session = self.session
        program, _ = host_steps.build_program(self._contexts, session, self._state, self._record)
        self._device = DeviceProgram(session, self._state, program, self._record)
        build = self._record.build
        assert build is not None
        reused = gettext(host_steps.REUSED)
        how = (
            reused
            if self._record.steps[-1].detail == reused
            else gettext("built in {time}").format(time=format_seconds(build.seconds))
        )
        count = len(build.kernels)
        produced = ngettext(
            "a program with {count} kernel, {how}", "a program with {count} kernels, {how}", count
        ).format(count=count, how=how)
        return StepOutcome(5, True, produced, build=build)

    def _create_kernel(self) -> StepOutcome:
        device = self._device
        assert device is not None
        position = len(device.kernels) + 1
        count = len(device.launches)
        signature = device.create_kernel(own=True)
        if position == count:
            problems = device.problems(index_space=False)
            if problems:
                raise host_steps.first_problem(problems)
        args = len(signature.args)
        if count > 1:
            produced = ngettext(
                "{launch}: kernel '{name}' with {count} argument",
                "{launch}: kernel '{name}' with {count} arguments",
                args,
            ).format(launch=device.heading(position), name=signature.name, count=args)
        else:
            produced = ngettext(
                "kernel '{name}' with {count} argument",
                "kernel '{name}' with {count} arguments",
                args,
            ).format(name=signature.name, count=args)
        return _in_parts(6, produced, position, count)

    def _create_memory(self) -> StepOutcome:
        device = self._device
        assert device is not None
        device.create_buffers()
        self._uploads = device.upload(0)
        buffers = device.buffers
        images = sum(1 for b in buffers if b.write_api == "clEnqueueWriteImage")
        objects = ngettext("{count} buffer", "{count} buffers", len(buffers) - images).format(
            count=len(buffers) - images
        )
        if images:
            objects = gettext("{buffers} and {images}").format(
                buffers=objects,
                images=ngettext("{count} image", "{count} images", images).format(count=images),
            )
        inputs = self._record.inputs
        filled = sum(inputs[b.name].nbytes for b in buffers if b.upload_phase == "fill")
        total = sum(inputs[b.name].nbytes for b in buffers)
        if filled:
            produced = gettext(
                "{objects}: {copied} copied to the device, {filled} filled with zeros on it"
            ).format(
                objects=objects,
                copied=format_bytes(total - filled),
                filled=format_bytes(filled),
            )
        else:
            produced = gettext("{objects}, {size} in all, copied to the device").format(
                objects=objects, size=format_bytes(total)
            )
        return StepOutcome(7, True, produced)

    def _set_arguments(self) -> StepOutcome:
        device = self._device
        assert device is not None
        self._argued += 1
        position, count = self._argued, len(device.launches)
        args = device.set_arguments(position)
        if count > 1:
            produced = ngettext(
                "{launch}: {count} argument set", "{launch}: {count} arguments set", args
            ).format(launch=device.heading(position), count=args)
        else:
            produced = ngettext("{count} argument set", "{count} arguments set", args).format(
                count=args
            )
        return _in_parts(8, produced, position, count)

    def _enqueue(self) -> StepOutcome:
        """One planned launch per part; past MAX_STEPPED_LAUNCHES the last part queues the rest.

        The next launch is taken one part ahead, so that a part knows whether it is the
        last: taking it reads a loop's condition when the part ended a round.
        """
        device = self._device
        assert device is not None
        self._record.enter("launch")
        if self._pending is None:
            self._pending = device.run_plan()
            self._coming = next(self._pending, None)
        queued, first = len(self._launched), self._coming
        assert first is not None
        parts = min(device.longest, MAX_STEPPED_LAUNCHES)
        part = queued + 1 if queued < parts - 1 else parts
        if part < parts:
            self._launched += device.enqueue([first])
            self._coming = next(self._pending, None)
            if self._coming is None:  # a loop ended before its most rounds: the last part
                part = parts = len(self._launched)
        else:
            self._launched += device.enqueue(itertools.chain([first], self._pending))
            self._coming = None
        batch = len(self._launched) - queued
        items = " x ".join(map(str, first.launch.global_size))
        local = first.launch.local_size
        if device.longest == 1 and local:
            produced = gettext("1 launch queued: {items} work-items in groups of {groups}").format(
                items=items, groups=" x ".join(map(str, local))
            )
        elif device.longest == 1:
            produced = gettext(
                "1 launch queued: {items} work-items in groups of the driver's choosing"
            ).format(items=items)
        elif batch == 1:
            produced = gettext("{launch} queued: {items} work-items").format(
                launch=first.where(), items=items
            )
        else:
            produced = gettext("launches {first} to {last} of the program queued at once").format(
                first=queued + 1, last=len(self._launched)
            )
        if part == parts:
            produced = "; ".join([produced, *(loop.words() for loop in device.loops)])
        return _in_parts(9, produced, part, parts)

    def _finish(self) -> StepOutcome:
        assert self._state is not None and self._device is not None
        self._state.queue.finish()
        self._device.time(0, self._uploads, self._launched)
        kernel_ns = sum(t.duration_ns for t in self._record.timings if t.phase == "kernel")
        device_seconds = kernel_ns / 1e9
        count = len(self._launched)
        if count > 1:
            produced = ngettext(
                "the queue is empty; {count} launch ran for {time} on the device",
                "the queue is empty; {count} launches ran for {time} on the device",
                count,
            ).format(count=count, time=format_seconds(device_seconds))
        else:
            produced = gettext(
                "the queue is empty; the kernel ran for {time} on the device"
            ).format(time=format_seconds(device_seconds))
        return StepOutcome(10, True, produced, device_seconds=device_seconds)

    def _read_back(self) -> StepOutcome:
        assert self._device is not None
        run = self._device.read_back()
        outputs, references = run.outputs, run.references
        size = format_bytes(sum(array.nbytes for array in outputs.values()))
        count = len(outputs)
        if references:
            produced = ngettext(
                "{count} output read back, {size}; references matching: {matching} of {total}",
                "{count} outputs read back, {size}; references matching: {matching} of {total}",
                count,
            )
        else:
            produced = ngettext(
                "{count} output read back, {size}", "{count} outputs read back, {size}", count
            )
        produced = produced.format(
            count=count,
            size=size,
            matching=sum(1 for r in references.values() if r.ok),
            total=len(references),
        )
        return StepOutcome(HOST_STEP_COUNT, True, produced, run=run)


def _in_parts(number: int, produced: str, part: int, parts: int) -> StepOutcome:
    """A step done in `parts` parts; one part is the step done whole (0 of 0)."""
    if parts == 1:
        part = parts = 0
    return StepOutcome(number, True, produced, part=part, parts=parts)


class StepKeeper:
    """The stepper a backend keeps between requests, for the worker and in-process alike.

    A request that starts at step 1 starts afresh (Reset, or another session); one that
    goes on must find the stepper at that step, or it says the earlier steps are gone.
    The stepper is dropped once stepping has ended, which frees its buffers.
    """

    def __init__(self, make: Callable[[Session], HostStepper]) -> None:
        self._make = make
        self._stepper: HostStepper | None = None

    def step(
        self,
        session: Session,
        first: int,
        count: int,
        cancelled: Callable[[], bool],
        stepped: Callable[[StepOutcome], None],
    ) -> tuple[StepOutcome, ...]:
        """Do up to `count` steps from `first`; `stepped` hears each one as it ends."""
        stepper = self._stepper
        if first == 1:
            stepper = self._make(session)
        elif stepper is None or stepper.session != session or stepper.next_number != first:
            self._stepper = None
            return (StepOutcome(first, False, error=RunError("run", gettext(STEPS_GONE))),)
        self._stepper = stepper
        outcomes: list[StepOutcome] = []
        while len(outcomes) < count:
            number = stepper.next_number
            assert number is not None
            if cancelled():
                message = gettext(STOPPED_BEFORE).format(number=number)
                outcome = StepOutcome(number, False, error=RunError("cancelled", message))
            else:
                outcome = stepper.advance()
            outcomes.append(outcome)
            stepped(outcome)
            if outcome.last:
                self._stepper = None
                break
        return tuple(outcomes)

    def drop(self) -> None:
        self._stepper = None


STEPS_GONE = N_(
    "the steps done so far are gone (the worker restarted after a crash, a stop or a "
    "time-out, or the session changed): press Reset to start again from step 1"
)
STOPPED_BEFORE = N_("stopped by the user before step {number}")
