"""Building a program from source: ok or not, the whole log, diagnostics, kernel signatures.

Diagnostics carry lines and columns of the user's own source, whatever name the compiler
gave the file (PoCL compiles a temporary copy, others say `<source>` or `<kernel>`), so the
editor can mark the right spot.
"""

from __future__ import annotations

import re
import shlex
import time
from typing import cast

import pyopencl as cl

from clstudio.common import (
    N_,
    BuildResult,
    Diagnostic,
    KernelArgInfo,
    KernelSignature,
    build_options_problem,
    gettext,
    kernel_word_pattern,
)
from clstudio.engine.type_probe import resolve_types

ARG_INFO_OPTION = "-cl-kernel-arg-info"

# Compiler messages locate themselves in two orders, with an optional column and, inside a
# macro expansion, a `<Spelling=...>` suffix on the location (PoCL):
#   clang:  FILE:LINE:COL: error: MESSAGE
#   PoCL:   error: FILE:LINE:COL: MESSAGE
# FILE may hold spaces and colons (`C:\...`), hence the lazy match up to `:LINE`.
_SEVERITY = r"(?P<severity>fatal error|error|warning|note)"
# `<Spelling=<scratch space>:89:1>`: the place a macro's text was spelled, itself in <>.
_SPELLING = r"(?:\s*<Spelling=(?:<[^<>]*>|[^<>])*>)?"
_FILE_FIRST = re.compile(
    rf"^(?P<file>.+?):(?P<line>\d+)(?::(?P<column>\d+))?{_SPELLING}:\s*{_SEVERITY}:\s*(?P<message>.*)$"
)
# Severity first: the column is required, so a bare message holding "x:1:" is not a location.
_SEVERITY_FIRST = re.compile(
    rf"^{_SEVERITY}:\s*(?P<file>\S.*?):(?P<line>\d+):(?P<column>\d+){_SPELLING}:\s*(?P<message>.*)$"
)
_UNLOCATED = re.compile(rf"^{_SEVERITY}:\s*(?P<message>.*)$")
# Clang may echo the offending source line with a caret line under it.
_CARET_LINE = re.compile(r"^[\s~^]*\^[\s~^]*$")
# Locations outside the user's source: included headers and what the compiler makes up
# for -D options and built-ins. Their line numbers mean nothing in the editor.
_HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".inc", ".clh")
_PSEUDO_FILES = ("<command line>", "<built-in>", "<scratch space>")
_INVALID_OPTION = re.compile(r"invalid build options?:\s*(?P<option>.+)", re.IGNORECASE)
_SHLEX_REASONS = {
    "No closing quotation": N_("unbalanced quotes"),
    "No escaped character": N_("a backslash at the end escapes nothing"),
}

_ADDRESS_SPACES: dict[int, str] = {
    cl.kernel_arg_address_qualifier.GLOBAL: "global",
    cl.kernel_arg_address_qualifier.LOCAL: "local",
    cl.kernel_arg_address_qualifier.CONSTANT: "constant",
    cl.kernel_arg_address_qualifier.PRIVATE: "private",
}
_ACCESS: dict[int, str] = {
    cl.kernel_arg_access_qualifier.NONE: "none",
    cl.kernel_arg_access_qualifier.READ_ONLY: "read_only",
    cl.kernel_arg_access_qualifier.WRITE_ONLY: "write_only",
    cl.kernel_arg_access_qualifier.READ_WRITE: "read_write",
}
_COMMENT_OR_LITERAL = re.compile(
    r"""//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'""", re.DOTALL
)


_POCL_RENAME_PREFIX = "_cl_"


class OptionsError(ValueError):
    """Build options that cannot be split into arguments (unbalanced quotes)."""


def split_options(options: str) -> list[str]:
    """Split build options the way a shell would, so `-D MSG="a b"` stays one define."""
    try:
        return shlex.split(options)
    except ValueError as exc:
        reason = gettext(_SHLEX_REASONS.get(str(exc), str(exc)))
        in_options = gettext("{reason} in {options}").format(reason=reason, options=repr(options))
        raise OptionsError(in_options) from exc


