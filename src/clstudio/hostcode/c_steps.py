"""main.c's syntax and lines for the eleven steps (step_printer walks them), the launches'
NDRanges, the kernel times and the release of the kernels.

One launch is written as the lesson writes it (WORK_DIMS, GLOBAL_SIZE, LOCAL_SIZE);
several have numbered sizes. A repeat of one enqueue keeps one event per repeat; more
add LAUNCHES_PER_RUN each.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from clstudio.hostcode.c_arguments import memory_object, read_back, set_arg, write_to_device
from clstudio.hostcode.c_structs import StructNames, struct_value
from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.launch_plan import BindingPlan, LaunchPlan
from clstudio.hostcode.literals import c_comment, c_number, c_string, c_type
from clstudio.hostcode.names import NameAllocator, Names
from clstudio.hostcode.plan import ArgPlan, HostPlan
from clstudio.hostcode.step_printer import StepPrinter


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
        source_file = self._plan.session.kernel + ".cl"
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
                "size_t source_size;",
                f"char *source = read_beside(argv[0], {c_string(source_file)}, &source_size);",
                "cl_program program = clCreateProgramWithSource(context, 1, "
                "(const char **)&source,",
                "                                               &source_size, &err);",
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
        swapped = self._plan.swapped
        if swapped:
            code.add("/* The buffers the swaps move: which one each name stands for now. */")
            code.add(*(f"cl_mem {self._own(name)['now']} = NULL;" for name in swapped))
            code.add("cl_mem swap;")
        with _loop("repeat", "REPEATS", code):
            yield

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


@contextmanager
def _loop(counter: str, count: str, code: CodeText) -> Iterator[None]:
    code.add(f"for (int {counter} = 0; {counter} < {count}; {counter}++) {{")
    with code.indented():
        yield
    code.add("}")


def _c_list(sizes: tuple[int, ...]) -> str:
    return "{" + ", ".join(str(s) for s in sizes) + "}"
