"""What a host program needs to know of a session: its arguments, references, launches.

Both languages read this plan: how each argument starts (zeros, a fill, values written
into the program, or a .npy file beside it), which buffers the kernels write, the
references to check, and the launches in their groups (launch_plan.py). A plan is made
from a session and its kernels' signatures, since the session alone does not say the
types of by-value arguments. Every session gets the same plan: one launch is a program
of one group of one launch.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath

import numpy as np

from clstudio.common import (
    ElementType,
    KernelArgInfo,
    KernelSignature,
    StructField,
    StructType,
    gettext,
    kernel_type,
)
from clstudio.devices import DeviceSelector
from clstudio.hostcode.launch_plan import (
    GroupPlan,
    LaunchPlan,
    PlanError,
    launch_groups,
    launches_per_run,
    scalar_problem,
)
from clstudio.references import scalar_bytes
from clstudio.session import (
    ArgSpec,
    BufferArg,
    ImageArg,
    NullArg,
    SamplerArg,
    ScalarArg,
    Session,
    filled_with_zeros,
    initial_contents,
    leaf_launches,
    part_text,
    reread_buffers,
)
from clstudio.validation import program_signature, type_problem

INLINE_MAX_VALUES = 64  # larger starting contents go into a .npy file beside the program


@dataclass(frozen=True)
class ArgPlan:
    """One kernel argument: how it starts on the host and what the kernel does with it."""

    index: int
    name: str
    spec: ArgSpec
    info: KernelArgInfo
    access: str  # "in", "out", "inout"; "read_only", "write_only"; "" otherwise
    start: str  # "zeros", "ones", "fill", "values", "file", "uninitialised"; "" otherwise
    values: np.ndarray | None  # the starting contents written into the program ("values")

    @property
    def is_memory(self) -> bool:
        return isinstance(self.spec, BufferArg | ImageArg)

    @property
    def written(self) -> bool:
        """Read back after the run (and copied again before each repeat, if it has data)."""
        return self.access in ("out", "inout", "write_only")

    @property
    def uploaded(self) -> bool:
        """Copied to the device: everything with host data (an uninitialised one has none)."""
        return self.start != "uninitialised"

    @property
    def filled(self) -> bool:
        """Filled with zeros on the device before each repeat (clEnqueueFillBuffer), as CL
        Studio's own runs do, instead of copied from the host."""
        return isinstance(self.spec, BufferArg) and filled_with_zeros(self.spec, self.access)

    @property
    def element(self) -> ElementType:
        if isinstance(self.spec, ScalarArg):
            if self.spec.struct is not None:
                return self.spec.struct.element()
            return kernel_type(self.info.type_name)
        assert not isinstance(self.spec, SamplerArg | NullArg)
        return self.spec.dtype

    @property
    def host_shape(self) -> tuple[int, ...]:
        assert isinstance(self.spec, BufferArg | ImageArg)
        return self.spec.dtype.host_shape(self.spec.shape)

    @property
    def struct(self) -> StructType | None:
        """The struct of a buffer of structs or of a struct passed by value."""
        return None if isinstance(self.spec, SamplerArg | NullArg) else self.element.struct

    @property
    def count(self) -> int:
        """Scalars in the host array (a float4 holds four); elements for a struct."""
        return math.prod(self.host_shape)

    @property
    def file_name(self) -> str:
        return f"{self.name}.npy"

    @property
    def scalar_value(self) -> np.ndarray:
        """The by-value argument as the kernel declares it: one value per lane."""
        assert isinstance(self.spec, ScalarArg)
        return scalar_bytes(self.info.type_name, self.spec)


