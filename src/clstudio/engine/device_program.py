"""A session's launches on the device: steps 6 to 11 of the lesson, and the one loop that
enqueues the learner's kernels.

Every session is a program: each written launch gets its kernel object (step 6), the
buffers are made once for all of them (step 7), each launch's arguments are set (step 8),
the planned launches are enqueued in order with the swaps of ping-pong applied between
iterations, a loop until done reading its condition after each round (step 9), the host
waits (step 10) and reads the outputs back (step 11). A run
(clstudio.engine.run) and step mode (clstudio.engine.stepping) both drive a DeviceProgram;
a program of one launch is told in the words of one launch.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

import numpy as np
import pyopencl as cl

from clstudio.common import (
    KernelArgInfo,
    KernelSignature,
    LaunchSnapshot,
    LoopRounds,
    RunError,
    RunResult,
    Timing,
    format_bytes,
    gettext,
    value_to_json,
)
from clstudio.engine import host_steps
from clstudio.engine.buffers import DeviceBuffer
from clstudio.engine.cl_errors import plain_words
from clstudio.engine.context import DeviceState
from clstudio.engine.host_steps import DeviceObject
from clstudio.engine.images import create_sampler
from clstudio.engine.kept import BufferPool, KeptContents
from clstudio.engine.loop_rounds import ConditionReads
from clstudio.engine.run_record import Record, StepFailed
from clstudio.references import scalar_bytes
from clstudio.session import (
    ArgSpec,
    BufferArg,
    ImageArg,
    LocalArg,
    NullArg,
    PlannedLaunch,
    SamplerArg,
    ScalarArg,
    Session,
    bound_name,
    final_buffers,
    launch_args,
    leaf_launches,
    longest_run,
    planned_launches,
    reread_buffers,
)
from clstudio.validation import check_ndrange, launch_heading, program_signature, validate_program

SNAPSHOT_BYTES = 128 * 2**20  # snapshots stop once they hold this much
Cancelled = Callable[[], bool]
# Heard after each launch of a program of several has ended, the queue waited for: check
# mode reads the simulator's log there, to name the launch of each report.
Launched = Callable[[PlannedLaunch], None]
# Heard from a driver's thread as a launch of a program of several begins to run, with its
# number in the run (1 for the first launch of the first repeat): the worker keeps the
# highest, so that a crash or a timeout can name the launch that was running.
Started = Callable[[int], None]
Events = list[tuple[str, str, cl.Event]]  # phase, name, event: timed once the queue is empty
LaunchEvents = list[tuple[PlannedLaunch, cl.Event]]

_ERROR_NAME = re.compile(r"\b([A-Z][A-Z_]{5,})\b")


def never() -> bool:
    """No one cancels."""
    return False


class DeviceProgram:
    """What the host program made for a session's launches on one device, step by step."""

    def __init__(
        self, session: Session, state: DeviceState, program: cl.Program, record: Record
    ) -> None:
        self.session = session
        self.launches = leaf_launches(session.launches)
        # The longest run: every loop until done to its most rounds. A run follows
        # run_plan(), whose loops end as their conditions say.
        self.plan = list(planned_launches(session.launches))
        self.longest = longest_run(session.launches)
        self._reads: ConditionReads | None = None  # the latest run's loops
        self._first_loops: tuple[LoopRounds, ...] | None = None  # the first run's
        self.kernels: list[cl.Kernel] = []  # one per written launch, in order
        self.signatures: dict[str, KernelSignature] = {}
        self.buffers: list[DeviceObject] = []
        self._merged: KernelSignature | None = None  # the session's arguments, typed
        self._state = state
        self._program = program
        self._record = record
        self._by_name: dict[str, DeviceObject] = {}
        self._samplers: dict[tuple[int, str], cl.Sampler] = {}  # live until the last launch
        self._bound: dict[int, tuple[object, ...]] = {}  # id(kernel): the launch it is set for

    def heading(self, position: int) -> str:
        """`launch 2 of 3, kernel `scan_blocks``, as messages name a written launch."""
        kernel = self.launches[position - 1].kernel
        return launch_heading(position, len(self.launches), kernel)

    def create_kernel(self, own: bool) -> KernelSignature:
        """clCreateKernel for the next written launch; `own` makes an object no other run
        shares (step mode: a run between two steps sets the engine's shared one's arguments
        to buffers that are gone after it)."""
        build = self._record.build
        assert build is not None
        position = len(self.kernels) + 1
        launch = self.launches[position - 1]
        signature = build.kernel(launch.kernel)
        if signature is None:
            names = ", ".join(k.name for k in build.kernels)
            problem = gettext("{launch}: the program has no such kernel; it defines: {names}")
            heading = self.heading(position)
            raise StepFailed(RunError("validate", problem.format(launch=heading, names=names)))
        self._record.enter("kernel")
        started = time.perf_counter()
        symbol = signature.driver_name
        kernel = (
            cl.Kernel(self._program, symbol) if own else self._state.kernel(self._program, symbol)
        )
        self.kernels.append(kernel)
        self.signatures[launch.kernel] = signature
        detail = self.heading(position) if len(self.launches) > 1 else launch.kernel
        self._record.step("clCreateKernel", gettext("Create the kernel"), started, detail)
        return signature

    def problems(self, index_space: bool = True) -> list[RunError]:
        """What validation finds in every launch, once every kernel object exists."""
        state, program = self._state, self._program
        limits = {
            name: state.limits_for(state.kernel(program, signature.driver_name))
            for name, signature in self.signatures.items()
        }
        return validate_program(self.session, self.signatures, limits.__getitem__, index_space)

    def create_buffers(
        self, contents: KeptContents | None = None, pool: BufferPool | None = None
    ) -> None:
        """clCreateBuffer and clCreateImage once for every launch (see host_steps)."""
        merged = program_signature(self.session, self.launches, self.signatures)
        self._merged = merged
        session = _read_write(self.session, self.signatures)
        self.buffers = host_steps.create_buffers(
            session, merged, self._state, self._record, contents, pool
        )
        self._by_name = {b.name: b for b in self.buffers}

    def set_arguments(self, position: int) -> int:
        """clSetKernelArg for each argument of a written launch, as its first enqueue binds
        them; returns how many were set."""
        planned = next(p for p in self.plan if p.position == position)
        self._bind(self.kernels[position - 1], planned, log=True)
        return len(self.signatures[planned.launch.kernel].args)

    def upload(self, repeat: int) -> Events:
        return host_steps.upload(self._state, self.buffers, repeat, self._record)

    def run_plan(self) -> Iterator[PlannedLaunch]:
        """The launches of one run of the program, to enqueue as they come: each loop until
        done resets and reads its condition buffer around each round, and ends as it says."""
        buffers = {b.name: b for b in self.buffers if isinstance(b, DeviceBuffer)}
        reads = ConditionReads(self._state.queue, buffers, self.session.launches)
        self._reads = reads
        yield from planned_launches(self.session.launches, reads)
        if self._first_loops is None:
            self._first_loops = self.loops

    @property
    def loops(self) -> tuple[LoopRounds, ...]:
        """How the latest run's loops until done ended, in entry order."""
        reads = self._reads
        return tuple(reads.loops[k] for k in sorted(reads.loops)) if reads else ()

    def enqueue(
        self,
        plan: Iterable[PlannedLaunch],
        first_number: int = 1,
        cancelled: Cancelled = never,
        launched: Launched | None = None,
        started: Started | None = None,
    ) -> LaunchEvents:
        """clEnqueueNDRangeKernel for each of `plan`, in order, binding each launch's
        arguments for its iteration: the one place the learner's kernels are enqueued.

        `first_number` is the number in the run of the longest run's first launch, as
        `started` hears it. A refused launch is explained by the rule of the index space it
        broke. `plan` is consumed as it is enqueued, so that a loop's condition is read
        after its round.
        """
        queue = self._state.queue
        events: LaunchEvents = []
        for planned in plan:
            number = first_number + planned.number - 1
            if events and cancelled():
                queue.finish()
                message = gettext("stopped by the user before {launch}")
                raise StepFailed(RunError("cancelled", message.format(launch=planned.where())))
            kernel = self.kernels[planned.position - 1]
            self._bind(kernel, planned, log=False)
            launch = planned.launch
            try:
                event = cl.enqueue_nd_range_kernel(
                    queue, kernel, launch.global_size, launch.local_size
                )
            except cl.Error as exc:
                queue.finish()
                raise StepFailed(RunError("run", self._refusal(planned, kernel, exc))) from None
            events.append((planned, event))
            if started is not None:
                _tell_start(event, started, number)
            if launched is not None:
                queue.finish()
                launched(planned)
        return events

    def time(self, repeat: int, uploads: Events, launches: LaunchEvents) -> None:
        """Record the profiling of a repeat's commands, which exists only once they completed."""
        for phase, name, upload in uploads:
            self._record.timing(phase, name, repeat, upload)
        for planned, event in launches:
            p = event.profile
            self._record.timings.append(
                Timing(
                    "kernel",
                    planned.launch.kernel,
                    repeat,
                    p.queued,
                    p.submit,
                    p.start,
                    p.end,
                    planned.position,
                    planned.iteration,
                )
            )

    def snapshots(self, cancelled: Cancelled) -> tuple[LaunchSnapshot, ...]:
        """The program once more from the initial contents, untimed, copying the written
        buffers after each launch of iteration 0 until SNAPSHOT_BYTES are held.

        It runs to the end, so the device holds the outputs a timed repeat leaves.
        """
        host_steps.upload(
            self._state, self.buffers, self.session.repeats, Record(kernel=self.session.kernel)
        )
        written = [b.name for b in self.buffers if b.written]
        taken: list[LaunchSnapshot] = []
        held = 0

        def copy(planned: PlannedLaunch) -> None:
            nonlocal held
            if planned.iteration or held > SNAPSHOT_BYTES:
                return
            arrays: dict[str, np.ndarray] = {}
            for name in written:
                buffer = self._by_name[planned.buffers.get(name, name)]
                arrays[name], event = buffer.download(self._state.queue)
                event.wait()
                held += arrays[name].nbytes
            taken.append(LaunchSnapshot(planned.position, planned.launch.kernel, arrays))

        self.enqueue(self.run_plan(), cancelled=cancelled, launched=copy)
        return tuple(taken)

    def start_read_back(self) -> host_steps.ReadBack | None:
        """The read-back enqueued now, behind the last launch, for one wait to cover both;
        None when the outputs are large enough to be waited for on their own."""
        if not host_steps.reads_back_little(self.buffers):
            return None
        return host_steps.ReadBack(self._state, self.buffers, self._record)

    def read_back(
        self,
        snapshots: tuple[LaunchSnapshot, ...] = (),
        reading: host_steps.ReadBack | None = None,
    ) -> RunResult:
        """Step 11: the outputs, by the names they stand for once the program has run, and
        their references. `reading`: from start_read_back, already waited for."""
        assert self._merged is not None
        session, record = self.session, self._record
        outputs, guards = host_steps.read_back(self._state, self.buffers, record, reading)
        final = final_buffers(session.launches, {k.entry: k.rounds for k in self.loops})
        outputs = {name: outputs[final.get(name, name)] for name in outputs}
        references = host_steps.check_references(session, self._merged, outputs, record)
        loops = self._first_loops if self._first_loops is not None else self.loops
        ok = (
            all(r.ok for r in references.values())
            and all(g.ok for g in guards.values())
            and all(loop.held for loop in loops)
        )
        return record.result(
            ok=ok,
            global_size=session.global_size,
            local_size=session.local_size,
            outputs=outputs,
            references=references,
            guards=guards,
            launch_count=len(self.launches),
            snapshots=snapshots,
            loops=loops,
        )

    def give_back(self, pool: BufferPool, result: RunResult) -> None:
        """Keep the buffers for the next run when their guard bands held."""
        if all(g.ok for g in result.guards.values()):
            pool.give_back([b for b in self.buffers if isinstance(b, DeviceBuffer)])

    def _refusal(self, planned: PlannedLaunch, kernel: cl.Kernel, error: cl.Error) -> str:
        launch = planned.launch
        limits = self._state.limits_for(kernel)
        options = self.session.build_options
        rules = check_ndrange(launch.global_size, launch.local_size, limits, options)
        message = launch_failure(error, [r.message for r in rules])
        return f"{planned.where()}: {message}" if self.longest > 1 else message

    def _bind(self, kernel: cl.Kernel, planned: PlannedLaunch, log: bool) -> None:
        """clSetKernelArg for `planned`, with the buffers its swaps name at its iteration;
        a kernel already set for the same launch and buffers is left as it is."""
        bound = (planned.position, planned.iteration, tuple(planned.buffers.items()))
        if not log and self._bound.get(id(kernel)) == bound:
            return
        self._bound[id(kernel)] = bound
        signature = self.signatures[planned.launch.kernel]
        params = tuple(info.name for info in signature.args)
        specs = launch_args(self.session.args, planned.launch, params, planned.iteration)
        if log:
            self._record.enter("arguments")
        for index, info in enumerate(signature.args):
            started = time.perf_counter()
            detail = self._set_one(kernel, index, info, specs[info.name], planned)
            if log:
                title = gettext("Set argument {index}").format(index=index)
                if len(self.launches) > 1:
                    detail = f"{self.heading(planned.position)}: {detail}"
                self._record.step("clSetKernelArg", title, started, detail)

    def _set_one(
        self,
        kernel: cl.Kernel,
        index: int,
        info: KernelArgInfo,
        spec: ArgSpec,
        planned: PlannedLaunch,
    ) -> str:
        if isinstance(spec, BufferArg | ImageArg):
            name = bound_name(planned.launch, info.name) or info.name
            buffer = self._by_name[planned.buffers.get(name, name)]
            kernel.set_arg(index, buffer.buffer)
            said = (
                gettext("{name} = image '{buffer}'")
                if isinstance(spec, ImageArg)
                else gettext("{name} = buffer '{buffer}'")
            )
            return said.format(name=info.name, buffer=buffer.name)
        if isinstance(spec, SamplerArg):
            key = (planned.position, info.name)
            if key not in self._samplers:
                self._samplers[key] = create_sampler(kernel.context, spec)
            kernel.set_arg(index, self._samplers[key])
            return gettext("{name} = sampler ({addressing}, {filter})").format(
                name=info.name, addressing=spec.addressing, filter=spec.filter
            )
        if isinstance(spec, NullArg):
            kernel.set_arg(index, None)  # clSetKernelArg with a NULL cl_mem
            return gettext("{name} = NULL").format(name=info.name)
        if isinstance(spec, LocalArg):
            # pyopencl's type stubs leave LocalMemory out of set_arg's accepted types.
            kernel.set_arg(index, cl.LocalMemory(spec.nbytes))  # type: ignore[arg-type]
            return gettext("{name} = {size} of local memory").format(
                name=info.name, size=format_bytes(spec.nbytes)
            )
        assert isinstance(spec, ScalarArg)
        kernel.set_arg(index, scalar_bytes(info.type_name, spec))
        if spec.struct is not None:  # its fields as the session writes them
            shown = json.dumps(value_to_json(spec.value), separators=(", ", ": "))
            return f"{info.name} = {shown} ({info.type_name})"
        return f"{info.name} = {spec.value} ({info.type_name})"


