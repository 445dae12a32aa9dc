"""main.py's syntax and lines for the eleven steps (step_printer walks them), one launch's
NDRange, and the kernel times.

One launch is written as the lesson writes it (its NDRange in GLOBAL_SIZE and
LOCAL_SIZE); several each have their sizes at their enqueue.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from clstudio.hostcode.code_text import CodeText
from clstudio.hostcode.launch_plan import BindingPlan, GroupPlan, LaunchPlan
from clstudio.hostcode.literals import python_comment, python_number, python_string
from clstudio.hostcode.names import NameAllocator, Names
from clstudio.hostcode.plan import ArgPlan, HostPlan
from clstudio.hostcode.python_arguments import image_region, memory_object, set_arg
from clstudio.hostcode.python_structs import struct_value
from clstudio.hostcode.step_printer import StepPrinter, UntilLoop


class PythonSteps(StepPrinter):
    """main.py's eleven steps; `names` are the arguments', `allocator` the rest."""

    _FINISH = "queue.finish()"
    _SWAP = ("{0}, {1} = {1}, {0}",)
    _FILLED_AGAIN = (
        "the buffers the kernel writes get their starting contents again.",
        "Those that start from zeros are filled on the device (clEnqueueFillBuffer).",
    )

    def __init__(
        self,
        plan: HostPlan,
        names: Names,
        allocator: NameAllocator,
        type_names: Mapping[str, str],
    ) -> None:
        super().__init__(plan, names, allocator)
        self._type_names = type_names
        self._structs: dict[tuple[int, int], str] = {}  # a launch's own struct's variable
        for launch in self._launches:
            for binding in launch.bindings:
                if binding.struct is not None:
                    name = allocator.take(f"{binding.info.name}_{launch.position}")
                    self._structs[launch.position, binding.index] = name

    def _comment(self, *lines: str) -> str:
        return "\n".join(f"# {python_comment(line)}" for line in lines)

    def _setup(self) -> tuple[tuple[str, ...], ...]:
        return (
            ("platforms = cl.get_platforms()",),
            (
                "devices = [d for p in platforms for d in p.get_devices()]",
                "if not devices:",
                '    print("no OpenCL device found", file=sys.stderr)',
                "    return 2",
                "if options.list:",
                "    for number, d in enumerate(devices):",
                '        print(f"{number}: {describe(d)}")',
                "    return 0",
                "device = choose_device(devices, options.device)",
                "if device is None:",
                '    print(f"no device {options.device!r}; --list shows them", file=sys.stderr)',
                "    return 2",
                'print(f"device: {describe(device)}")',
            ),
            ("context = cl.Context([device])",),
            (
                "queue = cl.CommandQueue("
                "context, properties=cl.command_queue_properties.PROFILING_ENABLE)",
            ),
            (
                *self._read_source(),
                "program = cl.Program(context, source).build(options=BUILD_OPTIONS)",
            ),
        )

    def _read_source(self) -> tuple[str, ...]:
        """One file read whole; parts read in order and joined, as the host assembles them."""
        files = self._plan.source_files
        if len(files) == 1:
            return (f'source = (HERE / {python_string(files[0][0])}).read_text(encoding="utf-8")',)
        return (
            'source = "".join((HERE / part).read_text(encoding="utf-8") for part in SOURCE_PARTS)',
        )

    def constants(self, code: CodeText) -> None:
        """The source's parts, and one launch's NDRange, at the top of the program."""
        files = self._plan.source_files
        if len(files) > 1:
            code.add(
                "# The kernel source in parts, joined in this order before the build.",
                f"SOURCE_PARTS = ({' '.join(python_string(n) + ',' for n, _ in files)})",
            )
        if self._several:
            return
        launch = self._launches[0]
        code.add(f"GLOBAL_SIZE = {launch.global_size!r}")
        if launch.local_size is None:
            code.add("LOCAL_SIZE = None  # the driver chooses the work-group size")
        else:
            code.add(f"LOCAL_SIZE = {launch.local_size!r}")

    def _memory_objects(self, code: CodeText) -> None:
        code.add("mf = cl.mem_flags")
        for arg in self._plan.memory:
            memory_object(arg, self._names[arg.index], code)
        code.add("")

    def _create_kernel(self, launch: LaunchPlan, kernel: str, code: CodeText) -> None:
        code.add(f"{kernel} = cl.Kernel(program, {python_string(launch.symbol)})")

    @contextmanager
    def _repeats(self, code: CodeText) -> Iterator[None]:
        if self._loops:
            code.add(f"{self._ends} = []  # where each repeat's launches end: loops vary")
        elif not self._once:
            code.add(f"LAUNCHES_PER_RUN = {self._plan.launches_per_run}")
        code.add("launches = []", "for _ in range(REPEATS):")
        with code.indented():
            yield
            if self._loops:
                code.add(f"{self._ends}.append(len(launches))")

    @contextmanager
    def _until_rounds(self, loop: UntilLoop, code: CodeText) -> Iterator[None]:
        most, until, arg, names, own = loop
        device, host = names["device"], names["value"]
        code.add(f"{own['held']} = False", f"for iteration in range({most}):")
        with code.indented():
            if until.reset is not None:
                reset = python_number(until.reset, arg.element.scalar)
                code.add(f"cl.enqueue_copy(queue, {device}, np.full_like({host}, {reset}))")
            if until.kind == "unchanged":
                code.add(
                    "if iteration == 0:  # the buffer as the first round finds it",
                    f"    {own['before']} = np.empty_like({host})",
                    f"    cl.enqueue_copy(queue, {own['before']}, {device})",
                )
            yield
            code.add(
                f"{own['flag']} = np.empty_like({host})",
                f"cl.enqueue_copy(queue, {own['flag']}, {device})  # waits for the round",
                f"{own['rounds']} = iteration + 1",
            )
            if until.kind == "equals":
                value = python_number(until.value, arg.element.scalar)
                code.add(f"if np.all({own['flag']} == {value}):")
            else:
                code.add(
                    f"if np.array_equal({own['before']}, {own['flag']}):",
                )
            code.add(f"    {own['held']} = True", "    break")
            if until.kind == "unchanged":
                code.add(f"{own['before']} = {own['flag']}")

    def _print_loop(self, group: GroupPlan, rounds: str, held: str, code: CodeText) -> None:
        head = python_string(f"{group.named}:")
        tail = python_string(f"until {group.condition}")
        never = python_string(
            f"{group.named}: {group.condition} still did not hold after the most rounds, "
            f"{group.iterations}; the loop stopped there"
        )
        code.add(
            f"if {held}:",
            f'    print({head}, {rounds}, "round," if {rounds} == 1 else "rounds,", {tail})',
            "else:",
            f"    print({never})",
        )

    @contextmanager
    def _iterations(self, count: int, code: CodeText) -> Iterator[None]:
        code.add(f"for iteration in range({count}):")
        with code.indented():
            yield

    def _start_again(self, arg: ArgPlan, code: CodeText) -> None:
        """Zeros filled on the device (clEnqueueFillBuffer), as CL Studio's runs do, or a
        copy from the host."""
        own = self._names[arg.index]
        device, host = own["device"], own["value"]
        if arg.filled:
            code.add(
                f"cl.enqueue_fill_buffer(queue, {device}, np.zeros(1, np.uint8), 0, {host}.nbytes)"
            )
        else:
            code.add(f"cl.enqueue_copy(queue, {device}, {host}{image_region(arg)})")

    def _start_swaps(self, code: CodeText) -> None:
        now = ", ".join(self._own(name)["now"] for name in self._plan.swapped)
        devices = ", ".join(self._own(name)["device"] for name in self._plan.swapped)
        code.add(f"{now} = {devices}  # the buffers the swaps move, as they start")

    def _enqueue_kernel(self, launch: LaunchPlan, kernel: str, code: CodeText) -> None:
        sizes = "GLOBAL_SIZE, LOCAL_SIZE"
        if self._several:  # each launch's sizes at its enqueue
            local = "None" if launch.local_size is None else repr(launch.local_size)
            sizes = f"{launch.global_size!r}, {local}"
        code.add(f"launches.append(cl.enqueue_nd_range_kernel(queue, {kernel}, {sizes}))")

    def _set_number(
        self, launch: LaunchPlan, kernel: str, binding: BindingPlan, code: CodeText
    ) -> None:
        call = f"{kernel}.set_arg({binding.index}"
        if binding.struct is not None:
            value = self._structs[launch.position, binding.index]
            struct_value(binding.struct, binding.scalar_value, value, self._type_names, code)
            code.add(f"{call}, {value})  # {python_comment(binding.info.name)}")
        elif binding.iteration:
            code.add(f"{call}, np.{binding.element.scalar.name}(iteration))")
        else:
            code.add(f"{call}, {_scalar(binding)})  # {python_comment(binding.info.name)}")

    def _set_swapped(
        self, launch: LaunchPlan, kernel: str, binding: BindingPlan, now: str, code: CodeText
    ) -> None:
        code.add(f"{kernel}.set_arg({binding.index}, {now})")

    def _read_back(self, arg: ArgPlan, device: str, code: CodeText) -> None:
        out = self._names[arg.index]["out"]
        code.add(
            f"{out} = np.empty_like({self._names[arg.index]['value']})",
            f"cl.enqueue_copy(queue, {out}, {device}{image_region(arg)})",
        )

    def _set_arg(
        self, arg: ArgPlan, kernel: str, index: int, first_use: bool, code: CodeText
    ) -> None:
        set_arg(arg, self._own(arg.name), code, kernel, index, first_use)

    def _times(self, code: CodeText) -> None:
        if self._loops:
            code.add(
                "# The kernel time of each repeat: its launches' times, from their profiling.",
                "times_ms = [",
                "    sum(e.profile.end - e.profile.start for e in launches[start:end]) * 1e-6",
                f"    for start, end in zip([0, *{self._ends}], {self._ends})",
                "]",
            )
            return
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
