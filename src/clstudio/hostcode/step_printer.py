"""The eleven steps of a host program, in the order both languages write them.

main.c and main.py run the same program: the platforms, the device, the context, the
queue and the build (steps 1 to 5), one kernel object per written launch, the
memory objects, the arguments that never change set once, then a loop over the repeats
that gives the written buffers their starting contents and enqueues every launch in
order, with each group's iterations and swaps, setting only what changes between
iterations (a loop until done resets its condition buffer before each round and reads it
back after, as the app does); then the wait, the outputs read back and the kernel times.
This class walks the plan once; c_steps and python_steps each supply only their syntax and lines.
One launch uses the program's own names, as the lesson writes it (`kernel`); several
are numbered in names and comments (`kernel_2`, `launch 2 of 3`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import AbstractContextManager
from typing import NamedTuple

from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.launch_plan import BindingPlan, GroupPlan, LaunchPlan
from clstudio.hostcode.names import NameAllocator, Names
from clstudio.hostcode.plan import ArgPlan, HostPlan
from clstudio.session import ImageArg, SamplerArg, Until

_SETUP = (  # what steps 1 to 5 do, after their names
    "{} (clGetPlatformIDs).",
    "{} (clGetDeviceIDs): --device, else as choose_device says.",
    "{} (clCreateContext).",
    "{} (clCreateCommandQueue), profiling on to time the kernel.",
    "{} (clCreateProgramWithSource, clBuildProgram).",
)
_ONCE = "{} (clEnqueueNDRangeKernel) REPEATS times. Before each launch,"


class UntilLoop(NamedTuple):
    """A loop until done as a language writes it: at most `most` rounds, the condition, the
    buffer it reads (`arg`, by its `names`) and the loop's own variables (`own`)."""

    most: int
    until: Until
    arg: ArgPlan
    names: dict[str, str]
    own: dict[str, str]


