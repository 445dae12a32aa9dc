"""The NDRange against the device: dimensions, work-item and work-group limits, and
OpenCL 1.2's full work-groups (a smaller last work-group where OpenCL C 2.0 allows it)."""

from __future__ import annotations

import math

from clstudio.common import RunError, gettext
from clstudio.devices import DeviceLimits, wanted_language
from clstudio.validation.refusal import refusal


def check_ndrange(
    global_size: tuple[int, ...],
    local_size: tuple[int, ...] | None,
    limits: DeviceLimits,
    build_options: str = "",
) -> list[RunError]:
    """Problems with the NDRange; the arguments panel shows these before Run, too."""
    dims = len(global_size)
    max_dims = len(limits.max_work_item_sizes)
    if not 1 <= dims <= max_dims:
        return [
            refusal(
                gettext(
                    "the global size has {dims} dimensions; the device allows 1 to {most}"
                ).format(dims=dims, most=max_dims)
            )
        ]
    if any(g < 1 for g in global_size):
        message = gettext("every global size must be at least 1, got {sizes}")
        return [refusal(message.format(sizes=list(global_size)))]
    if local_size is None:
        return []
    if len(local_size) != dims:
        return [
            refusal(
                gettext(
                    "the local size {local} has {local_dims} dimensions but the "
                    "global size {global_} has {dims}"
                ).format(
                    local=list(local_size),
                    local_dims=len(local_size),
                    global_=list(global_size),
                    dims=dims,
                )
            )
        ]
    problems: list[RunError] = []
    for d, (size, most) in enumerate(zip(local_size, limits.max_work_item_sizes, strict=False)):
        if size < 1:
            message = gettext("the local size in dimension {dim} must be at least 1")
            problems.append(refusal(message.format(dim=d)))
        elif size > most:
            problems.append(
                refusal(
                    gettext(
                        "the local size {size} in dimension {dim} is over the device limit of "
                        "{most} (CL_DEVICE_MAX_WORK_ITEM_SIZES)"
                    ).format(size=size, dim=d, most=most)
                )
            )
    group = math.prod(local_size)
    if group > limits.max_work_group_size:
        problems.append(
            refusal(
                gettext(
                    "a work-group of {sizes} = {count} work-items is over "
                    "the limit of {most} for this kernel on this device"
                ).format(
                    sizes=" x ".join(map(str, local_size)),
                    count=group,
                    most=limits.max_work_group_size,
                )
            )
        )
    if non_uniform_allowed(limits, build_options):
        return problems
    for d, (g, size) in enumerate(zip(global_size, local_size, strict=True)):
        if size >= 1 and g % size:
            up = -(-g // size) * size
            problems.append(refusal(_not_full(limits, build_options, g, d, size, up)))
    return problems


def non_uniform_allowed(limits: DeviceLimits, build_options: str) -> bool:
    """Whether work-groups may leave the global size's remainder to a smaller last group:
    the device supports it (OpenCL 2.0, or 3.0 with the feature), the build asks for OpenCL
    C 2.0 or later (the driver's default is 1.2), and not for uniform work-groups."""
    tokens = build_options.split()
    return (
        limits.non_uniform_work_groups
        and _asked_language(tokens) >= (2, 0)
        and _UNIFORM not in tokens
    )


def _not_full(limits: DeviceLimits, build_options: str, g: int, d: int, size: int, up: int) -> str:
    """Why the last work-group of dimension `d` may not be smaller, and what to do."""
    values = {"global_": g, "dim": d, "size": size, "up": up, "groups": g // size, "rest": g % size}
    if not limits.non_uniform_work_groups:
        return gettext(
            "the global size {global_} in dimension {dim} is not a multiple of "
            "the local size {size} ({global_} = {groups} x {size} + {rest}): "
            "OpenCL 1.2 needs every work-group to be full. Round the global "
            "size up to {up} (and skip the extra work-items in the kernel), or "
            "pick a local size that divides it, or 'auto'"
        ).format(**values)
    if _UNIFORM in build_options.split():
        return gettext(
            "the global size {global_} in dimension {dim} is not a multiple of the local size "
            "{size} ({global_} = {groups} x {size} + {rest}), and the build options ask for "
            "full work-groups ({option}): remove that option, round the global size up to "
            "{up}, or pick a local size that divides it"
        ).format(option=_UNIFORM, **values)
    return gettext(
        "the global size {global_} in dimension {dim} is not a multiple of the local size "
        "{size} ({global_} = {groups} x {size} + {rest}): this device runs a smaller last "
        "work-group only for a build as OpenCL C 2.0 or later; add -cl-std=CL2.0 (or CL3.0) "
        "to the build options, round the global size up to {up}, or pick a local size "
        "that divides it"
    ).format(**values)


_UNIFORM = "-cl-uniform-work-group-size"


def _asked_language(tokens: list[str]) -> tuple[int, int]:
    """The OpenCL C version the build asks for; 1.2, the drivers' default, without -cl-std."""
    return wanted_language(tokens) or (1, 2)