def build_program(
    context: cl.Context, device: cl.Device, source: str, options: str
) -> tuple[BuildResult, cl.Program | None]:
    """Build `source` for `device`; a compile failure is a result with ok=False, not an error.

    Build options are handed to the driver as typed (each driver splits them its own way),
    with `-cl-kernel-arg-info` added so that kernel_signatures can read the arguments.
    Typedef'd argument types are resolved by asking the compiler (type_probe).
    Options that cannot be used give ok=False with one diagnostic at line 0, column 0,
    "invalid build options: ...": unbalanced quotes (the compiler never runs), and options
    the driver rejects (CL_INVALID_BUILD_OPTIONS). A failed build whose log names no error
    (a link failure, say) also gets a line-0 error, so `result.errors` is never empty when
    ok is False. Other OpenCL errors (out of memory, no compiler) are unexpected and raise.
    """
    device_name = device.name.strip()
    problem = build_options_problem(options)
    if problem is not None:
        message = _invalid_options(problem)
        return _failure(message, (_line_zero_error(message),), 0.0, options, device_name), None
    try:
        tokens = split_options(options)
    except OptionsError as exc:
        message = _invalid_options(str(exc))
        return _failure(message, (_line_zero_error(message),), 0.0, options, device_name), None
    driver_options = options if ARG_INFO_OPTION in tokens else f"{options} {ARG_INFO_OPTION}"

    # The bare program, not cl.Program(context, source).build(): that wrapper may build
    # through pyopencl's binary cache (then a failed build leaves no program to ask for
    # the log), adds its own -I and PYOPENCL_BUILD_OPTIONS, rejoins split options without
    # their quotes, and warns (CompilerWarning) whenever the log is not empty. _build is
    # clBuildProgram itself: the exception carries the status code and the log stays
    # readable from the program, on success as on failure.
    program = cl._Program(context, source)  # type: ignore[attr-defined]  # private, unexported
    start = time.perf_counter()
    status: int = cl.status_code.SUCCESS
    try:
        program._build(options=driver_options.strip().encode(), devices=[device])
    except cl.Error as exc:
        if exc.code not in (
            cl.status_code.BUILD_PROGRAM_FAILURE,
            cl.status_code.INVALID_BUILD_OPTIONS,
        ):
            raise
        status = exc.code
    seconds = time.perf_counter() - start
    # pyopencl hides the log of a successful build: it must be asked for.
    log = str(program.get_build_info(device, cl.program_build_info.LOG))
    diagnostics = parse_diagnostics(log)

    if status == cl.status_code.SUCCESS:
        built = cl.Program(program)
        kernels = kernel_signatures(built)
        kernels, type_names = resolve_types(
            context, device, source, driver_options.strip(), kernels
        )
        result = BuildResult(
            ok=True,
            log=log,
            diagnostics=diagnostics,
            kernels=kernels,
            seconds=seconds,
            options=options,
            device=device_name,
            type_names=type_names,
        )
        return result, built

    if status == cl.status_code.INVALID_BUILD_OPTIONS:
        rejected = [m["option"].strip() for m in _INVALID_OPTION.finditer(log)]
        message = _invalid_options(", ".join(rejected) or options)
        diagnostics = (_line_zero_error(message), *diagnostics)
    elif not any(d.severity == "error" for d in diagnostics):
        message = _first_words(log) or gettext("the build failed and the compiler wrote no log")
        diagnostics = (*diagnostics, _line_zero_error(message))
    else:
        message = ""
    return _failure(log or message, diagnostics, seconds, options, device_name), None


def parse_diagnostics(log: str) -> tuple[Diagnostic, ...]:
    """Compiler messages of a build log, in order, without exact repeats.

    A message without a location, or located outside the user's source (a header, the
    command line), gets line 0 and column 0; a foreign location is kept in its message.
    Echoed source lines and carets stay in the log only.
    """
    lines = log.splitlines()
    found: list[Diagnostic] = []
    for index, text in enumerate(lines):
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if _CARET_LINE.match(following):
            continue  # an echo of the source, which may itself read "error: ..."
        diagnostic = _parse_line(text)
        if diagnostic is not None and diagnostic not in found:
            found.append(diagnostic)
    return tuple(found)


