"""The OpenCL C version a build asks for (`-cl-std=CLx.y`) against what the device offers.

A driver may accept a newer `-cl-std` than it implements: PoCL 3.0-rc2 takes `-cl-std=CL2.0`,
then fails to link `work_group_reduce_add` with a message about mangled symbols. Refusing
before the build names the real cause.
"""

from __future__ import annotations

from clstudio.common import N_, gettext
from clstudio.devices import SIMULATOR_PLATFORM, opencl_version, wanted_language

# The versions -cl-std may name; any other is the driver's to reject as an invalid option.
OPENCL_C_VERSIONS = ((1, 0), (1, 1), (1, 2), (2, 0), (3, 0))
# Oclgrind 21.10 says OpenCL C 1.2 yet builds -cl-std=CL2.0 and simulates what its own
# tests use of it (program-scope globals, non-uniform work-groups, get_enqueued_local_size);
# the 2.0 built-ins it lacks are refused by name in check mode (checkmode.check_plan).
_BUILDS_CL2 = ((SIMULATOR_PLATFORM, (2, 0)),)
GET_A_NEWER_DEVICE = N_(
    "Choose a device that offers it under Devices, or add one with Devices > Add a device…"
)


def language_problem(tokens: list[str], device_name: str, c_version_text: str) -> str | None:
    """Why the device cannot build for the asked OpenCL C version; None when it can."""
    wanted = wanted_language(tokens)
    if wanted not in OPENCL_C_VERSIONS:
        return None
    offered = opencl_version(c_version_text)
    if wanted <= offered or any(
        name.casefold() in device_name.casefold() and wanted == version
        for name, version in _BUILDS_CL2
    ):
        return None
    return gettext("needs OpenCL C {wanted}; {device} offers {offered}. {advice}").format(
        wanted=f"{wanted[0]}.{wanted[1]}",
        device=device_name,
        offered=f"{offered[0]}.{offered[1]}",
        advice=gettext(GET_A_NEWER_DEVICE),
    )
