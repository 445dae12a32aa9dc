"""Why the worker stopped, told for a learner: timeouts, cancels and crashes."""

from __future__ import annotations

import re
import signal
from collections.abc import Sequence

from clstudio.common import N_, RUN_STEPS, STEP_NUMBERS, RunStep, gettext

_MEMORY_CAUSE = N_("an out-of-bounds access (reading or writing past a buffer) is the usual cause")
_CAUSES = {
    "SIGSEGV": N_(
        "an out-of-bounds access (reading or writing past a buffer) is the usual cause; "
        "a very large private array (over the stack size) is another"
    ),
    "SIGBUS": _MEMORY_CAUSE,
    "SIGABRT": N_(
        "an out-of-bounds access (reading or writing past a buffer) is the usual cause: "
        "a write past the end corrupts the memory allocator's records"
    ),
    "SIGFPE": N_(
        "an integer division by zero (or the smallest integer divided by -1) is the usual cause"
    ),
    "SIGILL": N_("an instruction this CPU cannot run, or a compiler bug, is the usual cause"),
    "SIGKILL": N_("the system may have run out of memory and stopped it"),
}
_NULL_CAUSE = N_(
    "a NULL pointer is the likely cause: the kernel reads through {names}, passed as NULL, "
    "without testing it first. Pass a buffer, or test the pointer in the kernel"
)
_COMPILER_CAUSE = N_(
    "the OpenCL compiler crashed on this source. That is a compiler bug, not necessarily a "
    "mistake in your code: rewrite the code it chokes on (split a long expression, use "
    "another vector width, keep barriers out of irregular control flow) or try other "
    "build options"
)
_DRIVER_ABORT_CAUSE = N_(
    "the OpenCL driver gave up, usually in its kernel compiler (PoCL compiles a kernel "
    "again at its first launch). That is a driver bug, not necessarily a mistake in your "
    "code: rewrite the code it chokes on (barriers inside goto or irregular loops are usual "
    "suspects)"
)
_DRIVER_CAUSE = N_(
    "the OpenCL driver crashed while answering a query: update or reinstall it, or remove "
    "its ICD file from /etc/OpenCL/vendors so that the other drivers still work"
)
# What a dying compiler, or the C library after a heap overrun, writes to stderr.
_COMPILER_WORDS = re.compile(r"LLVM ERROR|Cannot select|clang|Stack dump|PLEASE submit a bug")
_HEAP_WORDS = re.compile(r"double free|corrupt|free\(\)|malloc|munmap_chunk|realloc")
_TELLING_WORDS = re.compile(
    r"LLVM ERROR|double free|corrupt|free\(\)|malloc\(\)|Assertion|Segmentation|[Ee]rror"
)
_QUOTE_LIMIT = 300


def exit_name(exitcode: int | None) -> str:
    """`SIGSEGV` for a death by signal, `exit code 1` for an exit, `an unknown cause` if unknown."""
    if exitcode is None:
        return gettext("an unknown cause")
    if exitcode < 0:
        try:
            return signal.Signals(-exitcode).name
        except ValueError:
            return gettext("signal {number}").format(number=-exitcode)
    return gettext("exit code {code}").format(code=exitcode)


def last_words(stderr_text: str) -> str:
    """The most telling line of what the worker wrote to stderr before it died."""
    lines = [line.strip() for line in stderr_text.splitlines() if line.strip()]
    if not lines:
        return ""
    telling = [line for line in lines if _TELLING_WORDS.search(line)]
    line = telling[0] if telling else lines[-1]
    return line if len(line) <= _QUOTE_LIMIT else line[:_QUOTE_LIMIT] + "..."


