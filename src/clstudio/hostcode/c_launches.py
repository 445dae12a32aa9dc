"""Steps 6, 8 and 9 of main.c for a program of several launches, its kernel times and
the release of its kernels.

The same program as main.py's (python_launches): one kernel object per written launch,
the arguments that never change set once, and a loop over the repeats that enqueues
every launch in order, with each group's iterations and swaps.
"""

from __future__ import annotations

from clstudio.hostcode.c_arguments import set_arg, write_to_device
from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.literals import c_comment, c_number, c_string, c_type
from clstudio.hostcode.names import NameAllocator, Names
from clstudio.hostcode.plan import HostPlan
from clstudio.hostcode.program_plan import BindingPlan, GroupPlan, LaunchPlan, launches_per_run
from clstudio.session import SamplerArg


class CLaunches:
    """Writes a program's launches; `names` are the arguments', `allocator` gives the rest."""

    def __init__(self, plan: HostPlan, names: Names, allocator: NameAllocator) -> None:
        self._plan = plan
        self._names = names
        self._args = {a.name: a for a in plan.args}
        self._launches = [launch for group in plan.groups for launch in group.launches]
        self._kernels: dict[int, str] = {}
        self._sizes: dict[int, tuple[str, str | None]] = {}
        self._scalars: dict[tuple[int, int], str] = {}  # (launch, parameter) -> its variable
        for launch in self._launches:
            at = launch.position
            self._kernels[at] = allocator.take(f"kernel_{at}")
            local = None if launch.local_size is None else allocator.take(f"LOCAL_SIZE_{at}")
            self._sizes[at] = (allocator.take(f"GLOBAL_SIZE_{at}"), local)
            for binding in launch.bindings:
                if binding.arg is None:
                    self._scalars[at, binding.index] = allocator.take(f"{binding.info.name}_{at}")
        self._made: set[str] = set()  # samplers created so far

    def _own(self, name: str) -> dict[str, str]:
        return self._names[self._args[name].index]

    def constants(self, code: CodeText) -> None:
        """Each launch's NDRange, before main()."""
        for launch in self._launches:
            global_name, local_name = self._sizes[launch.position]
            dims = len(launch.global_size)
            code.add(
                f"/* {c_comment(launch.heading)} */",
                f"static const size_t {global_name}[{dims}] = {_c_list(launch.global_size)};",
            )
            if launch.local_size is not None:
                code.add(
                    f"static const size_t {local_name}[{dims}] = {_c_list(launch.local_size)};"
                )
        code.add(f"#define LAUNCHES_PER_RUN {launches_per_run(self._plan.groups)}")

    def create_kernels(self, code: CodeText) -> None:
        """Step 6: one kernel object per launch, since each holds its own arguments."""
        code.step(6, "/* {} (clCreateKernel): one kernel object per launch. */")
        for launch in self._launches:
            kernel = self._kernels[launch.position]
            code.add(
                f"cl_kernel {kernel} = clCreateKernel(program, {c_string(launch.symbol)}, &err);",
                'check_cl(err, "clCreateKernel");',
            )
        code.add("")

    def set_arguments(self, code: CodeText) -> None:
        """Step 8: every argument that stays the same from the first launch to the last."""
        code.step(8, "/* {} (clSetKernelArg) of each launch, in its kernel's order;")
        code.add(" * what changes between iterations is set in step 9, before each launch. */")
        for launch in self._launches:
            code.add(f"/* {c_comment(launch.heading)} */")
            for binding in launch.bindings:
                if not binding.changes:
                    self._set(launch, binding, code)
        code.add("")

    def launch(self, code: CodeText) -> None:
        """Step 9: the repeats, each running the whole program from the starting contents."""
        plan = self._plan
        code.step(9, "/* {} (clEnqueueNDRangeKernel): the whole program REPEATS times.")
        code.add(
            " * Each repeat starts again from the starting contents; one wait follows them all. */",
            "cl_event *launches = new_array(REPEATS * LAUNCHES_PER_RUN, sizeof *launches);",
            "size_t launched = 0;",
        )
        swapped = [name for group in plan.groups for pair in group.swaps for name in pair]
        if swapped:
            code.add("/* The buffers the swaps move: which one each name stands for now. */")
            code.add(*(f"cl_mem {self._own(name)['now']} = NULL;" for name in swapped))
            code.add("cl_mem swap;")
        code.add("for (int repeat = 0; repeat < REPEATS; repeat++) {")
        with code.indented():
            for arg in plan.written:
                write_to_device(arg, self._names[arg.index], code)
            for name in swapped:
                own = self._own(name)
                code.add(f"{own['now']} = {own['device']};")
            for group in plan.groups:
                self._group(group, code)
        code.add("}", "")

    def _group(self, group: GroupPlan, code: CodeText) -> None:
        if not group.loops:
            self._enqueue(group.launches[0], code)
            return
        said = f"{group.iterations} iterations"
        if group.swaps:
            pairs = ", ".join(f"{a} and {b}" for a, b in group.swaps)
            said += f"; {pairs} trade places after each"
        code.add(
            f"/* {c_comment(said)} */",
            f"for (int iteration = 0; iteration < {group.iterations}; iteration++) {{",
        )
        with code.indented():
            for launch in group.launches:
                self._enqueue(launch, code)
            for first, second in group.swaps:
                a, b = self._own(first)["now"], self._own(second)["now"]
                code.add(f"swap = {a};", f"{a} = {b};", f"{b} = swap;")
        code.add("}")

    def _enqueue(self, launch: LaunchPlan, code: CodeText) -> None:
        code.add(f"/* {c_comment(launch.heading)} */")
        for binding in launch.bindings:
            if binding.changes:
                self._set(launch, binding, code)
        global_name, local_name = self._sizes[launch.position]
        kernel = self._kernels[launch.position]
        code.add(
            f"err = clEnqueueNDRangeKernel(queue, {kernel}, {len(launch.global_size)}, NULL, "
            f"{global_name}, {local_name or 'NULL'},",
            "                             0, NULL, &launches[launched++]);",
            f"check_cl(err, {c_string(f'clEnqueueNDRangeKernel ({launch.heading})')});",
        )

    def _set(self, launch: LaunchPlan, binding: BindingPlan, code: CodeText) -> None:
        kernel = self._kernels[launch.position]
        label = c_string(f"clSetKernelArg ({launch.heading}: {binding.info.name})")
        if binding.arg is None:
            value = self._scalars[launch.position, binding.index]
            element = binding.element
            ctype = c_type(element.scalar, element.width)
            if binding.iteration:
                code.add(f"{ctype} {value} = ({ctype})iteration;")
            else:
                lanes = [c_number(v.item(), element.scalar) for v in binding.scalar_value]
                start = lanes[0] if element.width == 1 else f"{{{{{', '.join(lanes)}}}}}"
                code.add(f"{ctype} {value} = {start};")
            code.add(
                f"err = clSetKernelArg({kernel}, {binding.index}, sizeof {value}, &{value});",
                f"check_cl(err, {label});",
            )
            return
        arg, own = self._args[binding.arg], self._own(binding.arg)
        if binding.swapped:
            code.add(
                f"err = clSetKernelArg({kernel}, {binding.index}, sizeof(cl_mem), &{own['now']});",
                f"check_cl(err, {label});",
            )
            return
        first_use = arg.name not in self._made
        if isinstance(arg.spec, SamplerArg):
            self._made.add(arg.name)
        set_arg(arg, own, code, kernel, binding.index, make_sampler=first_use)

    def times(self, code: CodeText) -> None:
        """Each repeat's kernel time: the sum of its launches' times."""
        code.add(
            "/* The kernel time of each repeat: its launches' times, from their profiling. */",
            "double *times_ms = new_array(REPEATS, sizeof *times_ms);",
            "for (int repeat = 0; repeat < REPEATS; repeat++) {",
            "    times_ms[repeat] = 0.0;",
            "    for (size_t launch = 0; launch < LAUNCHES_PER_RUN; launch++) {",
            "        cl_event event = launches[(size_t)repeat * LAUNCHES_PER_RUN + launch];",
            "        cl_ulong start, end;",
            "        err = clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START,",
            "                                      sizeof start, &start, NULL);",
            '        check_cl(err, "clGetEventProfilingInfo");',
            "        err = clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END,",
            "                                      sizeof end, &end, NULL);",
            '        check_cl(err, "clGetEventProfilingInfo");',
            "        times_ms[repeat] += (double)(end - start) * 1e-6;",
            '        check_cl(clReleaseEvent(event), "clReleaseEvent");',
            "    }",
            '    printf("repeat %d: %.3f ms\\n", repeat + 1, times_ms[repeat]);',
            "}",
        )

    def release_kernels(self, code: CodeText) -> None:
        for launch in reversed(self._launches):
            kernel = self._kernels[launch.position]
            code.add(f'check_cl(clReleaseKernel({kernel}), "clReleaseKernel");')


def _c_list(sizes: tuple[int, ...]) -> str:
    return "{" + ", ".join(str(s) for s in sizes) + "}"
