"""Second starters for devices with a newer OpenCL C, and whether a device can build them.

Every exercise runs on OpenCL C 1.2. Some read more naturally in 2.0 (`work_group_reduce_add`
is a reduction in one call), so an exercise may add a variant: its own starter and solution,
built with the options it names, offered only on a device that offers its OpenCL C version
and features. Asking the device first names the real cause: PoCL takes `-cl-std=CL2.0`
(it lists OpenCL C 3.0) but lacks the 2.0 work-group functions, and its build then fails
with a message about mangled symbols.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common import N_, gettext
from clstudio.devices import DeviceInfo, opencl_version
from clstudio.devices.versions import version_text
from clstudio.session import Session

__all__ = ["Variant", "variant_problem"]

# OpenCL C 2.0 made these core; only a 3.0 device lists them, as optional features.
_FEATURE_PREFIX = "__opencl_c_"
NO_DEVICE = N_("No OpenCL device is chosen, so the starter “{title}” cannot be offered.")
TOO_OLD = N_(
    "The starter “{title}” needs OpenCL C {wanted}, which {device} does not build "
    "(it builds OpenCL C {offered})."
)
MISSING = N_("The starter “{title}” needs {missing}, which {device} does not offer.")


@dataclass(frozen=True)
class Variant:
    """A second starter, with the exercise's arguments, references and layout."""

    name: str  # as `clstudio exercise check --variant` takes it: "cl2"
    title: str  # "OpenCL C 2.0, work_group_reduce_add"
    opencl_c: tuple[int, int]  # the OpenCL C version its build options ask for
    features: tuple[str, ...]  # OpenCL C features (__opencl_c_...) or extensions (cl_...)
    session: Session  # the exercise's, with this starter and these build options
    solution: str

    @property
    def starter(self) -> str:
        return self.session.source


def variant_problem(variant: Variant, device: DeviceInfo | None) -> str | None:
    """Why `device` cannot build `variant`, in a sentence; None when it can."""
    if device is None:
        return gettext(NO_DEVICE).format(title=variant.title)
    wanted = variant.opencl_c
    offered = _languages(device)
    if not any(version >= wanted for version in offered):
        return gettext(TOO_OLD).format(
            title=variant.title,
            wanted=version_text(wanted),
            device=device.name,
            offered=", ".join(version_text(v) for v in sorted(offered)),
        )
    missing = [name for name in variant.features if not _offers(device, name)]
    if missing:
        return gettext(MISSING).format(
            title=variant.title, missing=", ".join(missing), device=device.name
        )
    return None


def _languages(device: DeviceInfo) -> set[tuple[int, int]]:
    """Every OpenCL C version `-cl-std` may ask of the device.

    A 3.0 device lists them (PoCL 3.0 lists 1.0 to 1.2 and 3.0, not 2.0); an older one
    gives its newest, and builds every version up to it.
    """
    listed = device.value("CL_DEVICE_OPENCL_C_ALL_VERSIONS")
    if isinstance(listed, list) and listed:
        return {opencl_version(f"OpenCL C {item['version']}") for item in listed}
    newest = opencl_version(str(device.value("CL_DEVICE_OPENCL_C_VERSION", "")))
    return {(1, minor) for minor in range(3)} | {newest}


def _offers(device: DeviceInfo, name: str) -> bool:
    """Whether the device has the OpenCL C feature or extension `name`."""
    extensions = device.value("CL_DEVICE_EXTENSIONS")
    if isinstance(extensions, list) and name in extensions:
        return True
    if not name.startswith(_FEATURE_PREFIX):
        return False
    listed = device.value("CL_DEVICE_OPENCL_C_FEATURES")
    if isinstance(listed, list):
        return name in {item["name"] for item in listed}
    return opencl_version(str(device.value("CL_DEVICE_OPENCL_C_VERSION", ""))) >= (2, 0)
