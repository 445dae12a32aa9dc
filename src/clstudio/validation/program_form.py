"""The arguments form of a program of several launches, computed without Qt.

The form of a program shows the session's arguments, each typed by the first launch
that passes it (program_signature), and one card per launch; fit_program and
program_form_state are what fit_kernel and form_state are for one launch.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from clstudio.common import KernelSignature
from clstudio.devices import DeviceLimits
from clstudio.session import Launch, Reference, Session, leaf_launches, swap_problem
from clstudio.validation.form_state import (
    NO_DEVICE,
    FormState,
    KernelFit,
    fill_choices,
    fit_kernel,
    with_references,
)
from clstudio.validation.index_space import IndexSpace
from clstudio.validation.program_validation import program_problems, program_signature

__all__ = ["ProgramForm", "fit_program", "program_form_state"]


@dataclass(frozen=True)
class ProgramForm:
    """What the launch cards show beside the form's state: each launch's problems."""

    state: FormState
    launch_problems: Mapping[int, tuple[str, ...]]  # by 1-based launch position
    group_problems: Mapping[int, str]  # a group's swaps that cannot be, by entry index


def fit_program(
    signatures: Mapping[str, KernelSignature],
    session: Session,
    shown: KernelSignature | None = None,
    references: Mapping[str, Reference] | None = None,
) -> tuple[KernelSignature, KernelFit]:
    """The program's signature and the session fitted to it, as fit_kernel fits one kernel.

    A parameter a launch binds by its own name that the session lacks becomes a new
    argument with a default value; an argument no launch passes is listed as removed.
    """
    merged = program_signature(session, leaf_launches(session.launches), signatures)
    fit = fit_kernel(merged, session, shown, references)
    # fit_kernel keeps only the signature's arguments and reorders them: a program's
    # arguments stay in the session's order, the new ones after them.
    args = {
        n: fit.session.args[n] for n in (*session.args, *fit.session.args) if n in fit.session.args
    }
    return merged, replace(
        fit, session=with_references(replace(fit.session, args=args), references)
    )


def program_form_state(
    signatures: Mapping[str, KernelSignature],
    merged: KernelSignature,
    session: Session,
    limits: DeviceLimits | None,
) -> ProgramForm:
    """Check every launch of `session` on a device with `limits` (None: no device yet)."""
    found = program_problems(session, signatures, lambda _kernel: limits or NO_DEVICE)
    problems: dict[str, list[str]] = {info.name: [] for info in merged.args}
    general: list[str] = []
    by_launch: dict[int, list[str]] = {}
    for position, error in found:
        if error.argument in problems and position == 0:
            problems[error.argument].append(error.message)
        elif position:
            by_launch.setdefault(position, []).append(error.message)
            if error.argument in problems:
                problems[error.argument].append(error.message)
        else:
            general.append(error.message)
    groups = {
        index: problem
        for index, entry in enumerate(session.launches)
        if not isinstance(entry, Launch)
        and (problem := swap_problem(entry.swaps, session.args)) is not None
    }
    first = leaf_launches(session.launches)[0]
    state = FormState(
        limits=limits,
        errors=tuple(error for _, error in found),
        problems={name: tuple(messages) for name, messages in problems.items()},
        general=tuple(general),
        range_warning=None,
        index_space=IndexSpace(first.global_size, first.local_size),
        fill_choices=fill_choices(session.args),
        sizes=dict(session.sizes),
        size_suggestion=None,
        unread=frozenset(),
    )
    return ProgramForm(state, {p: tuple(m) for p, m in by_launch.items()}, groups)
