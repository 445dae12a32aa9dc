"""What the arguments form shows, computed without Qt: the form renders it and emits edits.

Two pure steps, as ndv's resolve() turns a model into a frozen state: fit_program fits
a session's values to the kernels its launches name when the form is (re)built, and
form_state checks a session as the user edits it. The owner of the session (the
Workbench) calls both; the form keeps no session of its own.

Every session is a program: the form's rows are the session's arguments, each typed by
the first launch that passes it (program_signature), and a session of one launch gets
the rows of its kernel's parameters.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from clstudio.common import KernelSignature, RunError, gettext, ngettext
from clstudio.devices import DeviceLimits
from clstudio.session import (
    ArgSpec,
    BufferArg,
    ImageArg,
    Launch,
    Reference,
    Session,
    bound_name,
    group_problem,
    leaf_launches,
    swapped_names,
    without_stale_links,
)
from clstudio.validation.arg_defaults import (
    ArgChange,
    RemovedArg,
    reconcile,
    shape_for,
    usable_references,
)
from clstudio.validation.buffer_use import null_reads, unread_buffers
from clstudio.validation.index_space import FillChoice, IndexSpace
from clstudio.validation.program_validation import (
    launch_heading,
    program_problems,
    program_signature,
)
from clstudio.validation.size_suggestion import SizeSuggestion, suggest_size

_HUGE = 2**63 - 1
# Without a device, the checks that need none still run: kinds, types, values, divisibility.
NO_DEVICE = DeviceLimits(
    name="no device",
    opencl_version=(1, 2),
    max_alloc=_HUGE,
    global_mem=_HUGE,
    local_mem=_HUGE,
    max_constant_buffer=_HUGE,
    max_constant_args=_HUGE,
    max_work_group_size=_HUGE,
    max_work_item_sizes=(_HUGE,) * 3,
    image_support=True,
    image2d_max_width=_HUGE,
    image2d_max_height=_HUGE,
)
_GLOBAL_ID = re.compile(r"\bget_global_id\s*\(")


@dataclass(frozen=True)
class ProgramFit:
    """A session's values fitted to its kernels: the form's rows, the session to adopt, and
    what changed."""

    signature: KernelSignature  # the session's arguments, typed by the launches passing them
    session: Session
    changes: Mapping[str, ArgChange]  # one per argument of the signature
    removed: tuple[RemovedArg, ...]


def fit_program(
    kernels: Mapping[str, KernelSignature],
    session: Session,
    shown: KernelSignature | None = None,
    references: Mapping[str, Reference] | None = None,
) -> ProgramFit:
    """The session with an argument for each one its launches pass: values that still fit
    survive, a parameter passed by its own name that the session lacks gets a default.

    `kernels` are those of the last good build. `shown` is the signature the form showed
    before: when it is the same first kernel, the types of removed arguments are named
    from it. `references` are those to keep when the arguments fit them (default: the
    session's); the others wait, unchanged.
    """
    # Without the session's arguments, program_signature lists them as the launches pass them.
    launches = leaf_launches(session.launches)
    passed = program_signature(replace(session, args={}), launches, kernels)
    infos = {info.name: info for info in passed.args}
    order = _in_place(list(session.args), list(infos))
    signature = KernelSignature(passed.name, tuple(infos[name] for name in order))
    same_kernel = shown is not None and shown.name == signature.name
    fitted = reconcile(
        signature,
        session.args,
        session.global_size,
        session.local_size,
        shown if same_kernel else None,
    )
    args = {name: fitted.args[name] for name in order if name in fitted.args}
    fresh = [
        info.name
        for info in signature.args
        if fitted.changes[info.name].status == "new"
        and isinstance(args.get(info.name), BufferArg)
        and not info.is_const
    ]
    # New buffers no launch reads start as `out`, saying why: nothing to upload.
    for name in _unread(kernels, replace(session, args=args), fresh):
        spec = args[name]
        assert isinstance(spec, BufferArg)
        args[name] = replace(spec, access="out")
    return ProgramFit(
        signature,
        with_references(replace(session, args=args), references),
        fitted.changes,
        fitted.removed,
    )


def _in_place(kept: list[str], passed: list[str]) -> list[str]:
    """The `passed` names in `kept`'s order, each new one right after the name passed
    before it: a renamed parameter keeps its row, a new launch's arguments follow."""
    order = [name for name in kept if name in passed]
    for before, name in zip([None, *passed], passed, strict=False):
        if name not in order:
            order.insert(order.index(before) + 1 if before else 0, name)
    return order


def _unread(
    kernels: Mapping[str, KernelSignature], session: Session, names: Iterable[str]
) -> frozenset[str]:
    """The buffers among `names` that no launch's kernel reads; a swapped buffer is read
    after its swap."""
    wanted = set(names) - swapped_names(session.launches)
    passed: set[str] = set()
    read: set[str] = set()
    for launch in leaf_launches(session.launches):
        signature = kernels.get(launch.kernel)
        params = (
            {info.name: bound_name(launch, info.name) for info in signature.args}
            if signature
            else {}
        )
        mine = {param: name for param, name in params.items() if name in wanted}
        unread = unread_buffers(session.source, launch.kernel, mine)
        passed.update(mine.values())
        read.update(name for param, name in mine.items() if param not in unread)
    return frozenset(passed - read)


def with_argument(
    session: Session, name: str, spec: ArgSpec, references: Mapping[str, Reference]
) -> Session:
    """The session after the user set one argument, keeping those of `references` that
    the arguments now fit; a size the user typed over no longer drives that place."""
    edited = without_stale_links(replace(session, args={**session.args, name: spec}))
    return with_references(edited, references)


def with_range(
    session: Session, global_size: tuple[int, ...], local_size: tuple[int, ...] | None
) -> Session:
    """The session after the user set the NDRange; a size typed over no longer drives it."""
    return without_stale_links(session.with_ndrange(global_size, local_size))


def with_references(session: Session, references: Mapping[str, Reference] | None) -> Session:
    """The session keeping those of `references` (default: its own) that its arguments fit."""
    wanted = session.references if references is None else references
    usable = usable_references(wanted, session.args, session.base_dir, session.sizes)
    return session if usable == session.references else replace(session, references=usable)


@dataclass(frozen=True)
class FormState:
    """Everything the form tells about a session before Run, for its kernels and device."""

    limits: DeviceLimits | None  # None: checked against NO_DEVICE
    errors: tuple[RunError, ...]  # what validation would refuse at Run
    problems: Mapping[str, tuple[str, ...]]  # the errors that name an argument, by name
    general: tuple[str, ...]  # the errors that name none (the NDRange, memory in all, swaps)
    launch_problems: Mapping[int, tuple[str, ...]]  # each launch's errors, by 1-based position
    group_problems: Mapping[int, str]  # a group's swaps that cannot be, by entry index
    range_warning: str | None  # about the first launch's range
    index_space: IndexSpace  # the first launch's
    fill_choices: tuple[FillChoice, ...]
    sizes: Mapping[str, int]  # the session's named sizes, as the form's Sizes fields show
    size_suggestion: SizeSuggestion | None  # a size the form offers to create
    unread: frozenset[str]  # the buffers no launch's kernel reads
    null_reads: frozenset[str]  # the NULL arguments a kernel dereferences without a test


def form_state(
    kernels: Mapping[str, KernelSignature], session: Session, limits: DeviceLimits | None
) -> FormState:
    """Check every launch of `session` (as fit_program made it) on a device with `limits`
    (None: no device yet)."""
    signature = program_signature(session, leaf_launches(session.launches), kernels)
    errors = _problems(kernels, session, limits or NO_DEVICE)
    problems: dict[str, list[str]] = {info.name: [] for info in signature.args}
    general: list[str] = []
    by_launch: dict[int, list[str]] = {}
    for position, error in errors:
        if position:
            by_launch.setdefault(position, []).append(error.message)
        if error.argument in problems:
            problems[error.argument].append(error.message)
        else:
            general.append(error.message)
    first = session.first_launch
    return FormState(
        limits=limits,
        errors=tuple(error for _, error in errors),
        problems={name: tuple(messages) for name, messages in problems.items()},
        general=tuple(general),
        launch_problems={position: tuple(m) for position, m in by_launch.items()},
        group_problems={
            index: problem
            for index, entry in enumerate(session.launches)
            if not isinstance(entry, Launch)
            and (problem := group_problem(entry, session.args)) is not None
        },
        range_warning=_range_warning(session.args, first.global_size, session.source),
        index_space=IndexSpace(first.global_size, first.local_size),
        fill_choices=fill_choices(session.args),
        sizes=dict(session.sizes),
        size_suggestion=suggest_size(signature, session),
        unread=_unread(
            kernels,
            session,
            (name for name, spec in session.args.items() if isinstance(spec, BufferArg)),
        ),
        null_reads=null_reads(session),
    )


def _problems(
    kernels: Mapping[str, KernelSignature], session: Session, limits: DeviceLimits
) -> list[tuple[int, RunError]]:
    """program_problems, whose messages name their launch only when there are several: a
    session of one launch reads as it always did."""
    found = program_problems(session, kernels, lambda _kernel: limits)
    if len(leaf_launches(session.launches)) > 1:
        return found
    named = f"{launch_heading(1, 1, session.kernel)}: "
    return [(at, replace(e, message=e.message.removeprefix(named))) for at, e in found]


def fill_choices(args: Mapping[str, ArgSpec]) -> tuple[FillChoice, ...]:
    """The buffers of 1 to 3 dimensions and the images, as the global size that covers each.

    A shape is (rows, columns), and dimension 0 of the range runs along a row, so a
    buffer of shape (256, 320) suggests a global size of 320 x 256, and an image of
    height 384 and width 512 one of 512 x 384.
    """
    return tuple(
        FillChoice(name, spec.shape, shape_for(spec.shape), isinstance(spec, ImageArg))
        for name, spec in args.items()
        if isinstance(spec, ImageArg) or (isinstance(spec, BufferArg) and len(spec.shape) <= 3)
    )


def _range_warning(
    args: Mapping[str, ArgSpec], global_size: tuple[int, ...], source: str
) -> str | None:
    """A warning when the buffers look too small for the range, inferred conservatively.

    The rule: the kernel calls get_global_id, and EVERY buffer holds fewer elements
    than there are work-items. When any buffer is as large as the range, the kernel may
    index that one by work-item and the others by something else (a histogram's bins,
    a reduction's partial sums), so nothing is said. Kernels that check the index
    against a size argument are safe anyway; this is a warning, never an error.
    """
    buffers = {name: spec for name, spec in args.items() if isinstance(spec, BufferArg)}
    work_items = math.prod(global_size)
    if not buffers or not _GLOBAL_ID.search(source):
        return None
    if any(spec.count >= work_items for spec in buffers.values()):
        return None
    name, largest = max(buffers.items(), key=lambda item: item[1].count)
    if len(buffers) == 1:
        found = ngettext(
            "buffer '{name}' holds {count} element, fewer than the {items} work-items",
            "buffer '{name}' holds {count} elements, fewer than the {items} work-items",
            largest.count,
        )
    else:
        found = gettext(
            "every buffer holds fewer elements than the {items} work-items "
            "(the largest, '{name}', holds {count})"
        )
    return gettext(
        "{found}: a kernel that indexes a buffer by get_global_id reads or writes past its end "
        "unless it compares the index with a size. Lower the global size, or grow the buffers."
    ).format(found=found.format(name=name, count=largest.count, items=work_items))
