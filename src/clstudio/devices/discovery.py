"""Every OpenCL platform and device, with every info field its OpenCL version defines.

Discovery turns pyopencl objects into plain frozen data at once (clstudio.devices.inventory),
so no pyopencl object leaves it (only the engine holds live ones). A field the driver
refuses is kept and marked unavailable, and a machine without any platform gets an
inventory that says so: a learner always sees why. Only this module and raw_info import
pyopencl; the rest of the package stays importable in the window process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyopencl as cl

from clstudio.common import N_, gettext
from clstudio.devices import raw_info
from clstudio.devices.field_catalogue import (
    DEVICE_FIELDS,
    PLATFORM_FIELDS,
    FieldSpec,
    as_written,
    decode_bytes,
    display_value,
    plain_value,
)
from clstudio.devices.icd_entries import driver_problems
from clstudio.devices.inventory import (
    GET_A_PLATFORM,
    NO_PLATFORM_HELP,
    DeviceInfo,
    DeviceInventory,
    InfoField,
    PlatformInfo,
    device_type_name,
    find_field,
    in_group_order,
    unavailable_field,
)
from clstudio.devices.pip_runtimes import added_platforms_last
from clstudio.devices.versions import opencl_version

__all__ = ["discover"]


def discover() -> DeviceInventory:
    """Ask every platform and device for every field; driver problems never raise."""
    try:
        platforms = added_platforms_last(cl.get_platforms())
    except Exception as exc:  # the ICD loader's failures come as several exception types
        return DeviceInventory((), _no_platform_problem(exc), driver_problems())
    if not platforms:
        return DeviceInventory((), _no_platform_problem(None), driver_problems())
    found = tuple(_platform_info(i, p) for i, p in enumerate(platforms))
    problem = None
    if not any(p.devices for p in found):
        problem = gettext(
            "OpenCL platforms were found, but none has a device. {get_a_platform}"
        ).format(get_a_platform=gettext(GET_A_PLATFORM))
    return DeviceInventory(found, problem, driver_problems())


def _no_platform_problem(exc: Exception | None) -> str:
    if exc is None or "PLATFORM_NOT_FOUND" in str(exc):
        return gettext(NO_PLATFORM_HELP)
    return gettext("The OpenCL loader failed: {reason}. {get_a_platform}").format(
        reason=_reason(exc), get_a_platform=gettext(GET_A_PLATFORM)
    )


def _reason(exc: Exception) -> str:
    if isinstance(exc, cl.Error):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


def _platform_info(index: int, platform: cl.Platform) -> PlatformInfo:
    version_text = _ask_text(platform, cl.platform_info.VERSION)
    extensions = frozenset(_ask_text(platform, cl.platform_info.EXTENSIONS).split())
    version = opencl_version(version_text)
    fields = [
        _query(platform, spec, raw_info.platform_info, cl.platform_info)
        for spec in PLATFORM_FIELDS
        if spec.applies(version, extensions)
    ]
    name = _ask_text(platform, cl.platform_info.NAME)
    try:
        cl_devices = platform.get_devices()
    except Exception as exc:  # a broken driver; the platform is still worth showing
        cl_devices = []
        explanation = N_("The driver's list of this platform's devices.")
        fields.append(
            unavailable_field(
                "clGetDeviceIDs", N_("Devices"), "Identity", _reason(exc), explanation
            )
        )
    devices = tuple(_device_info(index, i, d, name, extensions) for i, d in enumerate(cl_devices))
    return PlatformInfo(
        index=index,
        name=name,
        vendor=_ask_text(platform, cl.platform_info.VENDOR),
        version=version_text,
        fields=in_group_order(fields),
        devices=devices,
    )


def _device_info(
    platform_index: int,
    index: int,
    device: cl.Device,
    platform_name: str,
    platform_extensions: frozenset[str],
) -> DeviceInfo:
    version_text = _ask_text(device, cl.device_info.VERSION)
    extensions = platform_extensions | frozenset(
        _ask_text(device, cl.device_info.EXTENSIONS).split()
    )
    version = opencl_version(version_text)
    fields = tuple(
        _query(device, spec, raw_info.device_info, cl.device_info)
        for spec in DEVICE_FIELDS
        if spec.applies(version, extensions)
    )
    type_field = find_field(fields, "CL_DEVICE_TYPE")
    type_bits = type_field.raw if type_field is not None and type_field.available else 0
    return DeviceInfo(
        platform_index=platform_index,
        index=index,
        name=_ask_text(device, cl.device_info.NAME) or f"device {index}",
        type=device_type_name(type_bits if isinstance(type_bits, int) else 0),
        version=version_text,
        platform_name=platform_name,
        fields=in_group_order(fields),
    )


def _ask_text(obj: Any, param: Any) -> str:
    try:
        return str(obj.get_info(param))
    except Exception:  # reported in full by the field of the same name
        return ""


def _query(
    obj: Any, spec: FieldSpec, ask_directly: Callable[[Any, int], bytes], info_names: Any
) -> InfoField:
    try:
        if spec.code is not None and raw_info.available():
            value = decode_bytes(spec.kind, ask_directly(obj, spec.code))
        elif spec.attr is not None:
            value = obj.get_info(getattr(info_names, spec.attr))
        else:
            raise raw_info.RawInfoError(N_("pyopencl has no query for it, nor a library to ask"))
        raw = plain_value(spec.kind, value)
        display = display_value(spec.kind, raw, as_written)
    except Exception as exc:  # drivers refuse in many ways; each becomes an unavailable field
        return unavailable_field(spec.name, spec.label, spec.group, _reason(exc), spec.explanation)
    return InfoField(
        spec.name, spec.label, spec.group, raw, display, spec.explanation, kind=spec.kind
    )
