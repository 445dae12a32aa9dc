"""Steps 6, 8 and 9 of main.c, the kernel times and the release of the kernels.

The same program as main.py's (python_launches), for every session: one kernel object
per written launch, the arguments that never change set once, and a loop over the
repeats that enqueues every launch in order, with each group's iterations and swaps.
One launch is written as the lesson writes it (`kernel`, WORK_DIMS, GLOBAL_SIZE,
LOCAL_SIZE); several are numbered in names and comments (`kernel_2`, `launch 2 of 3`).
A repeat of one enqueue keeps one event per repeat; more add LAUNCHES_PER_RUN each.
"""

from __future__ import annotations

from clstudio.hostcode.c_arguments import set_arg, write_to_device
from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.launch_plan import BindingPlan, GroupPlan, LaunchPlan
from clstudio.hostcode.literals import c_comment, c_number, c_string, c_type
from clstudio.hostcode.names import NameAllocator, Names
from clstudio.hostcode.plan import HostPlan
from clstudio.session import SamplerArg


class CLaunches:
    """Writes a plan's launches; `names` are the arguments', `allocator` gives the rest."""

    def __init__(self, plan: HostPlan, names: Names, allocator: NameAllocator) -> None:
        self._plan = plan
        self._names = names
        self._args = {a.name: a for a in plan.args}
        self._launches = plan.launches
        self._several = len(self._launches) > 1
        self._once = plan.launches_per_run == 1  # one event per repeat
        self._kernels: dict[int, str] = {}
        self._sizes: dict[int, tuple[str, str, str]] = {}  # dimensions, global, local
        self._scalars: dict[tuple[int, int], str] = {}  # (launch, parameter) -> its variable
        for launch in self._launches:
            at = launch.position
            if self._several:  # numbered, with the dimensions and a NULL local size inline
                local = "NULL" if launch.local_size is None else allocator.take(f"LOCAL_SIZE_{at}")
                self._kernels[at] = allocator.take(f"kernel_{at}")
                dims = str(len(launch.global_size))
                self._sizes[at] = (dims, allocator.take(f"GLOBAL_SIZE_{at}"), local)
            else:  # the program's own names, as the lesson writes one launch
                self._kernels[at] = "kernel"
                self._sizes[at] = ("WORK_DIMS", "GLOBAL_SIZE", "LOCAL_SIZE")
            for binding in launch.bindings:
                if binding.arg is None:
                    self._scalars[at, binding.index] = allocator.take(f"{binding.info.name}_{at}")
        self._made: set[str] = set()  # samplers created so far

    def _own(self, name: str) -> dict[str, str]:
        return self._names[self._args[name].index]

    def _heading(self, launch: LaunchPlan, code: CodeText) -> None:
        """The comment that says which launch the lines below are, among several."""
        if self._several:
            code.add(f"/* {c_comment(launch.heading)} */")

    def constants(self, code: CodeText) -> None:
        """Each launch's NDRange, before main()."""
        for launch in self._launches:
            dims, global_name, local_name = self._sizes[launch.position]
            self._heading(launch, code)
            if not self._several:
                code.add(f"#define {dims} {len(launch.global_size)}")
            code.add(f"static const size_t {global_name}[{dims}] = {_c_list(launch.global_size)};")
            if launch.local_size is not None:
                code.add(
                    f"static const size_t {local_name}[{dims}] = {_c_list(launch.local_size)};"
                )
            elif not self._several:
                code.add(
                    f"static const size_t *{local_name} = NULL; "
                    "/* the driver chooses the work-group size */"
                )
        if not self._once:
            code.add(f"#define LAUNCHES_PER_RUN {self._plan.launches_per_run}")

    def create_kernels(self, code: CodeText) -> None:
        """Step 6: one kernel object per launch, since each holds its own arguments."""
        each = ": one kernel object per launch" if self._several else ""
        code.step(6, f"/* {{}} (clCreateKernel){each}. */")
        for launch in self._launches:
            kernel = self._kernels[launch.position]
            code.add(
                f"cl_kernel {kernel} = clCreateKernel(program, {c_string(launch.symbol)}, &err);",
                'check_cl(err, "clCreateKernel");',
            )
        code.add("")

    def set_arguments(self, code: CodeText) -> None:
        """Step 8: every argument that stays the same from the first launch to the last."""
        bindings = [b for launch in self._launches for b in launch.bindings]
        order = (
            " of each launch, in its kernel's order" if self._several else ", in the kernel's order"
        )
        if any(b.changes for b in bindings):
            code.step(8, f"/* {{}} (clSetKernelArg){order};")
            code.add(" * what changes between iterations is set in step 9, before each launch. */")
        else:
            code.step(8, f"/* {{}} (clSetKernelArg){order}. */")
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
            code.step(9, "/* {} (clEnqueueNDRangeKernel) REPEATS times. Before each launch,")
            if any(arg.filled for arg in plan.written):
                code.add(
                    " * the buffers the kernel writes get their starting contents again; those"
                )
                code.add(
                    " * that start from zeros are filled on the device (clEnqueueFillBuffer). */"
                )
            else:
                code.add(" * the buffers the kernel writes get their starting contents again. */")
            code.add("cl_event *launches = new_array(REPEATS, sizeof *launches);")
        else:
            code.step(9, "/* {} (clEnqueueNDRangeKernel): the whole program REPEATS times.")
            code.add(
                " * Each repeat starts again from the starting contents; one wait follows them"
                " all. */",
                "cl_event *launches = new_array(REPEATS * LAUNCHES_PER_RUN, sizeof *launches);",
                "size_t launched = 0;",
            )
        if plan.swapped:
            code.add("/* The buffers the swaps move: which one each name stands for now. */")
            code.add(*(f"cl_mem {self._own(name)['now']} = NULL;" for name in plan.swapped))
            code.add("cl_mem swap;")
        code.add("for (int repeat = 0; repeat < REPEATS; repeat++) {")
        with code.indented():
            for arg in plan.written:
                if arg.uploaded:
                    write_to_device(arg, self._names[arg.index], code)
            for name in plan.swapped:
                own = self._own(name)
                code.add(f"{own['now']} = {own['device']};")
            for group in plan.groups:
                self._group(group, code)
        code.add("}", "")

    def _group(self, group: GroupPlan, code: CodeText) -> None:
        if not group.loops:
            self._enqueue(group.launches[0], code)
            return
        code.add(
            f"/* {c_comment(group.heading)} */",
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
        self._heading(launch, code)
        for binding in launch.bindings:
            if binding.changes:
                self._set(launch, binding, code)
        dims, global_name, local_name = self._sizes[launch.position]
        kernel = self._kernels[launch.position]
        head = f"err = clEnqueueNDRangeKernel(queue, {kernel}, {dims}, NULL, {global_name},"
        event = "&launches[repeat]" if self._once else "&launches[launched++]"
        pad, tail = " " * 29, f"0, NULL, {event});"
        if len(code.pad) + len(head) + len(local_name) + 2 <= 100:
            code.add(f"{head} {local_name},", f"{pad}{tail}")
        else:
            code.add(head, f"{pad}{local_name}, {tail}")
        code.add(f"check_cl(err, {self._call(launch, 'clEnqueueNDRangeKernel')});")

    def _call(self, launch: LaunchPlan, call: str, argument: str = "") -> str:
        """What check_cl says failed: the call, and which launch among several."""
        parts = ([launch.heading] if self._several else []) + ([argument] if argument else [])
        return c_string(f"{call} ({': '.join(parts)})" if parts else call)

    def _set(self, launch: LaunchPlan, binding: BindingPlan, code: CodeText) -> None:
        kernel = self._kernels[launch.position]
        label = self._call(launch, "clSetKernelArg", binding.info.name)
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
        if self._once:
            code.add(
                "/* The kernel time of each launch, from its profiling information. */",
                "double *times_ms = new_array(REPEATS, sizeof *times_ms);",
                "for (int repeat = 0; repeat < REPEATS; repeat++) {",
                "    cl_ulong start, end;",
                "    err = clGetEventProfilingInfo(launches[repeat], CL_PROFILING_COMMAND_START, "
                "sizeof start,",
                "                                  &start, NULL);",
                '    check_cl(err, "clGetEventProfilingInfo");',
                "    err = clGetEventProfilingInfo(launches[repeat], CL_PROFILING_COMMAND_END, "
                "sizeof end,",
                "                                  &end, NULL);",
                '    check_cl(err, "clGetEventProfilingInfo");',
                "    times_ms[repeat] = (double)(end - start) * 1e-6;",
                '    printf("repeat %d: %.3f ms\\n", repeat + 1, times_ms[repeat]);',
                '    check_cl(clReleaseEvent(launches[repeat]), "clReleaseEvent");',
                "}",
            )
            return
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
