"""One kernel of a program, for the measurements made per kernel.

A local-size sweep and a roofline point speak of one kernel: the kernel is chosen by
name (the first launch's when none is named), a sweep sets the local
size of every launch of it, and its time in a run is the sum of its launches' times.
"""

from __future__ import annotations

from dataclasses import replace

from clstudio.common import RunResult, gettext
from clstudio.session import Launch, Session, leaf_launches, map_launches


class KernelChoiceError(ValueError):
    """A kernel name the program does not launch; the message lists those it does."""


def program_kernels(session: Session) -> list[str]:
    """The kernels a session launches, in the order they first launch."""
    return list(dict.fromkeys(launch.kernel for launch in leaf_launches(session.launches)))


def chosen_kernel(session: Session, kernel: str | None) -> str:
    """`kernel` if the session launches it; the first kernel when None."""
    kernels = program_kernels(session)
    if kernel is None:
        return kernels[0]
    if kernel not in kernels:
        said = gettext("the session launches no kernel '{kernel}'; it launches: {kernels}")
        raise KernelChoiceError(said.format(kernel=kernel, kernels=", ".join(kernels)))
    return kernel


def kernel_global_size(session: Session, kernel: str) -> tuple[int, ...]:
    """The NDRange a sweep's sizes are chosen for: the first launch of `kernel`'s."""
    first = next((one for one in leaf_launches(session.launches) if one.kernel == kernel), None)
    return first.global_size if first is not None else session.global_size


def with_kernel_local_size(session: Session, kernel: str, size: tuple[int, ...]) -> Session:
    """The session with every launch of `kernel` at local size `size`."""

    def sized(launch: Launch) -> Launch:
        return replace(launch, local_size=size) if launch.kernel == kernel else launch

    return replace(session, launches=map_launches(session.launches, sized))


def kernel_times_per_repeat(result: RunResult, kernel: str) -> list[int]:
    """The device time of `kernel` in each repeat, in ns: the sum of its launches'."""
    per_repeat: dict[int, int] = {}
    for timing in result.timings:
        if timing.phase == "kernel" and timing.name == kernel:
            per_repeat[timing.repeat] = per_repeat.get(timing.repeat, 0) + timing.duration_ns
    return [per_repeat[r] for r in sorted(per_repeat)]