@dataclass(frozen=True)
class ReferencePlan:
    output: ArgPlan
    expr: str  # the session's expression; "" for a golden file
    golden: str | None  # the golden file as the session names it
    rtol: float
    atol: float
    field_path: str = ""  # the field checked, for a buffer of structs: `pos`, `inner.x`

    @property
    def field(self) -> StructField | None:
        """The field checked: a scalar's, a vector's or an array's, never a struct's."""
        found = self.field_place
        return None if found is None else found[0]

    @property
    def field_place(self) -> tuple[StructField, tuple[int, ...]] | None:
        """The field checked and the lengths of the arrays of structs that hold it."""
        struct = self.output.struct
        if not self.field_path or struct is None:
            return None
        return struct.field_at(self.field_path)

    @property
    def name(self) -> str:
        """The output as the session names it: `c`, or `particles.pos` for a field."""
        return self.output.name if not self.field_path else f"{self.output.name}.{self.field_path}"

    @property
    def element(self) -> ElementType:
        field = self.field
        return self.output.element if field is None else field.type

    @property
    def host_shape(self) -> tuple[int, ...]:
        found = self.field_place
        if found is None:
            return self.output.host_shape
        assert isinstance(self.output.spec, BufferArg)
        field, outer = found
        return field.type.host_shape((*self.output.spec.shape, *outer, *field.shape))

    @property
    def count(self) -> int:
        """The values compared."""
        return math.prod(self.host_shape)

    @property
    def file_name(self) -> str:
        """The expected output beside the program: a golden file, or what C compares with."""
        return f"{self.name}.expected.npy"


@dataclass(frozen=True)
class HostPlan:
    session: Session
    device: DeviceSelector  # empty parts match anything: then the first device
    args: tuple[ArgPlan, ...]  # the session's, as every launch binds them
    references: tuple[ReferencePlan, ...]
    groups: tuple[GroupPlan, ...]  # the launches in order; at least one
    device_type: str = ""  # "CPU" or "GPU": preferred when no device has the names; "" any

    @property
    def memory(self) -> tuple[ArgPlan, ...]:
        return tuple(a for a in self.args if a.is_memory)

    @property
    def written(self) -> tuple[ArgPlan, ...]:
        return tuple(a for a in self.memory if a.written)

    @property
    def files(self) -> tuple[ArgPlan, ...]:
        return tuple(a for a in self.memory if a.start == "file")

    @property
    def launches(self) -> tuple[LaunchPlan, ...]:
        """Every written launch in order, those of groups in their place."""
        return tuple(launch for group in self.groups for launch in group.launches)

    @property
    def launches_per_run(self) -> int:
        return launches_per_run(self.groups)

    @property
    def source_files(self) -> tuple[tuple[str, str], ...]:
        """The kernel source's files beside the program, (name, text), in the order the
        program joins them: `vadd.cl`, or one per source part (`vadd.1.h`, `vadd.2.cl`),
        each ending with a line break as the session joins them."""
        kernel = self.session.kernel
        parts = self.session.source_parts
        if not parts:
            return ((f"{kernel}.cl", self.session.source),)
        return tuple(
            (f"{kernel}.{n}{_suffix(part.file)}", part_text(part.text))
            for n, part in enumerate(parts, 1)
        )

    @property
    def swapped(self) -> tuple[str, ...]:
        """The buffers some swap moves, in the order the swaps name them."""
        return tuple(name for group in self.groups for pair in group.swaps for name in pair)


