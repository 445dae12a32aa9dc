"""Where a kernel can build, told before any build: what its source and options need
(an OpenCL C version, work-group collective functions, `half`, `double`, SVM for the host's
pointers) against what a discovered device offers.

The needs are read from the text, never compiled: `#ifdef`/`#ifndef` blocks follow the
`-D` options (so `-D USE_HALF=1` decides gemm's `half` macros), comments are skipped and
`#if` keeps both branches. A real build decides "builds or not" (measurements.portability
runs it); these reasons say why, in words, with the usual way round each.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from clstudio.common import N_, gettext
from clstudio.devices import DeviceInfo, is_simulator, opencl_version, wanted_language
from clstudio.devices.versions import version_text

NeedKind = Literal["opencl_c", "work_group_functions", "fp16", "fp64", "svm"]

_WORK_GROUP_CALL = re.compile(
    r"\bwork_group_(?:reduce_(?:add|min|max)|scan_(?:in|ex)clusive_(?:add|min|max)"
    r"|broadcast|all|any)\b"
)
_HALF = re.compile(r"\bhalf(?:2|3|4|8|16)?\b")
_DOUBLE = re.compile(r"\bdouble(?:2|3|4|8|16)?\b")
_SVM_HOST = re.compile(r"\b(?:clSetKernelArgSVMPointer|clSVMAlloc|cl::SVMAllocator)\b")
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
_DEFINE = re.compile(r"-D\s*([A-Za-z_]\w*)(?:=(\S*))?")
_DIRECTIVE = re.compile(r"^\s*#\s*(ifdef|ifndef|if|elif|else|endif)\b\s*(\w*)")
_COLLECTIVES_FEATURE = "__opencl_c_work_group_collective_functions"
_SVM_COARSE_GRAIN = 1  # CL_DEVICE_SVM_COARSE_GRAIN_BUFFER
# Oclgrind says OpenCL C 1.2 yet builds -cl-std=CL2.0 (engine.language_version).
_SIMULATOR_BUILDS = (2, 0)

_WAY_ROUND: dict[NeedKind, str] = {
    "opencl_c": N_(
        "drop -cl-std or ask for a version the device lists, and keep to that version's built-ins"
    ),
    "work_group_functions": N_(
        "reduce in __local memory instead: each work-item stores its value, then a tree of "
        "halving steps with barrier(CLK_LOCAL_MEM_FENCE) between them"
    ),
    "fp16": N_(
        "keep the data in half but compute in float: vload_half / vstore_half need no "
        "extension; or choose f32"
    ),
    "fp64": N_("compute in float, or choose a device with cl_khr_fp64"),
    "svm": N_(
        "pass the tensors as cl_mem buffers with clSetKernelArg, as the session does; the "
        "kernel sees the same global pointers"
    ),
}


@dataclass(frozen=True)
class Need:
    """Something the kernel needs of a device, and where the source asks for it."""

    kind: NeedKind
    what: str  # in words: "work_group_reduce_add (line 43)", "-cl-std=CL2.0"
    version: tuple[int, int] = (0, 0)  # for "opencl_c": the version asked for


@dataclass(frozen=True)
class Shortfall:
    """A need the device does not meet: why, in words, and the usual way round it."""

    kind: NeedKind
    reason: str
    way_round: str


def kernel_needs(source: str, options: str, host_text: str = "") -> tuple[Need, ...]:
    """What `source` built with `options` needs of a device; `host_text`, the host
    program's own file when the kernel came from one, tells whether it passes SVM."""
    tokens = _tokens(options)
    defined = {m.group(1): m.group(2) or "1" for m in _DEFINE.finditer(" ".join(tokens))}
    lines = _active_lines(_COMMENT.sub(lambda m: "\n" * m.group().count("\n"), source), defined)
    needs: list[Need] = []
    wanted = wanted_language(tokens)
    if wanted is not None and wanted >= (2, 0):
        needs.append(Need("opencl_c", f"-cl-std=CL{version_text(wanted)}", wanted))
    calls = _first_uses(_WORK_GROUP_CALL, lines)
    if calls:
        needs.append(Need("work_group_functions", calls))
    typed = [f"-D {n}={v}" for n, v in defined.items() if _HALF.fullmatch(v)]
    half = _first_uses(_HALF, lines)
    if typed or half:
        needs.append(Need("fp16", ", ".join([*typed, *([half] if half else [])])))
    doubles = _first_uses(_DOUBLE, lines)
    if doubles:
        needs.append(Need("fp64", doubles))
    svm = _SVM_HOST.search(host_text)
    if svm is not None:
        line = host_text.count("\n", 0, svm.start()) + 1
        said = gettext("the host program's {call} (its line {line})")
        needs.append(Need("svm", said.format(call=svm.group(), line=line)))
    return tuple(needs)


