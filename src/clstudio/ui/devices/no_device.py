"""What the device explorer says when drivers give nothing, or only part of what they should."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from clstudio.devices import PlatformInfo
from clstudio.devices.icd_entries import DriverProblem

DEVICES_FIELD = "clGetDeviceIDs"  # the field discovery adds when a platform cannot list devices
POCL = "pocl-binary-distribution"


def no_device_help(problem: str | None, unavailable: tuple[DriverProblem, ...] = ()) -> str:
    """Why there is no device, what a platform is, and how to get one."""
    problem = problem or QCoreApplication.translate(
        "DevicePanel", "The installed OpenCL platforms report no devices."
    )
    parts = [f"<p>{html.escape(problem)}</p>"]
    if unavailable:
        items = "".join(
            f"<li>{html.escape(Path(d.icd_file).name)}: {html.escape(d.reason)}</li>"
            for d in unavailable
        )
        intro = QCoreApplication.translate(
            "DevicePanel", "Installed drivers that gave no platform:"
        )
        parts.append(f"<p>{intro}</p><ul>{items}</ul>")
    what_is_a_platform = QCoreApplication.translate(
        "DevicePanel",
        "An OpenCL platform is a driver that gives programs access to a device. "
        "CL Studio works with any of them.",
    )
    parts.append(f"<p>{what_is_a_platform}</p>")
    if POCL not in problem:
        get_pocl = QCoreApplication.translate(
            "DevicePanel", "The simplest to install runs kernels on your CPU:"
        )
        parts.append(f"{get_pocl}<pre>pip install {POCL}</pre>")
    gpu_drivers = QCoreApplication.translate(
        "DevicePanel",
        "GPU drivers (Intel's, NVIDIA's, ROCm for AMD) appear by themselves once installed: "
        "press <b>Look again</b>. <b>Add a device…</b> lists every way. "
        "The editor works meanwhile.",
    )
    parts.append(f"<p>{gpu_drivers}</p>")
    return "".join(parts)


def platform_title(platform: PlatformInfo) -> str:
    """The platform's name, or what stands in for it when the driver refused to give it."""
    return platform.name or QCoreApplication.translate(
        "DevicePanel", "Platform {index} (name unavailable)"
    ).format(index=platform.index)


def unavailable_text(problem: DriverProblem) -> tuple[str, str]:
    """The title and explanation of a driver entry, or a platform's devices, that failed."""
    reason = problem.reason[:1].upper() + problem.reason[1:]
    if not problem.library:  # a platform that could not list its devices
        return (
            QCoreApplication.translate("DevicePanel", "{platform}: devices unavailable").format(
                platform=problem.icd_file
            ),
            QCoreApplication.translate("DevicePanel", "{reason}.").format(reason=reason),
        )
    name = Path(problem.icd_file).name
    return (
        QCoreApplication.translate("DevicePanel", "{file}: unavailable").format(file=name),
        QCoreApplication.translate("DevicePanel", "{path} names {library}. {reason}.").format(
            path=problem.icd_file, library=problem.library, reason=reason
        ),
    )
