"""Steps 6, 8 and 9 of main.py for a program of several launches, and its kernel times.

One kernel object per written launch; the arguments that never change set once; a loop
over the repeats that enqueues every launch in order, with the iterations and swaps of
each group, and sets only what changes between iterations.
"""

from __future__ import annotations

from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.literals import python_comment, python_number, python_string
from clstudio.hostcode.names import NameAllocator, Names
from clstudio.hostcode.plan import ArgPlan, HostPlan
from clstudio.hostcode.program_plan import BindingPlan, GroupPlan, LaunchPlan, launches_per_run
from clstudio.session import ImageArg, LocalArg, NullArg, SamplerArg


class PythonLaunches:
    """Writes a program's launches; `names` are the arguments', `allocator` gives the rest."""

    def __init__(self, plan: HostPlan, names: Names, allocator: NameAllocator) -> None:
        self._plan = plan
        self._names = names
        self._args = {a.name: a for a in plan.args}
        launches = [launch for group in plan.groups for launch in group.launches]
        self._kernels = {
            launch.position: allocator.take(f"kernel_{launch.position}") for launch in launches
        }
        self._made: set[str] = set()  # samplers created so far

    def own(self, name: str) -> dict[str, str]:
        return self._names[self._args[name].index]

    def create_kernels(self, code: CodeText) -> None:
        """Step 6: one kernel object per launch, since each holds its own arguments."""
        code.step(6, "# {} (clCreateKernel): one kernel object per launch.")
        for group in self._plan.groups:
            for launch in group.launches:
                symbol = python_string(launch.symbol)
                code.add(f"{self._kernels[launch.position]} = cl.Kernel(program, {symbol})")
        code.add("")

    def set_arguments(self, code: CodeText) -> None:
        """Step 8: every argument that stays the same from the first launch to the last."""
        code.step(8, "# {} (clSetKernelArg) of each launch, in its kernel's order;")
        code.add("# what changes between iterations is set in step 9, before each launch.")
        for group in self._plan.groups:
            for launch in group.launches:
                code.add(f"# {python_comment(launch.heading)}")
                for binding in launch.bindings:
                    if not binding.changes:
                        self._set(launch, binding, code)
        code.add("")

    def launch(self, code: CodeText) -> None:
        """Step 9: the repeats, each running the whole program from the starting contents."""
        plan = self._plan
        code.step(9, "# {} (clEnqueueNDRangeKernel): the whole program REPEATS times.")
        code.add(
            "# Each repeat starts again from the starting contents; one wait follows them all.",
            f"LAUNCHES_PER_RUN = {launches_per_run(plan.groups)}",
            "launches = []",
            "for _ in range(REPEATS):",
        )
        with code.indented():
            for arg in plan.written:
                own = self._names[arg.index]
                if arg.uploaded:
                    code.add(starting_again(arg, own))
            swapped = [name for group in plan.groups for pair in group.swaps for name in pair]
            if swapped:
                now = ", ".join(self.own(name)["now"] for name in swapped)
                devices = ", ".join(self.own(name)["device"] for name in swapped)
                code.add(f"{now} = {devices}  # the buffers the swaps move, as they start")
            for group in plan.groups:
                self._group(group, code)
        code.add("")

    def _group(self, group: GroupPlan, code: CodeText) -> None:
        if not group.loops:
            self._enqueue(group.launches[0], code)
            return
        what = _group_comment(group)
        code.add(f"# {python_comment(what)}", f"for iteration in range({group.iterations}):")
        with code.indented():
            for launch in group.launches:
                self._enqueue(launch, code)
            for first, second in group.swaps:
                a, b = self.own(first)["now"], self.own(second)["now"]
                code.add(f"{a}, {b} = {b}, {a}")

    def _enqueue(self, launch: LaunchPlan, code: CodeText) -> None:
        for binding in launch.bindings:
            if binding.changes:
                self._set(launch, binding, code)
        local = "None" if launch.local_size is None else repr(tuple(launch.local_size))
        sizes = f"{tuple(launch.global_size)!r}, {local}"
        kernel = self._kernels[launch.position]
        code.add(
            f"# {python_comment(launch.heading)}",
            f"launches.append(cl.enqueue_nd_range_kernel(queue, {kernel}, {sizes}))",
        )

    def _set(self, launch: LaunchPlan, binding: BindingPlan, code: CodeText) -> None:
        kernel = self._kernels[launch.position]
        call = f"{kernel}.set_arg({binding.index}"
        if binding.iteration:
            element = binding.element
            code.add(f"{call}, np.{element.scalar.name}(iteration))")
            return
        if binding.scalar is not None:
            code.add(f"{call}, {_scalar(binding)})  # {python_comment(binding.info.name)}")
            return
        assert binding.arg is not None
        arg, own = self._args[binding.arg], self.own(binding.arg)
        spec = arg.spec
        if binding.swapped:
            code.add(f"{call}, {own['now']})")
        elif arg.is_memory:
            code.add(f"{call}, {own['device']})")
        elif isinstance(spec, NullArg):
            code.add(f"{call}, None)  # {python_comment(arg.name)}: NULL")
        elif isinstance(spec, LocalArg):
            what = python_comment(f"{arg.name}: {spec.count} x {spec.dtype.opencl_name}")
            code.add(f"{call}, cl.LocalMemory({spec.nbytes}))  # {what}")
        elif isinstance(spec, SamplerArg):
            if arg.name not in self._made:
                self._made.add(arg.name)
                code.add(
                    f"{own['value']} = cl.Sampler(",
                    f"    context, {spec.normalized_coords!r}, "
                    f"cl.addressing_mode.{spec.addressing.upper()}, "
                    f"cl.filter_mode.{spec.filter.upper()}",
                    ")",
                )
            code.add(f"{call}, {own['value']})")
        else:
            code.add(f"{call}, {own['value']})")

    def times(self, code: CodeText) -> None:
        """Each repeat's kernel time: the sum of its launches' times."""
        code.add(
            "# The kernel time of each repeat: its launches' times, from their profiling.",
            "times_ms = [",
            "    sum(e.profile.end - e.profile.start for e in launches[r : r + LAUNCHES_PER_RUN])"
            " * 1e-6",
            "    for r in range(0, len(launches), LAUNCHES_PER_RUN)",
            "]",
        )


