"""The session: one kernel, its build options, arguments, NDRange and references.

The JSON form of a session is a public, versioned contract (docs/session-format.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from clstudio.args import ArgSpec

FORMAT_NAME = "clstudio-session"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class DeviceSelector:
    """Case-insensitive substrings of a platform name and of a device's name or type."""

    platform: str = ""
    device: str = ""


@dataclass(frozen=True)
class Reference:
    """The expected value of one output, as a restricted numpy expression."""

    expr: str
    rtol: float = 1e-5
    atol: float = 1e-6


@dataclass(frozen=True)
class Session:
    kernel: str
    source: str
    source_file: str | None = None  # as written in the file, relative to base_dir
    build_options: str = ""
    device: DeviceSelector | None = None
    global_size: tuple[int, ...] = (1,)
    local_size: tuple[int, ...] | None = None
    repeats: int = 1
    seed: int = 0
    timeout_s: float = 10.0
    guards: bool = True
    args: dict[str, ArgSpec] = field(default_factory=dict)
    references: dict[str, Reference] = field(default_factory=dict)
    description: str = ""
    base_dir: Path | None = None  # where relative paths resolve; not saved
