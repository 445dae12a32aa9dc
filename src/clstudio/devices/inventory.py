"""The devices as plain frozen data: platforms, devices and their info fields, as text and JSON.

Discovery (clstudio.devices.discovery) fills these from pyopencl; everything else, the
window included, reads them without importing pyopencl. A field the driver refused is
kept and marked unavailable, so a learner always sees why.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from dataclasses import dataclass
from typing import Any

from clstudio.common import N_, gettext, record_fields
from clstudio.devices.field_catalogue import (
    DEVICE_TYPES,
    GROUP_ORDER,
    bit_names,
    display_value,
    group_title,
)
from clstudio.devices.icd_entries import DriverProblem
from clstudio.devices.selector import DeviceSelector, matches

JSON_FORMAT = "clstudio-devices"
JSON_VERSION = 1
GET_A_PLATFORM = N_(
    "For a CPU device that works on any machine, install PoCL: pip install pocl-binary-distribution"
)
# English, as every module-level text; show it with gettext(NO_PLATFORM_HELP).
NO_PLATFORM_HELP = N_(
    "No OpenCL platform is installed (no driver, or ICD, was found). "
    "For a CPU device that works on any machine, install PoCL: pip install pocl-binary-distribution"
)
_UNAVAILABLE = N_("unavailable: {reason}")


@dataclass(frozen=True)
class InfoField:
    """One field as data, in English as --json writes it; the `shown_` texts are what a
    reader sees, in the user's language."""

    name: str  # OpenCL name, e.g. "CL_DEVICE_MAX_COMPUTE_UNITS"
    label: str  # "Max compute units"
    group: str  # one of GROUP_ORDER
    raw: object  # JSON-able: int, float, str, bool, lists/dicts of those; None if unavailable
    display: str  # human text: "3.44 GiB (3694820352 bytes)", "2100 MHz", "CPU"
    explanation: str  # one line for a learner
    available: bool = True  # False when the driver refused; display says "unavailable: why"
    kind: str = ""  # a key of field_catalogue.FORMATTERS, to show raw again; "": display as it is

    @property
    def shown_label(self) -> str:
        return gettext(self.label)

    @property
    def shown_group(self) -> str:
        return group_title(self.group)

    @property
    def shown_explanation(self) -> str:
        return gettext(self.explanation)

    @property
    def shown_display(self) -> str:
        if not self.available:
            reason = self.display.removeprefix(_UNAVAILABLE.partition("{")[0])
            return gettext(_UNAVAILABLE).format(reason=gettext(reason) if reason else reason)
        return display_value(self.kind, self.raw) if self.kind else self.display


def find_field(fields: tuple[InfoField, ...], name: str) -> InfoField | None:
    """The field of that OpenCL name, if the driver was asked for it."""
    return next((f for f in fields if f.name == name), None)


@dataclass(frozen=True)
class DeviceInfo:
    platform_index: int
    index: int  # index within its platform
    name: str
    type: str  # "CPU", "GPU", "Accelerator", "Custom" or "Default"
    version: str  # CL_DEVICE_VERSION
    platform_name: str
    fields: tuple[InfoField, ...]
    # The remote machine the device is on ([USER@]HOST[:PORT]), "" for this machine's own:
    # stamped by the app (clstudio.remote.machines), never by discovery.
    machine: str = ""

    def field(self, name: str) -> InfoField | None:
        return find_field(self.fields, name)

    def value(self, name: str, default: object = None) -> object:
        """The raw value of a field, or default if it is absent or unavailable."""
        found = self.field(name)
        return found.raw if found is not None and found.available else default


@dataclass(frozen=True)
class PlatformInfo:
    index: int
    name: str
    vendor: str
    version: str
    fields: tuple[InfoField, ...]
    devices: tuple[DeviceInfo, ...]


@dataclass(frozen=True)
class DeviceInventory:
    platforms: tuple[PlatformInfo, ...]
    problem: str | None = None  # why there is nothing to run on, and how to get a device
    unavailable_drivers: tuple[DriverProblem, ...] = ()  # installed, but giving no platform

    def devices(self) -> tuple[DeviceInfo, ...]:
        return tuple(d for p in self.platforms for d in p.devices)

    def select(self, selector: DeviceSelector | None) -> DeviceInfo | None:
        """The first device the selector matches; with no selector, the first device."""
        return next(
            (d for d in self.devices() if matches(selector, d.platform_name, d.name, d.type)),
            None,
        )


def device_type_name(bits: int) -> str:
    """One word for a CL_DEVICE_TYPE: "CPU", "GPU", "Accelerator", "Custom" or "Default".

    pyopencl's cl.device_type.to_string(2) says "ALL | CPU"; this says "CPU". Default is
    the answer only when the driver gives no other kind.
    """
    names = bit_names(bits, DEVICE_TYPES)
    specific = [n for n in names if n != "Default" and not n.startswith("unknown")]
    return specific[0] if specific else "Default"


