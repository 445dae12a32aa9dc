"""Numbers that summarise a run's timings: kernel statistics, bandwidth and GFLOP/s.

Plain arithmetic on RunResult and Session, in one place, so that the Timings tab,
the status bar and `clstudio run` agree on one definition of each figure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from clstudio.common import KernelSignature
from clstudio.session import BufferArg, ImageArg, Session


@dataclass(frozen=True)
class KernelStats:
    """Kernel times over the repeats of one run, in seconds."""

    count: int
    min_s: float
    median_s: float
    mean_s: float
    std_s: float  # sample standard deviation (ddof=1); 0 for a single repeat
    max_s: float


def kernel_stats(times_ns: Sequence[int]) -> KernelStats | None:
    """Statistics of kernel durations given in nanoseconds; None when there are none."""
    if not times_ns:
        return None
    seconds = np.asarray(times_ns, dtype=np.float64) * 1e-9
    std = float(np.std(seconds, ddof=1)) if len(seconds) > 1 else 0.0
    return KernelStats(
        count=len(seconds),
        min_s=float(np.min(seconds)),
        median_s=float(np.median(seconds)),
        mean_s=float(np.mean(seconds)),
        std_s=std,
        max_s=float(np.max(seconds)),
    )


@dataclass(frozen=True)
class BufferTraffic:
    """Bytes one launch of the kernel reads from and writes to global memory, at least."""

    read_bytes: int
    written_bytes: int
    buffers: tuple[tuple[str, str, int], ...]  # (name, access, bytes) in argument order

    @property
    def total_bytes(self) -> int:
        return self.read_bytes + self.written_bytes


def buffer_access(name: str, spec: BufferArg | ImageArg, signature: KernelSignature | None) -> str:
    """ "in", "out" or "inout", as the engine uses the argument.

    A buffer takes the session's access, else "in" for a const pointer, else
    "inout"; an image takes its read_only or write_only from the session or the kernel.
    """
    info = None if signature is None else next((a for a in signature.args if a.name == name), None)
    if isinstance(spec, ImageArg):
        qualifier = spec.access or (info.access if info is not None else "")
        return {"read_only": "in", "write_only": "out"}.get(qualifier, "inout")
    if spec.access is not None:
        return spec.access
    if info is not None and info.is_const:
        return "in"
    return "inout"


def buffer_traffic(session: Session, signature: KernelSignature | None = None) -> BufferTraffic:
    """Each "in" buffer or image read once, each "out" one written once, "inout" both.

    This is the effective-bandwidth convention: the least traffic the kernel must
    cause. Caches, re-reads and atomics can make the real traffic larger.
    """
    read = written = 0
    buffers = []
    for name, spec in session.args.items():
        if not isinstance(spec, BufferArg | ImageArg):
            continue
        access = buffer_access(name, spec, signature)
        if access in ("in", "inout"):
            read += spec.nbytes
        if access in ("out", "inout"):
            written += spec.nbytes
        buffers.append((name, access, spec.nbytes))
    return BufferTraffic(read, written, tuple(buffers))


def bandwidth_gb_s(nbytes: int, seconds: float) -> float | None:
    """Decimal gigabytes (10⁹ bytes) per second; None when the time is not positive."""
    if seconds <= 0 or not math.isfinite(seconds):
        return None
    return nbytes / seconds / 1e9


def gflop_s(work_items: int, ops_per_item: float, seconds: float) -> float | None:
    """Work-items × operations each, over the time, in 10⁹ operations per second."""
    if seconds <= 0 or not math.isfinite(seconds) or ops_per_item <= 0:
        return None
    return work_items * ops_per_item / seconds / 1e9