def _group_comment(group: GroupPlan) -> str:
    said = f"{group.iterations} iterations"
    if group.swaps:
        pairs = ", ".join(f"{a} and {b}" for a, b in group.swaps)
        said += f"; {pairs} trade places after each"
    return said


def _scalar(binding: BindingPlan) -> str:
    element = binding.element
    values = binding.scalar_value
    if element.width == 1:
        return f"np.{element.scalar.name}({python_number(values[0].item(), element.scalar)})"
    lanes = ", ".join(python_number(v.item(), element.scalar) for v in values)
    return f"np.array([{lanes}], dtype=np.{element.scalar.name})"


def starting_again(arg: ArgPlan, own: dict[str, str]) -> str:
    """The line that gives a buffer the kernel writes its starting contents before a
    repeat: zeros filled on the device (clEnqueueFillBuffer), as CL Studio's runs do, or
    a copy from the host."""
    device, host = own["device"], own["value"]
    if arg.filled:
        return f"cl.enqueue_fill_buffer(queue, {device}, np.zeros(1, np.uint8), 0, {host}.nbytes)"
    return f"cl.enqueue_copy(queue, {device}, {host}{_region(arg)})"


def _region(arg: ArgPlan) -> str:
    if not isinstance(arg.spec, ImageArg):
        return ""
    return f", origin=(0, 0), region=({arg.spec.width}, {arg.spec.height})"
