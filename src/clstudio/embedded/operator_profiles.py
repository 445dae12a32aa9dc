"""An imported operator made ready to run, from its profile (infinicore_profiles.py).

A profile is data: the session an operator's host code would launch, in the session
format, with the element type, the sizes the host computes (the device's maximum
work-group size, a power of two, a divisor) and the `-D` options it derives from them
left open. They are filled in here for the chosen element type and device, and the
whole goes through the session reader, as a file would.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, replace
from typing import Any

from clstudio.common import gettext
from clstudio.embedded.build_template import Dtype, OptionNote
from clstudio.embedded.host_files import EmbeddedSource, HostFile
from clstudio.embedded.imported import imported_session
from clstudio.embedded.infinicore_profiles import ORIGIN_COMMIT, PROFILES
from clstudio.session import Session, parse_session, session_to_dict
from clstudio.session.sizes import evaluate

_ELEMENT = {"f32": {"{T}": "float32", "{T2}": "float2"}, "f16": {"{T}": "float16", "{T2}": "half2"}}


@dataclass(frozen=True)
class Profiled:
    session: Session
    operator: str
    notes: tuple[str, ...]  # what the profile set that the host code does otherwise, in words
    defines: tuple[str, ...] = ()  # the -D options it computed: the import's notes on them are moot


@dataclass(frozen=True)
class Retyped:
    """An imported session given another element type (and its operator's profile)."""

    session: Session
    operator: str  # "" when no profile applied
    notes: tuple[str, ...]


def retyped_session(
    session: Session,
    host: HostFile,
    source: EmbeddedSource,
    dtype: Dtype,
    work_group_max: int,
) -> Retyped:
    """`session`, imported from `source` of `host`, with the host's -D options for `dtype`
    and, where its operator has a profile and the device's work-group maximum is known
    (not 0), the profile's sizes, NDRange, arguments and references. The user's source,
    device and the record of the string it came from are kept; without a profile, so are
    the arguments, which the next build fits to the kernel's new types."""
    imported = imported_session(host, source, dtype, session.kernel)
    typed = replace(session, build_options=imported.session.build_options)
    profiled = profiled_session(typed, host, dtype, work_group_max) if work_group_max else None
    if profiled is None:
        return Retyped(typed, "", tuple(note.text for note in imported.notes))
    notes = import_notes(imported.notes, profiled) + profiled.notes
    return Retyped(profiled.session, profiled.operator, notes)


def import_notes(notes: tuple[OptionNote, ...], profiled: Profiled | None) -> tuple[str, ...]:
    """The import's notes on the host's options, less those on options the profile
    computed: the kernel's default no longer applies to them."""
    moot = profiled.defines if profiled is not None else ()
    return tuple(note.text for note in notes if note.option not in moot)


def operator_of(host: HostFile, kernel: str) -> str | None:
    """The InfiniCore operator whose host code this is (its `op::NAME::opencl` namespace)
    and whose kernel `kernel` is; None for any other file."""
    for name, profile in PROFILES.items():
        if kernel in profile["kernels"] and re.search(
            rf"\bnamespace\s+op::{name}::opencl\b", host.text
        ):
            return name
    return None


def profiled_session(
    session: Session, host: HostFile, dtype: Dtype, work_group_max: int
) -> Profiled | None:
    """`session` (imported from `host`) with its operator's sizes, NDRange, arguments
    and references; None when no profile fits its kernel."""
    operator = operator_of(host, session.kernel)
    if operator is None:
        return None
    profile = PROFILES[operator]
    sizes = dict(profile["sizes"])
    notes = []
    for name, rule in profile["derived"].items():
        sizes[name], said = _derived(rule, sizes, work_group_max)
        notes.append(said.format(name=name, value=sizes[name]))
    options = session.build_options
    for name, expression in profile["defines"].items():
        value = evaluate(expression, sizes, f"defines.{name}")
        options = re.sub(rf"\s*-D\s*{name}=\S*", "", options).strip()
        options = f"{options} -D {name}={value}".strip()
        said = gettext(
            "-D {name}={value}: the host computes it as {expression}, in place of the "
            "kernel's default; set it again when those sizes change"
        )
        notes.append(said.format(name=name, value=value, expression=expression))
    rtol, atol = profile["tolerances"][dtype]
    data = session_to_dict(session)
    data.update(
        build_options=options,
        sizes=sizes,
        global_size=profile["global_size"],
        local_size=profile["local_size"],
        args=_typed(profile["args"], dtype),
        references={
            name: {"expr": expr, "rtol": rtol, "atol": atol}
            for name, expr in profile["references"].items()
        },
        description=gettext(
            "InfiniCore's {operator} ({dtype}), from {file}; references as its "
            "test/infiniop/{operator}.py checks them"
        ).format(operator=operator, dtype=dtype, file=host.path.name),
    )
    buffers = [n for n, a in profile["args"].items() if a["kind"] == "buffer"]
    notes.append(
        gettext(
            "the host passes {buffers} with clSetKernelArgSVMPointer; here they are "
            "buffers of the session (clSetKernelArg with a cl_mem): the kernel sees the same "
            "global pointers"
        ).format(buffers=", ".join(buffers))
    )
    notes.append(
        gettext(
            "shapes and strides are named sizes; the inputs and the tolerances (rtol {rtol}, "
            "atol {atol}) are those of InfiniCore's test/infiniop/{operator}.py at {commit}"
        ).format(rtol=rtol, atol=atol, operator=operator, commit=ORIGIN_COMMIT[:8])
    )
    return Profiled(
        parse_session(data, session.base_dir), operator, tuple(notes), tuple(profile["defines"])
    )


def _derived(rule: list[str], sizes: dict[str, int], work_group_max: int) -> tuple[int, str]:
    """A size the host computes, and how, in words with {name} and {value} to fill."""
    kind = rule[0]
    if kind == "work_group_max":
        return work_group_max, gettext(
            "{name} = {value}: the device's maximum work-group size, as the host's "
            "maxThreadsPerBlock()"
        )
    if kind == "last_power_of_two":
        of = sizes[rule[1]]
        said = gettext(
            "{name} = {value}: the largest power of two up to {of}, as the host computes it; "
            "set it again when {of} changes"
        )
        return 1 << (of.bit_length() - 1), said.replace("{of}", rule[1])
    assert kind == "largest_divisor"
    of, most = sizes[rule[1]], evaluate(rule[2], sizes, rule[2])
    value = max(d for d in range(1, max(1, min(of, most)) + 1) if of % d == 0)
    said = gettext(
        "{name} = {value}: the largest divisor of {of} up to {most}, as the host computes it; "
        "set it again when the sizes change"
    )
    return value, said.replace("{of}", rule[1]).replace("{most}", rule[2])


def _typed(args: dict[str, Any], dtype: Dtype) -> dict[str, Any]:
    typed = copy.deepcopy(args)
    for spec in typed.values():
        if spec["kind"] == "buffer":
            spec["dtype"] = _ELEMENT[dtype].get(spec["dtype"], spec["dtype"])
    return typed