def device_shortfalls(needs: Sequence[Need], device: DeviceInfo) -> tuple[Shortfall, ...]:
    """The needs `device` does not meet, each with its reason in words."""
    found = []
    c_version = str(device.value("CL_DEVICE_OPENCL_C_VERSION", device.version))
    offered = opencl_version(c_version)
    versions = _listed_versions(device)
    features = _names(device.value("CL_DEVICE_OPENCL_C_FEATURES"))
    extensions = set(_names(device.value("CL_DEVICE_EXTENSIONS")))
    simulator = is_simulator(device.platform_name)
    for need in needs:
        reason = ""
        if need.kind == "opencl_c":
            # The driver is the judge: PoCL 3.0 lists 1.0 to 1.2 and 3.0, and builds
            # -cl-std=CL2.0 (its 2.0 built-ins then fail to link, a need of their own).
            newer = any(v >= need.version for v in versions)
            if not (newer or (simulator and need.version == _SIMULATOR_BUILDS)):
                reason = gettext("{what} asks for OpenCL C {wanted}; the device offers {offered}")
                reason = reason.format(
                    what=need.what,
                    wanted=version_text(need.version),
                    offered=", ".join(version_text(v) for v in sorted(versions))
                    or version_text(offered),
                )
        elif need.kind == "work_group_functions":
            reason = _collectives_reason(need, offered, versions, features, simulator)
        elif need.kind in ("fp16", "fp64"):
            extension = "cl_khr_fp16" if need.kind == "fp16" else "cl_khr_fp64"
            if extension not in extensions:
                reason = gettext("{what} needs {extension}, which the device does not list")
                reason = reason.format(what=need.what, extension=extension)
        elif not int(_int_or_zero(device.value("CL_DEVICE_SVM_CAPABILITIES"))) & (
            _SVM_COARSE_GRAIN
        ):
            reason = gettext("{what} needs shared virtual memory, which the device lacks")
            reason = reason.format(what=need.what)
        if reason:
            found.append(Shortfall(need.kind, reason, gettext(_WAY_ROUND[need.kind])))
    return tuple(found)


def shortfalls_text(source: str, options: str, device: DeviceInfo) -> str:
    """Why `device` may not build `source`, said before or beside its build (a kernel that
    builds on the CPU but not on a 1.2 GPU): each shortfall and its way round; "" when the
    kernel asks for nothing the device lacks."""
    found = device_shortfalls(kernel_needs(source, options), device)
    if not found:
        return ""
    said = gettext("{device} (OpenCL C {version}) may not build this kernel: {reasons}")
    return said.format(
        device=device.name,
        version=version_text(opencl_version(str(device.value("CL_DEVICE_OPENCL_C_VERSION", "")))),
        reasons="; ".join(
            gettext("{reason} ({way_round})").format(reason=s.reason, way_round=s.way_round)
            for s in found
        ),
    )


def _collectives_reason(
    need: Need,
    offered: tuple[int, int],
    versions: set[tuple[int, int]],
    features: tuple[str, ...],
    simulator: bool,
) -> str:
    if simulator:
        return gettext(
            "{what}: OpenCL C 2.0 work-group collective functions, which Oclgrind does not simulate"
        ).format(what=need.what)
    if (2, 0) in versions or (2, 1) in versions or (2, 2) in versions:
        return ""
    if any(v >= (3, 0) for v in versions) and _COLLECTIVES_FEATURE in features:
        return ""
    said = gettext(
        "{what}: OpenCL C 2.0 work-group collective functions; the device offers OpenCL C "
        "{offered} without {feature}"
    )
    return said.format(what=need.what, offered=version_text(offered), feature=_COLLECTIVES_FEATURE)


def _listed_versions(device: DeviceInfo) -> set[tuple[int, int]]:
    """The OpenCL C versions the device builds: CL_DEVICE_OPENCL_C_ALL_VERSIONS where it
    says (PoCL 3.0 lists 1.0 to 1.2 and 3.0, never 2.0), else up to its OpenCL C version."""
    listed = device.value("CL_DEVICE_OPENCL_C_ALL_VERSIONS")
    if isinstance(listed, list | tuple) and listed:
        found = set()
        for entry in listed:
            if isinstance(entry, dict):
                major, minor, *_ = (str(entry.get("version", "0.0")) + ".0").split(".")
                found.add((int(major), int(minor)))
        return found
    top = opencl_version(str(device.value("CL_DEVICE_OPENCL_C_VERSION", device.version)))
    ladder = ((1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0))
    return {v for v in ladder if v <= top and not (top >= (3, 0) and (2, 0) <= v < (3, 0))}


def _names(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(value.split())
    if isinstance(value, list | tuple):
        return tuple(str(v.get("name", "")) if isinstance(v, dict) else str(v) for v in value if v)
    return ()


def _int_or_zero(value: object) -> int:
    return value if isinstance(value, int) else 0


def _tokens(options: str) -> list[str]:
    try:
        return shlex.split(options)
    except ValueError:  # an unclosed quote: the build says so; the words still tell
        return options.split()


def _active_lines(source: str, defined: dict[str, str]) -> list[tuple[int, str]]:
    """The source's lines with their numbers, less those in `#ifdef`/`#ifndef` branches
    that the options rule out (and the directives themselves)."""
    kept = []
    stack: list[tuple[bool, bool]] = []  # each open block: its branch is live, it is an #if
    for number, line in enumerate(source.splitlines(), 1):
        directive = _DIRECTIVE.match(line)
        if directive is None:
            if all(live for live, _ in stack):
                kept.append((number, line))
            continue
        word, name = directive.groups()
        if word in ("ifdef", "ifndef"):
            stack.append(((name in defined) == (word == "ifdef"), False))
        elif word == "if":
            stack.append((True, True))
        elif word in ("else", "elif") and stack:
            live, is_if = stack[-1]
            stack[-1] = (is_if or word == "elif" or not live, is_if)
        elif word == "endif" and stack:
            stack.pop()
    return kept


def _first_uses(pattern: re.Pattern[str], lines: list[tuple[int, str]]) -> str:
    """`name (line N)` for the first use of each name the pattern finds; "" for none."""
    seen: dict[str, int] = {}
    for number, line in lines:
        for match in pattern.finditer(line):
            seen.setdefault(match.group(), number)
    said = gettext("{name} (line {line})")
    return ", ".join(said.format(name=name, line=line) for name, line in seen.items())
