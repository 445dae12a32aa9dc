"""Where a kernel builds: one real build on every device found, with the reasons a
device refuses it in words (validation.portability) and its first build errors.

The build, not the reading of the source, decides builds / does not build: the reasons
explain a refusal, and a device that builds the kernel is not given any.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.backend import Builder
from clstudio.common import Diagnostic
from clstudio.devices import DeviceInventory, DeviceSelector
from clstudio.validation.portability import Need, Shortfall, device_shortfalls, kernel_needs

MAX_ERRORS = 5  # of a refusing device's build, enough to find the first cause


@dataclass(frozen=True)
class DevicePortability:
    platform: str
    device: str
    device_type: str
    builds: bool
    reasons: tuple[Shortfall, ...]  # why it does not build, as far as the text tells
    errors: tuple[Diagnostic, ...]  # the build's own, lines in the kernel source
    log: str  # the build log's start, when it names no line


@dataclass(frozen=True)
class PortabilityReport:
    kernel: str
    options: str
    needs: tuple[Need, ...]
    devices: tuple[DevicePortability, ...]
    problem: str = ""  # why no report could be made (the builds crashed)


def portability_report(
    builder: Builder,
    inventory: DeviceInventory,
    source: str,
    options: str,
    kernel: str,
    host_text: str = "",
) -> PortabilityReport:
    """`source` built with `options` on every device of `inventory`, one after another."""
    needs = kernel_needs(source, options, host_text)
    rows = []
    for info in inventory.devices():
        built = builder.build(source, options, DeviceSelector(info.platform_name, info.name))
        builds = built.ok and (not kernel or built.kernel(kernel) is not None)
        errors = built.errors[:MAX_ERRORS]
        rows.append(
            DevicePortability(
                platform=info.platform_name,
                device=info.name,
                device_type=info.type,
                builds=builds,
                reasons=() if builds else device_shortfalls(needs, info),
                errors=() if builds else errors,
                log="" if builds or errors else built.log.strip()[:500],
            )
        )
    return PortabilityReport(kernel, options, needs, tuple(rows))
