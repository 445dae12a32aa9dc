"""What the device explorer says when drivers give nothing, or only part of what they should."""

from __future__ import annotations

import html
from pathlib import Path

from clstudio.devices import PlatformInfo
from clstudio.devices.icd_entries import DriverProblem

WHAT_IS_A_PLATFORM = (
    "An OpenCL platform is a driver that gives programs access to a device. "
    "CL Studio works with any of them."
)
GET_POCL = (
    "The simplest to install runs kernels on your CPU:"
    "<pre>pip install pocl-binary-distribution</pre>"
)
GPU_DRIVERS = (
    "GPU drivers (Intel's, NVIDIA's, ROCm for AMD) appear by themselves once installed: "
    "press <b>Look again</b>. <b>Add a device…</b> lists every way. "
    "The editor works meanwhile."
)
DEVICES_FIELD = "clGetDeviceIDs"  # the field discovery adds when a platform cannot list devices


def no_device_help(problem: str | None, unavailable: tuple[DriverProblem, ...] = ()) -> str:
    """Why there is no device, what a platform is, and how to get one."""
    problem = problem or "The installed OpenCL platforms report no devices."
    parts = [f"<p>{html.escape(problem)}</p>"]
    if unavailable:
        items = "".join(
            f"<li>{html.escape(Path(d.icd_file).name)}: {html.escape(d.reason)}</li>"
            for d in unavailable
        )
        parts.append(f"<p>Installed drivers that gave no platform:</p><ul>{items}</ul>")
    parts.append(f"<p>{WHAT_IS_A_PLATFORM}</p>")
    if "pocl-binary-distribution" not in problem:
        parts.append(GET_POCL)
    parts.append(f"<p>{GPU_DRIVERS}</p>")
    return "".join(parts)


def platform_title(platform: PlatformInfo) -> str:
    """The platform's name, or what stands in for it when the driver refused to give it."""
    return platform.name or f"Platform {platform.index} (name unavailable)"


def unavailable_text(problem: DriverProblem) -> tuple[str, str]:
    """The title and explanation of a driver entry, or a platform's devices, that failed."""
    reason = problem.reason[:1].upper() + problem.reason[1:]
    if not problem.library:  # a platform that could not list its devices
        return f"{problem.icd_file}: devices unavailable", f"{reason}."
    name = Path(problem.icd_file).name
    return f"{name}: unavailable", f"{problem.icd_file} names {problem.library}. {reason}."
