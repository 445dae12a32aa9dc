"""What a typedef'd argument type stands for, asked of the compiler.

clGetKernelArgInfo reports a type as the source spells it: `DATA_TYPE*` after
`typedef float DATA_TYPE;` (macros and -D options come expanded). Rather than parse C, which
a new spelling defeats, the user's source is built again with probe kernels appended, one
per name, each asking `_Generic` what its name is. A device without cl_khr_fp16 has no value
of type half, only `half *`: a name the probe cannot build for is asked alone, then by
a pointer to it. The answer comes back as the kernel's
required work-group size, which the driver reports without running anything: a run would
be one more launch for Oclgrind's debugger to stop at and its counters to count.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import cast

import pyopencl as cl

from clstudio.common import (
    VECTOR_WIDTHS,
    KernelArgInfo,
    KernelSignature,
    TypeNameError,
    base_type_name,
    kernel_type,
)

PROBE_PREFIX = "clstudio_types_"  # then a number; more underscores while a kernel has it
# Types that have no value to ask _Generic about, and names that say what they are.
_OPAQUE = re.compile(r"^(?:void|sampler_t|event_t|image\w*|(?:struct|union)\s.*)$")
_CORE_SCALARS = ("char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float")
_EXTENSION_SCALARS = {"cl_khr_fp64": "double", "cl_khr_fp16": "half"}
_ALWAYS_POINTED = ("half",)  # a pointer to it is OpenCL C 1.2's without the extension
MAX_PROBE_BUILDS = 32  # for one program; see _Asking
MAX_PROBED_NAMES = 1024  # asked in one build; the arguments of any more stay unknown


def _widths(scalar: str) -> list[str]:
    return [scalar, *(f"{scalar}{w}" for w in VECTOR_WIDTHS)]


# The answers the probe can give; code i + 1 is _ANSWERS[i], 0 is anything else (a struct).
_ANSWERS: tuple[str, ...] = tuple(
    name for scalar in (*_CORE_SCALARS, *_EXTENSION_SCALARS.values()) for name in _widths(scalar)
)


def unknown_type_names(signatures: tuple[KernelSignature, ...]) -> list[str]:
    """The base type names of the arguments that are no OpenCL C type, in first-seen order."""
    found: list[str] = []
    for signature in signatures:
        for info in signature.args:
            base = base_type_name(info.type_name)
            if base in found or _OPAQUE.match(base):
                continue
            try:
                kernel_type(base)
            except TypeNameError:
                found.append(base)
    return found


def probe_source(source: str, names: list[str], prefix: str, pointers: bool = False) -> str:
    """`source` with kernels `{prefix}0`, `{prefix}1`... appended, one per name, whose
    required work-group size is the name's code plus one. With `pointers`, `_Generic` is
    asked about a pointer to each name: `half *` is named even without cl_khr_fp16, but
    an enum no longer reads as its integer type."""
    code = {name: index + 1 for index, name in enumerate(_ANSWERS)}
    star = "*" if pointers else ""
    core = [f"{n}{star}: {code[n]}," for s in _CORE_SCALARS for n in _widths(s)]
    core.append(f"signed char{star}: {code['char']},")
    if pointers:
        core += [f"{s}*: {code[s]}," for s in _ALWAYS_POINTED]
    lines = [""]
    for extension, scalar in _EXTENSION_SCALARS.items():
        widths = [n for n in _widths(scalar) if not (pointers and n in _ALWAYS_POINTED)]
        associations = " ".join(f"{n}{star}: {code[n]}," for n in widths)
        lines += [
            f"#ifdef {extension}",
            f"#pragma OPENCL EXTENSION {extension} : enable",
            f"#define CLSTUDIO_{scalar.upper()}_CODES {associations}",
            "#else",
            f"#define CLSTUDIO_{scalar.upper()}_CODES",
            "#endif",
        ]
    extensions = " ".join(f"CLSTUDIO_{s.upper()}_CODES" for s in _EXTENSION_SCALARS.values())
    # *(T*)0 is not evaluated inside _Generic; it names a value of type T, even a struct's.
    asked = "(T*)0" if pointers else "*(T*)0"
    lines.append(
        f"#define CLSTUDIO_TYPE_CODE(T) _Generic({asked}, {' '.join(core)} {extensions} default: 0)"
    )
    for index, name in enumerate(names):
        size = f"reqd_work_group_size(CLSTUDIO_TYPE_CODE({name}) + 1, 1, 1)"
        lines.append(f"__kernel __attribute__(({size})) void {prefix}{index}(void) {{}}")
    return source + "\n".join(lines) + "\n"


def probe_prefix(signatures: tuple[KernelSignature, ...]) -> str:
    """A prefix that no kernel of the program starts with, for the probe kernels' names."""
    taken = {n for s in signatures for n in (s.name, s.driver_name)}
    prefix = PROBE_PREFIX
    while any(name.startswith(prefix) for name in taken):
        prefix += "_"
    return prefix