def unavailable_field(
    name: str, label: str, group: str, reason: str, explanation: str
) -> InfoField:
    """A field the driver refused, saying why."""
    display = _UNAVAILABLE.format(reason=reason)
    return InfoField(name, label, group, None, display, explanation, False)


def in_group_order(fields: list[InfoField] | tuple[InfoField, ...]) -> tuple[InfoField, ...]:
    """Fields sorted by their group, in GROUP_ORDER."""
    return tuple(sorted(fields, key=lambda f: GROUP_ORDER.index(f.group)))


def inventory_to_json(inventory: DeviceInventory) -> dict[str, Any]:
    """The whole inventory as JSON-able data, with the OpenCL name of every field."""
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "problem": inventory.problem,
        "unavailable_drivers": [
            {"icd_file": d.icd_file, "library": d.library, "reason": d.reason}
            for d in inventory.unavailable_drivers
        ],
        "platforms": [
            {
                "index": p.index,
                "name": p.name,
                "vendor": p.vendor,
                "version": p.version,
                "fields": [_field_json(f) for f in p.fields],
                "devices": [
                    {
                        "index": d.index,
                        "name": d.name,
                        "type": d.type,
                        "version": d.version,
                        "fields": [_field_json(f) for f in d.fields],
                    }
                    for d in p.devices
                ],
            }
            for p in inventory.platforms
        ],
    }


def _field_json(field: InfoField) -> dict[str, Any]:
    return record_fields(
        field, "name", "label", "group", "raw", "display", "explanation", "available"
    )


TEXT_WIDTH = 100


def format_inventory(inventory: DeviceInventory) -> str:
    """Readable text like clinfo's: platforms, then their devices, fields grouped by topic,
    in the user's language."""
    lines = []
    if inventory.problem:
        lines += [*_fit(inventory.problem, TEXT_WIDTH), ""]
    count = len(inventory.platforms)
    lines.append(gettext("Number of platforms: {count}").format(count=count))
    for p in inventory.platforms:
        lines += ["", gettext("Platform {index}: {name}").format(index=p.index, name=p.name)]
        lines += _field_lines(p.fields, indent=2)
        count = len(p.devices)
        lines.append("  " + gettext("Number of devices: {count}").format(count=count))
        for d in p.devices:
            title = gettext("Device {platform}.{index}: {name} ({type})").format(
                platform=p.index, index=d.index, name=d.name, type=gettext(d.type)
            )
            lines += ["", "  " + title]
            lines += _field_lines(d.fields, indent=4)
    if inventory.unavailable_drivers:
        count = len(inventory.unavailable_drivers)
        lines += ["", gettext("Drivers that gave no platform: {count}").format(count=count)]
        for driver in inventory.unavailable_drivers:
            library = driver.library or gettext("names no library")
            lines.append(f"  {driver.icd_file} ({library})")
            lines += ["    " + line for line in _fit(driver.reason, TEXT_WIDTH - 4)]
    return "\n".join(lines) + "\n"


def _field_lines(fields: tuple[InfoField, ...], indent: int) -> list[str]:
    if not fields:
        return []
    label_width = max(_columns(f.shown_label) for f in fields) + 2
    value_width = max(TEXT_WIDTH - indent - 2 - label_width, 30)
    lines = []
    group = None
    for f in fields:
        if f.group != group:
            group = f.group
            lines.append(" " * indent + f"[{f.shown_group}]")
        first, *rest = _wrap(f.shown_display, value_width)
        padding = " " * (label_width - _columns(f.shown_label))
        lines.append(" " * (indent + 2) + f.shown_label + padding + first)
        lines += [" " * (indent + 2 + label_width) + line for line in rest]
    return lines


def _wrap(text: str, width: int) -> list[str]:
    """Lines of at most width, broken after commas first so list items stay whole."""
    lines: list[str] = []
    line = ""
    for item in text.split(", "):
        if line and _columns(line) + 2 + _columns(item) > width:
            lines.append(line + ",")
            line = item
        else:
            line = f"{line}, {item}" if line else item
    lines.append(line)
    return [part for line in lines for part in _fit(line, width)]


def _columns(text: str) -> int:
    """How many terminal columns text takes: a Chinese character takes two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


# A run of spaces, a word of narrow characters, or one wide (Chinese) character.
_PIECE = re.compile(r"\s+|[^\s\u1100-\uffff]+|\S")


def _fit(line: str, width: int) -> list[str]:
    """A line in lines of at most width columns. Chinese has no spaces between words, so
    it may break after any of its characters."""
    if _columns(line) == len(line):
        return textwrap.wrap(line, width, break_on_hyphens=False) or [line]
    lines: list[str] = []
    current = ""
    for piece in _PIECE.findall(line):
        if current.strip() and _columns(current + piece.rstrip()) > width:
            lines.append(current.rstrip())
            current = piece.lstrip()
        else:
            current += piece
    return [*lines, current.rstrip()]
