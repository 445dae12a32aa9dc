"""main.c's syntax and lines for the eleven steps (step_printer walks them), the launches'
NDRanges, the kernel times and the release of the kernels.

One launch is written as the lesson writes it (WORK_DIMS, GLOBAL_SIZE, LOCAL_SIZE);
several have numbered sizes. A repeat of one enqueue keeps one event per repeat; more
add LAUNCHES_PER_RUN each.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from clstudio.hostcode.c_arguments import (
    host_ctype,
    memory_object,
    read_back,
    set_arg,
    write_to_device,
)
from clstudio.hostcode.c_structs import StructNames, struct_value
from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.launch_plan import BindingPlan, GroupPlan, LaunchPlan
from clstudio.hostcode.literals import c_comment, c_number, c_string, c_type
from clstudio.hostcode.names import NameAllocator, Names
from clstudio.hostcode.plan import ArgPlan, HostPlan
from clstudio.hostcode.step_printer import StepPrinter, UntilLoop


class CSteps(StepPrinter):
    """main.c's eleven steps; `names` are the arguments', `allocator` the rest."""

    _FINISH = 'check_cl(clFinish(queue), "clFinish");'
    _SWAP = ("swap = {0};", "{0} = {1};", "{1} = swap;")
    _FILLED_AGAIN = (
        "the buffers the kernel writes get their starting contents again; those",
        "that start from zeros are filled on the device (clEnqueueFillBuffer).",
    )

    def __init__(
        self, plan: HostPlan, names: Names, allocator: NameAllocator, struct_names: StructNames
    ) -> None:
        super().__init__(plan, names, allocator)
        self._struct_names = struct_names
        self._sizes: dict[int, tuple[str, str, str]] = {}  # dimensions, global, local
        self._scalars: dict[tuple[int, int], str] = {}  # (launch, parameter) -> its variable
        for launch in self._launches:
            at = launch.position
            if self._several:  # numbered, with the dimensions and a NULL local size inline
                local = "NULL" if launch.local_size is None else allocator.take(f"LOCAL_SIZE_{at}")
                dims = str(len(launch.global_size))
                self._sizes[at] = (dims, allocator.take(f"GLOBAL_SIZE_{at}"), local)
            else:  # the program's own names, as the lesson writes one launch
                self._sizes[at] = ("WORK_DIMS", "GLOBAL_SIZE", "LOCAL_SIZE")
            for binding in launch.bindings:
                if binding.arg is None:
                    self._scalars[at, binding.index] = allocator.take(f"{binding.info.name}_{at}")

    def _comment(self, *lines: str) -> str:
        said = [c_comment(line) for line in lines]
        return "\n * ".join([f"/* {said[0]}", *said[1:]]) + " */"

    def _setup(self) -> tuple[tuple[str, ...], ...]:
        return (
            (
                "cl_uint platform_count;",
                'check_cl(clGetPlatformIDs(0, NULL, &platform_count), "clGetPlatformIDs");',
                "cl_platform_id *platforms = new_array(platform_count, sizeof *platforms);",
                'check_cl(clGetPlatformIDs(platform_count, platforms, NULL), "clGetPlatformIDs");',
            ),
            (
                "cl_uint device_count = 0;",
                "cl_device_id *devices = NULL;",
                "for (cl_uint p = 0; p < platform_count; p++) {",
                "    cl_uint found;",
                "    err = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL, &found);",
                "    if (err == CL_DEVICE_NOT_FOUND) {",
                "        continue; /* a platform with no devices */",
                "    }",
                '    check_cl(err, "clGetDeviceIDs");',
                "    cl_device_id *more = new_array(device_count + found, sizeof *more);",
                "    if (device_count > 0) {",
                "        memcpy(more, devices, device_count * sizeof *more);",
                "    }",
                "    free(devices);",
                "    devices = more;",
                "    err = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, found, "
                "devices + device_count,",
                "                         NULL);",
                '    check_cl(err, "clGetDeviceIDs");',
                "    device_count += found;",
                "}",
                "if (device_count == 0) {",
                '    fprintf(stderr, "no OpenCL device found\\n");',
                "    return 2;",
                "}",
                "if (list_only) {",
                "    for (cl_uint d = 0; d < device_count; d++) {",
                '        printf("%u: ", (unsigned)d);',
                "        print_device(devices[d]);",
                "    }",
                "    return 0;",
                "}",
                "cl_device_id device = choose_device(devices, device_count, wanted);",
                "if (device == NULL) {",
                "    fprintf(stderr, \"no device '%s'; --list shows them\\n\", wanted);",
                "    return 2;",
                "}",
                "free(devices);",
                'printf("device: ");',
                "print_device(device);",
            ),
            (
                "cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);",
                'check_cl(err, "clCreateContext");',
            ),
            (
                "cl_command_queue queue = clCreateCommandQueue(context, device, "
                "CL_QUEUE_PROFILING_ENABLE, &err);",
                'check_cl(err, "clCreateCommandQueue");',
            ),
            (
                *self._read_source(),
                'check_cl(err, "clCreateProgramWithSource");',
                "err = clBuildProgram(program, 1, &device, BUILD_OPTIONS, NULL, NULL);",
                "if (err == CL_BUILD_PROGRAM_FAILURE) { "
                "/* the compiler's messages are in the build log */",
                "    size_t log_size;",
                "    cl_int log_err = clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, "
                "0, NULL,",
                "                                           &log_size);",
                '    check_cl(log_err, "clGetProgramBuildInfo");',
                "    char *log = new_array(log_size + 1, 1);",
                "    log_err = clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, "
                "log_size, log, NULL);",
                '    check_cl(log_err, "clGetProgramBuildInfo");',
                '    fprintf(stderr, "%s\\n", log);',
                "    free(log);",
                "}",
                'check_cl(err, "clBuildProgram");',
            ),
        )

    def _read_source(self) -> tuple[str, ...]:
        """One file read whole; parts read in order and given to the driver to join."""
        files = self._plan.source_files
        if len(files) == 1:
            return (
                "size_t source_size;",
                f"char *source = read_beside(argv[0], {c_string(files[0][0])}, &source_size);",
                "cl_program program = clCreateProgramWithSource(context, 1, "
                "(const char **)&source,",
                "                                               &source_size, &err);",
            )
        return (
            "char *sources[PART_COUNT];",
            "size_t source_sizes[PART_COUNT];",
            "for (int part = 0; part < PART_COUNT; part++) {",
            "    sources[part] = read_beside(argv[0], SOURCE_PARTS[part], &source_sizes[part]);",
            "}",
            "cl_program program = clCreateProgramWithSource(context, PART_COUNT, "
            "(const char **)sources,",
            "                                               source_sizes, &err);",
        )

    def free_parts(self) -> tuple[str, ...]:
        """The source parts' texts, freed at the end (one source is freed with the rest)."""
        if len(self._plan.source_files) == 1:
            return ()
        return ("for (int part = 0; part < PART_COUNT; part++) {", "    free(sources[part]);", "}")

    def constants(self, code: CodeText) -> None:
        """The source's parts, and each launch's NDRange, before main()."""
        files = self._plan.source_files
        if len(files) > 1:
            code.add(
                "/* The kernel source in parts, joined in this order by "
                "clCreateProgramWithSource. */",
                f"#define PART_COUNT {len(files)}",
                "static const char *const SOURCE_PARTS[PART_COUNT] = "
                f"{{{', '.join(c_string(n) for n, _ in files)}}};",
            )
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

    def _memory_objects(self, code: CodeText) -> None:
        for arg in self._plan.memory:
            memory_object(arg, self._names[arg.index], code)

    def _create_kernel(self, launch: LaunchPlan, kernel: str, code: CodeText) -> None:
        code.add(
            f"cl_kernel {kernel} = clCreateKernel(program, {c_string(launch.symbol)}, &err);",
            'check_cl(err, "clCreateKernel");',
        )

    @contextmanager
    def _repeats(self, code: CodeText) -> Iterator[None]:
        if self._once:
            code.add("cl_event *launches = new_array(REPEATS, sizeof *launches);")
        else:
            code.add(
                "cl_event *launches = new_array(REPEATS * LAUNCHES_PER_RUN, sizeof *launches);",
                "size_t launched = 0;",
            )
        if self._loops:
            code.add(
                f"size_t *{self._ends} = new_array(REPEATS, sizeof *{self._ends}); "
                "/* where each repeat's launches end: loops vary */"
            )
            for group in self._loops:
                own = self._loop_names[group.entry]
                code.add(f"int {own['rounds']} = 0, {own['held']} = 0; /* {group.named} */")
        swapped = self._plan.swapped
        if swapped:
            code.add("/* The buffers the swaps move: which one each name stands for now. */")
            code.add(*(f"cl_mem {self._own(name)['now']} = NULL;" for name in swapped))
            code.add("cl_mem swap;")
        with _loop("repeat", "REPEATS", code):
            yield
            if self._loops:
                code.add(f"{self._ends}[repeat] = launched;")

    @contextmanager
    def _until_rounds(self, loop: UntilLoop, code: CodeText) -> Iterator[None]:
        most, until, arg, names, own = loop
        ctype, device, count = host_ctype(arg, names), names["device"], arg.count
        flag, before = own["flag"], own["before"]
        code.add(f"{own['held']} = 0;")
        if until.kind == "unchanged":
            code.add(f"{ctype} {before}[{count}]; /* the buffer as the round finds it */")
        with _loop("iteration", str(most), code):
            if until.reset is not None:
                reset = c_number(until.reset, arg.element.scalar)
                code.add(
                    f"{ctype} {own['reset']}[{count}];",
                    f"for (int i = 0; i < {count}; i++) {{",
                    f"    {own['reset']}[i] = {reset};",
                    "}",
                    f"err = clEnqueueWriteBuffer(queue, {device}, CL_TRUE, 0, "
                    f"sizeof {own['reset']}, {own['reset']},",
                    "                           0, NULL, NULL);",
                    'check_cl(err, "clEnqueueWriteBuffer");',
                )
            if until.kind == "unchanged":
                code.add("if (iteration == 0) {")
                with code.indented():
                    self._read_now(device, before, code)
                code.add("}")
            yield
            code.add(f"{ctype} {flag}[{count}];")
            self._read_now(device, flag, code)
            code.add(f"{own['rounds']} = iteration + 1;", f"{own['held']} = 1;")
            if until.kind == "equals":
                value = c_number(until.value, arg.element.scalar)
                code.add(f"for (int i = 0; i < {count}; i++) {{")
                code.add(
                    f"    if ({flag}[i] != {value}) {{", f"        {own['held']} = 0;", "    }"
                )
            else:
                code.add(f"for (int i = 0; i < {count}; i++) {{")
                code.add(
                    f"    if ({flag}[i] != {before}[i]) {{",
                    f"        {own['held']} = 0;",
                    "    }",
                    f"    {before}[i] = {flag}[i];",
                )
            code.add("}", f"if ({own['held']}) {{", "    break;", "}")

    def _read_now(self, device: str, host: str, code: CodeText) -> None:
        """A blocking read of the condition's buffer: the round's launches have ended."""
        code.add(
            f"err = clEnqueueReadBuffer(queue, {device}, CL_TRUE, 0, sizeof {host}, {host}, 0, "
            "NULL, NULL);",
            'check_cl(err, "clEnqueueReadBuffer");',
        )

    def _print_loop(self, group: GroupPlan, rounds: str, held: str, code: CodeText) -> None:
        never = (
            f"{group.named}: {group.condition} still did not hold after the most rounds, "
            f"{group.iterations}; the loop stopped there"
        )
        code.add(
            f"if ({held}) {{",
            f'    printf("%s %d %s %s\\n", {c_string(group.named + ":")}, {rounds},',
            f'           {rounds} == 1 ? "round," : "rounds,",',
            f"           {c_string('until ' + group.condition)});",
            "} else {",
            f'    printf("%s\\n", {c_string(never)});',
            "}",
        )

    def _iterations(self, count: int, code: CodeText) -> AbstractContextManager[None]:
        return _loop("iteration", str(count), code)

    def _start_again(self, arg: ArgPlan, code: CodeText) -> None:
        write_to_device(arg, self._names[arg.index], code)

    def _start_swaps(self, code: CodeText) -> None:
        for name in self._plan.swapped:
            own = self._own(name)
            code.add(f"{own['now']} = {own['device']};")

    def _enqueue_kernel(self, launch: LaunchPlan, kernel: str, code: CodeText) -> None:
        dims, global_name, local_name = self._sizes[launch.position]
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

    def _set_number(
        self, launch: LaunchPlan, kernel: str, binding: BindingPlan, code: CodeText
    ) -> None:
        value = self._scalars[launch.position, binding.index]
        element = binding.element
        if binding.struct is not None:
            struct_value(binding.struct, binding.scalar_value, value, self._struct_names, code)
        elif binding.iteration:
            ctype = c_type(element.scalar, element.width)
            code.add(f"{ctype} {value} = ({ctype})iteration;")
        else:
            ctype = c_type(element.scalar, element.width)
            lanes = [c_number(v.item(), element.scalar) for v in binding.scalar_value]
            start = lanes[0] if element.width == 1 else f"{{{{{', '.join(lanes)}}}}}"
            code.add(f"{ctype} {value} = {start};")
        code.add(
            f"err = clSetKernelArg({kernel}, {binding.index}, sizeof {value}, &{value});",
            f"check_cl(err, {self._call(launch, 'clSetKernelArg', binding.info.name)});",
        )

    def _set_swapped(
        self, launch: LaunchPlan, kernel: str, binding: BindingPlan, now: str, code: CodeText
    ) -> None:
        code.add(
            f"err = clSetKernelArg({kernel}, {binding.index}, sizeof(cl_mem), &{now});",
            f"check_cl(err, {self._call(launch, 'clSetKernelArg', binding.info.name)});",
        )

    def _read_back(self, arg: ArgPlan, device: str, code: CodeText) -> None:
        read_back(arg, self._names[arg.index] | {"device": device}, code)

    def _set_arg(
        self, arg: ArgPlan, kernel: str, index: int, first_use: bool, code: CodeText
    ) -> None:
        set_arg(arg, self._own(arg.name), code, kernel, index, make_sampler=first_use)

    def _times(self, code: CodeText) -> None:
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
        ends = self._ends
        # A loop until done decides how many launches a repeat has: each repeat's end is kept.
        each = (
            (
                f"    size_t launch = repeat == 0 ? 0 : {ends}[repeat - 1];",
                f"    for (; launch < {ends}[repeat]; launch++) {{",
                "        cl_event event = launches[launch];",
            )
            if self._loops
            else (
                "    for (size_t launch = 0; launch < LAUNCHES_PER_RUN; launch++) {",
                "        cl_event event = launches[(size_t)repeat * LAUNCHES_PER_RUN + launch];",
            )
        )
        code.add(
            "/* The kernel time of each repeat: its launches' times, from their profiling. */",
            "double *times_ms = new_array(REPEATS, sizeof *times_ms);",
            "for (int repeat = 0; repeat < REPEATS; repeat++) {",
            "    times_ms[repeat] = 0.0;",
            *each,
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
        if self._loops:
            code.add(f"free({ends});")

    def release_kernels(self, code: CodeText) -> None:
        for launch in reversed(self._launches):
            kernel = self._kernels[launch.position]
            code.add(f'check_cl(clReleaseKernel({kernel}), "clReleaseKernel");')


@contextmanager
def _loop(counter: str, count: str, code: CodeText) -> Iterator[None]:
    code.add(f"for (int {counter} = 0; {counter} < {count}; {counter}++) {{")
    with code.indented():
        yield
    code.add("}")


def _c_list(sizes: tuple[int, ...]) -> str:
    return "{" + ", ".join(str(s) for s in sizes) + "}"