def make_plan(
    session: Session,
    signature: KernelSignature,
    device: DeviceSelector | None = None,
    device_type: str = "",
    signatures: Mapping[str, KernelSignature] | None = None,
) -> HostPlan:
    """The plan of `session`; `device` is the one to look for by name, and `device_type`
    the type of the device the session ran on ("CPU", "GPU", or "").

    `signatures` holds every kernel the session launches, by name (`signature` alone
    serves a session that launches only that kernel).
    """
    known = dict(signatures or {}) or {signature.name: signature}
    groups = launch_groups(session, known)
    # What a later launch may read is made read-write, as the engine makes it.
    reread = reread_buffers(
        session.launches, lambda kernel: [info.name for info in known[kernel].args]
    )
    signature = program_signature(session, leaf_launches(session.launches), known)
    args = []
    for index, info in enumerate(signature.args):
        spec = session.args.get(info.name)
        unsettable = type_problem(info)
        if unsettable is not None:
            raise PlanError(unsettable)
        if spec is None:
            raise PlanError(
                gettext("argument '{argument}' of '{kernel}' has no value").format(
                    argument=info.name, kernel=session.kernel
                )
            )
        unfit = scalar_problem(info, spec) if isinstance(spec, ScalarArg) else None
        if unfit is not None:
            raise PlanError(unfit)
        args.append(_arg_plan(index, info, spec, session, info.name in reread))
    by_name = {a.name: a for a in args}
    references = []
    for name, ref in session.references.items():
        buffer, _, field_name = name.partition(".")
        output = by_name.get(buffer)
        if output is None or not output.written:
            raise PlanError(
                gettext(
                    "the reference of '{name}' checks an output that is never read back"
                ).format(name=name)
            )
        path = field_name if output.struct is not None else ""
        references.append(ReferencePlan(output, ref.expr, ref.file, ref.rtol, ref.atol, path))
    return HostPlan(
        session,
        device or session.device or DeviceSelector(),
        tuple(args),
        tuple(references),
        groups,
        device_type if device_type in ("CPU", "GPU") else "",
    )


def _arg_plan(
    index: int,
    info: KernelArgInfo,
    spec: ArgSpec,
    session: Session,
    reread: bool,
) -> ArgPlan:
    if isinstance(spec, ImageArg):
        access = info.access if info.access in ("read_only", "write_only") else "read_only"
    elif isinstance(spec, BufferArg):
        access = spec.access or ("in" if info.is_const else "inout")
        if reread and access == "out":
            access = "inout"
    else:
        access = ""
    start, values = "", None
    if isinstance(spec, BufferArg | ImageArg):
        kinds = ("zeros", "ones", "fill", "uninitialised")
        start = spec.init.kind if spec.init.kind in kinds else "file"
        # A struct's contents are bytes laid out as the kernel's struct: always a file.
        if (
            start == "file"
            and spec.dtype.struct is None
            and math.prod(spec.dtype.host_shape(spec.shape)) <= INLINE_MAX_VALUES
        ):
            start = "values"
            values = initial_contents(info.name, spec, session.seed, session.base_dir)
    return ArgPlan(index, info.name, spec, info, access, start, values)


def plan_structs(plan: HostPlan) -> tuple[StructType, ...]:
    """The structs the program declares, in the order the arguments, then the launches'
    own scalars, first use them; each after the structs it holds."""
    used = [a.struct for a in plan.args]
    used += [b.struct for launch in plan.launches for b in launch.bindings]
    found: dict[str, StructType] = {}
    for struct in used:
        for one in () if struct is None else struct.nested():
            found.setdefault(one.name, one)
    return tuple(found.values())


def starting_contents(plan: HostPlan, arg: ArgPlan) -> np.ndarray:
    """The array the session starts `arg` from; the export writes it as `arg.file_name`."""
    assert isinstance(arg.spec, BufferArg | ImageArg)
    return initial_contents(arg.name, arg.spec, plan.session.seed, plan.session.base_dir)


def fill_value(arg: ArgPlan) -> int | float:
    """The one value a zeros, ones or fill start repeats."""
    assert isinstance(arg.spec, BufferArg | ImageArg)
    if arg.start == "fill":
        value = arg.spec.init.params["value"]
    else:
        value = 1 if arg.start == "ones" else 0
    start: int | float = np.asarray(value).astype(arg.element.scalar).item()
    return start


def _suffix(file: str | None) -> str:
    """A part file's own suffix (`.h`), else `.cl`; only letters and digits travel."""
    suffix = PurePosixPath(file.replace("\\", "/")).suffix if file else ""
    return suffix if suffix[1:].isalnum() and suffix.isascii() else ".cl"