def kernel_signatures(program: cl.Program) -> tuple[KernelSignature, ...]:
    """Kernels of a built program, in source order, with their argument info.

    The program must have been built with -cl-kernel-arg-info (build_program does that);
    otherwise the driver refuses to describe the arguments and pyopencl raises.
    """
    signatures = []
    for kernel in program.all_kernels():
        symbol = kernel.function_name
        name = _user_name(symbol)
        signatures.append(KernelSignature(name, _kernel_args(kernel), symbol))
    source = str(program.get_info(cl.program_info.SOURCE) or "")
    positions = _source_positions(source, [s.name for s in signatures])
    unknown = len(source) + 1  # kernels made by macros: after the others, by name
    signatures.sort(key=lambda s: (positions.get(s.name, unknown), s.name))
    return tuple(signatures)


def _user_name(name: str) -> str:
    """The name as the user wrote it.

    PoCL renames kernels and parameters that share a name with an OpenCL
    built-in (`step`, `dot`) to `_cl_step`; the user never wrote that prefix.
    """
    return name.removeprefix(_POCL_RENAME_PREFIX)


def _parse_line(text: str) -> Diagnostic | None:
    match = _FILE_FIRST.match(text) or _SEVERITY_FIRST.match(text)
    if match is None:
        unlocated = _UNLOCATED.match(text)
        if unlocated is None:
            return None
        return Diagnostic(0, 0, _severity(unlocated["severity"]), unlocated["message"].strip())
    severity = _severity(match["severity"])
    message = match["message"].strip()
    line, column = int(match["line"]), int(match["column"] or 0)
    file = match["file"].strip()
    if file.lower().endswith(_HEADER_SUFFIXES) or file in _PSEUDO_FILES:
        where = f"{file}:{line}:{column}" if column else f"{file}:{line}"
        return Diagnostic(0, 0, severity, f"{where}: {message}")
    return Diagnostic(line, column, severity, message)


def _severity(word: str) -> str:
    return "error" if word == "fatal error" else word


def _invalid_options(problem: str) -> str:
    return gettext("invalid build options: {problem}").format(problem=problem)


def _line_zero_error(message: str) -> Diagnostic:
    return Diagnostic(0, 0, "error", message)


def _first_words(log: str) -> str:
    """The log's first line, joined to the next one when it ends in a colon."""
    lines = [line.strip() for line in log.splitlines() if line.strip()]
    if not lines:
        return ""
    if lines[0].endswith(":") and len(lines) > 1:
        return f"{lines[0]} {lines[1]}"
    return lines[0]


def _failure(
    log: str, diagnostics: tuple[Diagnostic, ...], seconds: float, options: str, device: str
) -> BuildResult:
    if log and not log.endswith("\n"):
        log += "\n"
    return BuildResult(
        ok=False,
        log=log,
        diagnostics=diagnostics,
        kernels=(),
        seconds=seconds,
        options=options,
        device=device,
    )


def _kernel_args(kernel: cl.Kernel) -> tuple[KernelArgInfo, ...]:
    info = cl.kernel_arg_info
    args = []
    for index in range(kernel.num_args):
        address = cast(int, kernel.get_arg_info(index, info.ADDRESS_QUALIFIER))
        access = cast(int, kernel.get_arg_info(index, info.ACCESS_QUALIFIER))
        qualifiers = cast(int, kernel.get_arg_info(index, info.TYPE_QUALIFIER))
        args.append(
            KernelArgInfo(
                name=_user_name(str(kernel.get_arg_info(index, info.NAME)).strip()),
                type_name=str(kernel.get_arg_info(index, info.TYPE_NAME)).strip(),
                address_space=_ADDRESS_SPACES[address],
                access=_ACCESS[access],
                is_const=bool(qualifiers & cl.kernel_arg_type_qualifier.CONST),
            )
        )
    return tuple(args)


def _source_positions(source: str, names: list[str]) -> dict[str, int]:
    """Where each kernel is first declared: `NAME(` with `kernel` earlier in the same
    declaration (since the last `;`, `{` or `}`), so attributes and return types between
    them do not matter and calls inside other kernels do not count."""
    code = _COMMENT_OR_LITERAL.sub(lambda m: " " * len(m.group()), source)
    kernel_word = re.compile(kernel_word_pattern(code))  # cluda's KERNEL counts too
    positions: dict[str, int] = {}
    for name in names:
        for match in re.finditer(rf"\b{re.escape(name)}\s*\(", code):
            start = max(code.rfind(c, 0, match.start()) for c in ";{}") + 1
            if kernel_word.search(code, start, match.start()):
                positions[name] = match.start()
                break
    return positions