class StepPrinter(ABC):
    """Writes a plan's eleven steps; `names` are the arguments', `allocator` gives the rest."""

    # Step 9's words, when each repeat enqueues once, for outputs that start from zeros.
    _FILLED_AGAIN: tuple[str, str]
    _FINISH: str  # step 10's line
    _SWAP: tuple[str, ...]  # variables {0} and {1} trade the buffers they stand for

    def __init__(self, plan: HostPlan, names: Names, allocator: NameAllocator) -> None:
        self._plan = plan
        self._names = names
        self._args = {a.name: a for a in plan.args}
        self._launches = plan.launches
        self._several = len(self._launches) > 1
        self._kernels = {
            launch.position: allocator.take(f"kernel_{launch.position}")
            if self._several
            else "kernel"
            for launch in self._launches
        }
        self._made: set[str] = set()  # samplers created so far
        # The loops until done, and each one's variables: its rounds, whether its condition
        # held, the buffer as read back (flag), as the round found it (before), its reset.
        self._loops = tuple(g for g in plan.groups if g.until is not None)
        self._loop_names = {
            g.entry: {
                role: allocator.take(f"{role}_{g.entry + 1}")
                for role in ("rounds", "held", "flag", "before", "reset")
            }
            for g in self._loops
        }
        self._ends = allocator.take("repeat_ends") if self._loops else ""
        # One event per repeat; a loop until done counts its launches as they come.
        self._once = plan.launches_per_run == 1 and not self._loops

    @property
    def held_names(self) -> tuple[str, ...]:
        """The variables that say whether each loop's condition held: the exit status's."""
        return tuple(self._loop_names[g.entry]["held"] for g in self._loops)

    def loop_report(self, code: CodeText) -> None:
        """Each loop's rounds, or the condition that still did not hold, as the app says it."""
        for group in self._loops:
            own = self._loop_names[group.entry]
            self._print_loop(group, own["rounds"], own["held"], code)

    def _own(self, name: str) -> dict[str, str]:
        return self._names[self._args[name].index]

    def _heading(self, launch: LaunchPlan, code: CodeText) -> None:
        """The comment that says which launch the lines below are, among several."""
        if self._several:
            code.add(self._comment(launch.heading))

    def write(self, code: CodeText) -> None:
        """The eleven steps, then the kernel times."""
        plan = self._plan
        for number, lines in enumerate(self._setup(), 1):
            code.step(number, self._comment(_SETUP[number - 1]))
            code.add(*lines, "")
        images = any(isinstance(a.spec, ImageArg) for a in plan.memory)
        creates = "clCreateBuffer, clCreateImage" if images else "clCreateBuffer"
        reads = "clEnqueueReadBuffer, clEnqueueReadImage" if images else "clEnqueueReadBuffer"
        self._create_kernels(code)
        code.step(7, self._comment(f"{{}} ({creates}); copy the inputs."))
        self._memory_objects(code)
        self._set_arguments(code)
        self._launch(code)
        code.step(10, self._comment("{} (clFinish): every launch has ended after this."))
        code.add(self._FINISH, "")
        code.step(11, self._comment(f"{{}} ({reads})."))
        for arg in plan.written:
            own = self._names[arg.index]
            self._read_back(arg, own.get("now", own["device"]), code)
        code.end_step()
        code.add("")
        self._times(code)

    def _create_kernels(self, code: CodeText) -> None:
        """Step 6: one kernel object per launch, since each holds its own arguments."""
        each = ": one kernel object per launch" if self._several else ""
        code.step(6, self._comment(f"{{}} (clCreateKernel){each}."))
        for launch in self._launches:
            self._create_kernel(launch, self._kernels[launch.position], code)
        code.add("")

    def _set_arguments(self, code: CodeText) -> None:
        """Step 8: every argument that stays the same from the first launch to the last."""
        bindings = [b for launch in self._launches for b in launch.bindings]
        order = (
            " of each launch, in its kernel's order" if self._several else ", in the kernel's order"
        )
        if any(b.changes for b in bindings):
            comment = self._comment(
                f"{{}} (clSetKernelArg){order};",
                "what changes between iterations is set in step 9, before each launch.",
            )
        else:
            comment = self._comment(f"{{}} (clSetKernelArg){order}.")
        code.step(8, comment)
        for launch in self._launches:
            self._heading(launch, code)
            for binding in launch.bindings:
                if not binding.changes:
                    self._set(launch, binding, code)
        code.add("")

    def _launch(self, code: CodeText) -> None:
        """Step 9: the repeats, each running the whole program from the starting contents."""
        plan = self._plan
        if not self._once:
            comment = self._comment(
                "{} (clEnqueueNDRangeKernel): the whole program REPEATS times.",
                "Each repeat starts again from the starting contents; one wait follows them all.",
            )
        elif any(arg.filled for arg in plan.written):
            comment = self._comment(_ONCE, *self._FILLED_AGAIN)
        else:
            comment = self._comment(
                _ONCE, "the buffers the kernel writes get their starting contents again."
            )
        code.step(9, comment)
        with self._repeats(code):
            for arg in plan.written:
                if arg.uploaded:
                    self._start_again(arg, code)
            if plan.swapped:
                self._start_swaps(code)
            for group in plan.groups:
                self._group(group, code)
        code.add("")

    def _group(self, group: GroupPlan, code: CodeText) -> None:
        if group.until is not None:
            code.add(self._comment(group.heading))
            arg = self._args[group.until.buffer]
            names, own = self._names[arg.index], self._loop_names[group.entry]
            with self._until_rounds(
                UntilLoop(group.iterations, group.until, arg, names, own), code
            ):
                for launch in group.launches:
                    self._enqueue(launch, code)
                self._swap(group, code)
            return
        if not group.loops:
            self._enqueue(group.launches[0], code)
            return
        code.add(self._comment(group.heading))
        with self._iterations(group.iterations, code):
            for launch in group.launches:
                self._enqueue(launch, code)
            self._swap(group, code)

    def _swap(self, group: GroupPlan, code: CodeText) -> None:
        for first, second in group.swaps:
            now = (self._own(first)["now"], self._own(second)["now"])
            code.add(*(line.format(*now) for line in self._SWAP))

    def _enqueue(self, launch: LaunchPlan, code: CodeText) -> None:
        self._heading(launch, code)
        for binding in launch.bindings:
            if binding.changes:
                self._set(launch, binding, code)
        self._enqueue_kernel(launch, self._kernels[launch.position], code)

    def _set(self, launch: LaunchPlan, binding: BindingPlan, code: CodeText) -> None:
        kernel = self._kernels[launch.position]
        if binding.arg is None:
            self._set_number(launch, kernel, binding, code)
        elif binding.swapped:
            self._set_swapped(launch, kernel, binding, self._own(binding.arg)["now"], code)
        else:
            arg = self._args[binding.arg]
            first_use = arg.name not in self._made
            if isinstance(arg.spec, SamplerArg):
                self._made.add(arg.name)
            self._set_arg(arg, kernel, binding.index, first_use, code)

    @abstractmethod
    def _comment(self, *lines: str) -> str:
        """The lines as one comment of the language."""

    @abstractmethod
    def _setup(self) -> tuple[tuple[str, ...], ...]:
        """The lines of steps 1 to 5, one tuple a step: from the platforms to the build."""

    @abstractmethod
    def _create_kernel(self, launch: LaunchPlan, kernel: str, code: CodeText) -> None:
        """The kernel object `kernel` of the launch."""

    @abstractmethod
    def _memory_objects(self, code: CodeText) -> None:
        """Step 7's lines: each buffer and image, and the copy of each input."""

    @abstractmethod
    def _repeats(self, code: CodeText) -> AbstractContextManager[None]:
        """The events and the loop over the repeats, around what the block adds."""

    @abstractmethod
    def _iterations(self, count: int, code: CodeText) -> AbstractContextManager[None]:
        """A group's loop over its iterations, around what the block adds."""

    @abstractmethod
    def _until_rounds(self, loop: UntilLoop, code: CodeText) -> AbstractContextManager[None]:
        """A loop until done around its launches: the reset before each round, the read and
        the condition after it."""

    @abstractmethod
    def _print_loop(self, group: GroupPlan, rounds: str, held: str, code: CodeText) -> None:
        """The line that says how the loop ended."""

    @abstractmethod
    def _start_again(self, arg: ArgPlan, code: CodeText) -> None:
        """A written buffer's starting contents, again before a repeat."""

    @abstractmethod
    def _start_swaps(self, code: CodeText) -> None:
        """Each name a swap moves stands for its own buffer again at a repeat's start."""

    @abstractmethod
    def _enqueue_kernel(self, launch: LaunchPlan, kernel: str, code: CodeText) -> None:
        """The enqueue of the launch, its event kept for the times."""

    @abstractmethod
    def _set_number(
        self, launch: LaunchPlan, kernel: str, binding: BindingPlan, code: CodeText
    ) -> None:
        """A launch's own scalar, or the iteration number, as its parameter."""

    @abstractmethod
    def _set_swapped(
        self, launch: LaunchPlan, kernel: str, binding: BindingPlan, now: str, code: CodeText
    ) -> None:
        """A buffer a swap moves, as the variable `now` stands for it."""

    @abstractmethod
    def _read_back(self, arg: ArgPlan, device: str, code: CodeText) -> None:
        """Step 11 for an output: the copy out of `device`, the buffer its name stands for."""

    @abstractmethod
    def _times(self, code: CodeText) -> None:
        """Each repeat's kernel time in times_ms: the sum of its launches' times."""

    @abstractmethod
    def _set_arg(
        self, arg: ArgPlan, kernel: str, index: int, first_use: bool, code: CodeText
    ) -> None:
        """A session argument as the parameter `index`; a sampler is made at its first use."""
