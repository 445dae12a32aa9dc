"""Steps 6, 8 and 9 of main.py, and the kernel times.

The same program as main.c's (c_launches), for every session: one kernel object per
written launch, the arguments that never change set once, and a loop over the repeats
that enqueues every launch in order, with the iterations and swaps of each group, and
sets only what changes between iterations. One launch is written as the lesson writes
it (`kernel`, its NDRange in GLOBAL_SIZE and LOCAL_SIZE); several are numbered in names
and comments (`kernel_2`, `launch 2 of 3`), each with its sizes at its enqueue.
"""

from __future__ import annotations

from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.launch_plan import BindingPlan, GroupPlan, LaunchPlan
from clstudio.hostcode.literals import python_comment, python_number, python_string
from clstudio.hostcode.names import NameAllocator, Names
from clstudio.hostcode.plan import ArgPlan, HostPlan
from clstudio.hostcode.python_arguments import image_region, set_arg
from clstudio.session import SamplerArg


class PythonLaunches:
    """Writes a plan's launches; `names` are the arguments', `allocator` gives the rest."""

    def __init__(self, plan: HostPlan, names: Names, allocator: NameAllocator) -> None:
        self._plan = plan
        self._names = names
        self._args = {a.name: a for a in plan.args}
        self._launches = plan.launches
        self._several = len(self._launches) > 1
        self._once = plan.launches_per_run == 1  # one event per repeat
        # One launch uses the program's own names, as the lesson writes it; several are
        # numbered, with their sizes at each enqueue.
        self._kernels = {
            launch.position: allocator.take(f"kernel_{launch.position}")
            if self._several
            else "kernel"
            for launch in self._launches
        }
        self._made: set[str] = set()  # samplers created so far

    def _own(self, name: str) -> dict[str, str]:
        return self._names[self._args[name].index]

    def _heading(self, launch: LaunchPlan, code: CodeText) -> None:
        """The comment that says which launch the lines below are, among several."""
        if self._several:
            code.add(f"# {python_comment(launch.heading)}")

    def constants(self, code: CodeText) -> None:
        """One launch's NDRange, at the top of the program."""
        if self._several:
            return
        launch = self._launches[0]
        code.add(f"GLOBAL_SIZE = {launch.global_size!r}")
        if launch.local_size is None:
            code.add("LOCAL_SIZE = None  # the driver chooses the work-group size")
        else:
            code.add(f"LOCAL_SIZE = {launch.local_size!r}")

    def create_kernels(self, code: CodeText) -> None:
        """Step 6: one kernel object per launch, since each holds its own arguments."""
        each = ": one kernel object per launch" if self._several else ""
        code.step(6, f"# {{}} (clCreateKernel){each}.")
        for launch in self._launches:
            symbol = python_string(launch.symbol)
            code.add(f"{self._kernels[launch.position]} = cl.Kernel(program, {symbol})")
        code.add("")

    def set_arguments(self, code: CodeText) -> None:
        """Step 8: every argument that stays the same from the first launch to the last."""
        bindings = [b for launch in self._launches for b in launch.bindings]
        order = (
            " of each launch, in its kernel's order" if self._several else ", in the kernel's order"
        )
        if any(b.changes for b in bindings):
            code.step(8, f"# {{}} (clSetKernelArg){order};")
            code.add("# what changes between iterations is set in step 9, before each launch.")
        else:
            code.step(8, f"# {{}} (clSetKernelArg){order}.")
        for launch in self._launches:
            self._heading(launch, code)
            for binding in launch.bindings:
                if not binding.changes:
                    self._set(launch, binding, code)
        code.add("")

    def launch(self, code: CodeText) -> None:
        """Step 9: the repeats, each running the whole program from the starting contents."""
        plan = self._plan
        if self._once:
            code.step(9, "# {} (clEnqueueNDRangeKernel) REPEATS times. Before each launch,")
            code.add("# the buffers the kernel writes get their starting contents again.")
            if any(arg.filled for arg in plan.written):
                code.add(
                    "# Those that start from zeros are filled on the device (clEnqueueFillBuffer)."
                )
        else:
            code.step(9, "# {} (clEnqueueNDRangeKernel): the whole program REPEATS times.")
            code.add(
                "# Each repeat starts again from the starting contents; one wait follows them all.",
                f"LAUNCHES_PER_RUN = {plan.launches_per_run}",
            )
        code.add("launches = []", "for _ in range(REPEATS):")
        with code.indented():
            for arg in plan.written:
                if arg.uploaded:
                    code.add(_starting_again(arg, self._names[arg.index]))
            if plan.swapped:
                now = ", ".join(self._own(name)["now"] for name in plan.swapped)
                devices = ", ".join(self._own(name)["device"] for name in plan.swapped)
                code.add(f"{now} = {devices}  # the buffers the swaps move, as they start")
            for group in plan.groups:
                self._group(group, code)
        code.add("")

    def _group(self, group: GroupPlan, code: CodeText) -> None:
        if not group.loops:
            self._enqueue(group.launches[0], code)
            return
        heading = python_comment(group.heading)
        code.add(f"# {heading}", f"for iteration in range({group.iterations}):")
        with code.indented():
            for launch in group.launches:
                self._enqueue(launch, code)
            for first, second in group.swaps:
                a, b = self._own(first)["now"], self._own(second)["now"]
                code.add(f"{a}, {b} = {b}, {a}")

    def _enqueue(self, launch: LaunchPlan, code: CodeText) -> None:
        for binding in launch.bindings:
            if binding.changes:
                self._set(launch, binding, code)
        sizes = "GLOBAL_SIZE, LOCAL_SIZE"
        if self._several:
            local = "None" if launch.local_size is None else repr(launch.local_size)
            sizes = f"{launch.global_size!r}, {local}"
        kernel = self._kernels[launch.position]
        self._heading(launch, code)
        code.add(f"launches.append(cl.enqueue_nd_range_kernel(queue, {kernel}, {sizes}))")

    def _set(self, launch: LaunchPlan, binding: BindingPlan, code: CodeText) -> None:
        kernel = self._kernels[launch.position]
        call = f"{kernel}.set_arg({binding.index}"
        if binding.iteration:
            code.add(f"{call}, np.{binding.element.scalar.name}(iteration))")
        elif binding.scalar is not None:
            code.add(f"{call}, {_scalar(binding)})  # {python_comment(binding.info.name)}")
        elif binding.swapped:
            assert binding.arg is not None
            code.add(f"{call}, {self._own(binding.arg)['now']})")
        else:
            assert binding.arg is not None
            arg = self._args[binding.arg]
            first_use = arg.name not in self._made
            if isinstance(arg.spec, SamplerArg):
                self._made.add(arg.name)
            set_arg(arg, self._own(arg.name), code, kernel, binding.index, first_use)

    def times(self, code: CodeText) -> None:
        """Each repeat's kernel time: the sum of its launches' times."""
        if self._once:
            code.add(
                "# The kernel time of each launch, from its profiling information.",
                "times_ms = [(e.profile.end - e.profile.start) * 1e-6 for e in launches]",
            )
            return
        code.add(
            "# The kernel time of each repeat: its launches' times, from their profiling.",
            "times_ms = [",
            "    sum(e.profile.end - e.profile.start for e in launches[r : r + LAUNCHES_PER_RUN])"
            " * 1e-6",
            "    for r in range(0, len(launches), LAUNCHES_PER_RUN)",
            "]",
        )


def _scalar(binding: BindingPlan) -> str:
    element = binding.element
    values = binding.scalar_value
    if element.width == 1:
        return f"np.{element.scalar.name}({python_number(values[0].item(), element.scalar)})"
    lanes = ", ".join(python_number(v.item(), element.scalar) for v in values)
    return f"np.array([{lanes}], dtype=np.{element.scalar.name})"


def _starting_again(arg: ArgPlan, own: dict[str, str]) -> str:
    """The line that gives a buffer the kernel writes its starting contents before a
    repeat: zeros filled on the device (clEnqueueFillBuffer), as CL Studio's runs do, or
    a copy from the host."""
    device, host = own["device"], own["value"]
    if arg.filled:
        return f"cl.enqueue_fill_buffer(queue, {device}, np.zeros(1, np.uint8), 0, {host}.nbytes)"
    return f"cl.enqueue_copy(queue, {device}, {host}{image_region(arg)})"