def _read_write(session: Session, signatures: dict[str, KernelSignature]) -> Session:
    """The session with its `out` buffers that a later launch may read made read-write."""

    def parameters(kernel: str) -> tuple[str, ...]:
        signature = signatures.get(kernel)
        return tuple(info.name for info in signature.args) if signature else ()

    shared = reread_buffers(session.launches, parameters)
    made = {
        name: replace(spec, access="inout")
        for name, spec in session.args.items()
        if isinstance(spec, BufferArg) and spec.access == "out" and name in shared
    }
    return replace(session, args=session.args | made) if made else session


def _tell_start(event: cl.Event, on_start: Started, number: int) -> None:
    """`on_start(number)` from the driver's thread once the launch of `event` runs."""

    def running(_status: int) -> None:
        on_start(number)

    event.set_callback(cl.command_execution_status.RUNNING, running)


def launch_failure(error: Exception, broken_rules: list[str]) -> str:
    """The driver's refusal of a launch, told by the rule of the index space it broke."""
    match = _ERROR_NAME.search(str(error))
    code = f"CL_{match.group(1)}" if match else type(error).__name__
    if not broken_rules:
        return gettext("clEnqueueNDRangeKernel refused the launch with {code}: {why}").format(
            code=code, why=plain_words(error)
        )
    # Translators: joins the rules of the index space that a launch broke.
    rules = gettext("; and ").join(broken_rules)
    return gettext("clEnqueueNDRangeKernel refused the launch with {code}, because {rule}").format(
        code=code, rule=rules
    )