def likely_cause(
    name: str, stderr_text: str, blame: str = "kernel", null_args: Sequence[str] = ()
) -> str:
    """The usual cause of a death by `name`, judged by the worker's last words on stderr.

    blame: "kernel" while running user code, "compiler" while building, "driver" while
    listing devices. null_args: the arguments passed as NULL that the kernel dereferences
    without a test (validation.null_reads); a memory fault then names them.
    """
    if blame == "compiler" or _COMPILER_WORDS.search(stderr_text):
        return gettext(_COMPILER_CAUSE)
    if blame == "driver":
        return gettext(_DRIVER_CAUSE)
    if null_args and name in ("SIGSEGV", "SIGBUS"):
        return gettext(_NULL_CAUSE).format(names=", ".join(null_args))
    if name == "SIGABRT" and stderr_text.strip() and not _HEAP_WORDS.search(stderr_text):
        return gettext(_DRIVER_ABORT_CAUSE)
    return gettext(_CAUSES.get(name, N_("the OpenCL driver failed")))


def crash_message(
    doing: str,
    exitcode: int | None,
    stderr_text: str,
    blame: str = "kernel",
    null_args: Sequence[str] = (),
) -> str:
    """The message for a worker that died while `doing` ("running kernel 'k'", "building")."""
    name = exit_name(exitcode)
    cause = likely_cause(name, stderr_text, blame, null_args)
    words = last_words(stderr_text)
    if words:
        said = gettext(
            'the worker crashed with {name} while {doing}: {cause}. It said: "{words}". '
            "The worker was restarted, so the next request works."
        )
    else:
        said = gettext(
            "the worker crashed with {name} while {doing}: {cause}. "
            "The worker was restarted, so the next request works."
        )
    return said.format(name=name, doing=doing, cause=cause, words=words)


def timeout_message(kernel: str, limit_s: float, step: RunStep | None) -> str:
    """A run over its timeout_s, told by the step it was in (the kernel's when unknown)."""
    limit = f"{limit_s:g}"
    if step is None or step.key == "launch":
        advice = gettext(RUN_STEPS[STEP_NUMBERS["launch"]].advice)
        return gettext(
            "kernel '{kernel}' did not finish within {limit} s: the worker was stopped and "
            "restarted. {advice}"
        ).format(kernel=kernel, limit=limit, advice=advice)
    return gettext(
        "the run of kernel '{kernel}' did not finish within {limit} s, and the time went "
        "into step {step}, not into the kernel: the worker was stopped and "
        "restarted. {advice}"
    ).format(kernel=kernel, limit=limit, step=_numbered(step), advice=gettext(step.advice))


def in_launch(message: str, where: str) -> str:
    """A crash's or timeout's message with the program's launch that was running."""
    return gettext("{message} It happened in {launch}.").format(message=message, launch=where)


def busy_message(doing: str, limit_s: float, step: RunStep | None = None) -> str:
    """A build or a device query that did not end within its limit."""
    limit = f"{limit_s:g}"
    if step is None:
        return gettext(
            "the worker did not finish {doing} within {limit} s (the driver may hang): "
            "it was stopped and restarted."
        ).format(doing=doing, limit=limit)
    return gettext(
        "the worker did not finish {doing} within {limit} s; it was at step "
        "{step}, and was stopped and restarted. {advice}"
    ).format(doing=doing, limit=limit, step=_numbered(step), advice=gettext(step.advice))


def _numbered(step: RunStep) -> str:
    """`5 of 11, build the program (clBuildProgram)`."""
    return gettext("{number} of {count}, {title} ({apis})").format(
        number=STEP_NUMBERS[step.key] + 1,
        count=len(RUN_STEPS),
        title=gettext(step.title),
        apis=step.apis,
    )


def cancelled_message(doing: str) -> str:
    return gettext(
        "stopped by the user while {doing}: the worker was stopped and restarted."
    ).format(doing=doing)


def start_failed_message(exitcode: int | None, stderr_text: str) -> str:
    """A worker that died before it was ready: an import or a driver failed at start."""
    words = last_words(stderr_text)
    if words:
        said = gettext(
            'the worker process could not start ({reason}): "{words}". A new one was '
            "started; if this repeats, check the Python environment and the OpenCL driver."
        )
    else:
        said = gettext(
            "the worker process could not start ({reason}). A new one was "
            "started; if this repeats, check the Python environment and the OpenCL driver."
        )
    return said.format(reason=exit_name(exitcode), words=words)