def resolve_types(
    context: cl.Context,
    device: cl.Device,
    source: str,
    options: str,
    signatures: tuple[KernelSignature, ...],
) -> tuple[KernelSignature, ...]:
    """The signatures with typedef'd scalar and vector types replaced by what they stand for.

    The written name stays in `written_type`. A name the probe says is something else (a
    struct) stays as written. When the probe cannot build, the names are asked in halves
    down to each alone, by value and then by pointer (see _Asking); one still unanswered
    (a typedef of an image) stays as written with `type_known` False, and only its own
    arguments do. Without unknown names this costs nothing.
    """
    names = unknown_type_names(signatures)
    if not names:
        return signatures
    asking = _Asking(context, device, source, options, probe_prefix(signatures))
    answers = dict.fromkeys(names[MAX_PROBED_NAMES:]) | asking.answers(names[:MAX_PROBED_NAMES])
    return tuple(
        replace(s, args=tuple(_resolved(info, names, answers) for info in s.args))
        for s in signatures
    )


class _Asking:
    """The probe builds for a list of names: all at once; when that does not build, each
    half again, so that one name the probe cannot ask about costs a few builds, not two
    per name (100 typedefs and one of an image took 49 s asked one by one). A name asked
    alone by value is asked once more by pointer. At most MAX_PROBE_BUILDS builds in
    all: a program of thousands of such names leaves the rest unknown, said by name."""

    def __init__(
        self, context: cl.Context, device: cl.Device, source: str, options: str, prefix: str
    ) -> None:
        self.context, self.device, self.source, self.options = context, device, source, options
        self.prefix = prefix
        self.builds_left = MAX_PROBE_BUILDS

    def answers(self, names: list[str], pointers: bool = False) -> dict[str, int | None]:
        if self.builds_left <= 0:
            return dict.fromkeys(names)
        self.builds_left -= 1
        probe = probe_source(self.source, names, self.prefix, pointers)
        kernels = [f"{self.prefix}{i}" for i in range(len(names))]
        codes = _ask_compiler(self.context, self.device, probe, self.options, kernels)
        if codes is not None:
            return dict(zip(names, codes, strict=True))
        if len(names) == 1:
            return dict.fromkeys(names) if pointers else self.answers(names, pointers=True)
        half = len(names) // 2
        return self.answers(names[:half]) | self.answers(names[half:])


def _resolved(
    info: KernelArgInfo, names: list[str], answers: dict[str, int | None]
) -> KernelArgInfo:
    base = base_type_name(info.type_name)
    if base not in names:
        return info
    code = answers.get(base)
    if code is None:  # the compiler could not be asked
        return replace(info, type_known=False)
    if code == 0:
        return info
    type_name = re.sub(rf"(?<!\w){re.escape(base)}(?!\w)", _ANSWERS[code - 1], info.type_name)
    return replace(info, type_name=type_name, written_type=info.type_name)


def _ask_compiler(
    context: cl.Context, device: cl.Device, source: str, options: str, kernels: list[str]
) -> list[int] | None:
    """Each probe kernel's code, in order; None when the probe does not build."""
    program = cl._Program(context, source)  # type: ignore[attr-defined]  # see build.py
    try:
        program._build(options=options.encode(), devices=[device])
    except cl.Error:
        return None
    built = cl.Program(program)
    size = cl.kernel_work_group_info.COMPILE_WORK_GROUP_SIZE
    sizes = [
        cast(list[int], cl.Kernel(built, k).get_work_group_info(size, device)) for k in kernels
    ]
    return [s[0] - 1 if 0 < s[0] <= len(_ANSWERS) + 1 else 0 for s in sizes]
