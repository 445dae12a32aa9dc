"""The session's buffers, images and __local arguments against the device's memory:
one allocation, all of global memory, local memory per work-group, constant buffers."""

from __future__ import annotations

from clstudio.common import N_, KernelSignature, RunError, format_bytes, gettext
from clstudio.devices import DeviceLimits
from clstudio.session import BufferArg, ImageArg, LocalArg, Session
from clstudio.validation.refusal import refusal

# Translators: {name} is a buffer's or an image's name, {size} and {most} are sizes in bytes.
_TOO_LARGE = {
    "buffer": N_(
        "buffer '{name}' needs {size}, but {device} allows at most {most} in one buffer "
        "(CL_DEVICE_MAX_MEM_ALLOC_SIZE)"
    ),
    "image": N_(
        "image '{name}' needs {size}, but {device} allows at most {most} in one image "
        "(CL_DEVICE_MAX_MEM_ALLOC_SIZE)"
    ),
}


def check_memory(session: Session, kernel: KernelSignature, limits: DeviceLimits) -> list[RunError]:
    """What the arguments need of the device's memories, each limit that they pass."""
    problems: list[RunError] = []
    total_global = 0
    local_bytes = 0
    constant_args = 0
    for info in kernel.args:
        spec = session.args.get(info.name)
        if isinstance(spec, BufferArg | ImageArg):
            total_global += spec.nbytes
            if spec.nbytes > limits.max_alloc:
                problems.append(
                    refusal(
                        gettext(_TOO_LARGE[spec.kind]).format(
                            name=info.name,
                            size=format_bytes(spec.nbytes),
                            device=limits.name,
                            most=format_bytes(limits.max_alloc),
                        ),
                        info.name,
                    )
                )
            if isinstance(spec, BufferArg) and info.address_space == "constant":
                constant_args += 1
                if spec.nbytes > limits.max_constant_buffer:
                    problems.append(
                        refusal(
                            gettext(
                                "__constant buffer '{name}' needs {size}, "
                                "but constant memory holds at most {most}: make it __global"
                            ).format(
                                name=info.name,
                                size=format_bytes(spec.nbytes),
                                most=format_bytes(limits.max_constant_buffer),
                            ),
                            info.name,
                        )
                    )
        elif isinstance(spec, LocalArg):
            local_bytes += spec.nbytes
    if total_global > limits.global_mem:
        problems.append(
            refusal(
                gettext(
                    "the buffers and images need {size} together, more than the "
                    "device's {most} of global memory"
                ).format(size=format_bytes(total_global), most=format_bytes(limits.global_mem))
            )
        )
    static = limits.kernel_local_mem
    if static > limits.local_mem:
        problems.append(
            refusal(
                gettext(
                    "the kernel's own __local arrays need {size} per work-group "
                    "(CL_KERNEL_LOCAL_MEM_SIZE), more than the {most} of "
                    "local memory on {device} (CL_DEVICE_LOCAL_MEM_SIZE): make them smaller"
                ).format(
                    size=format_bytes(static),
                    most=format_bytes(limits.local_mem),
                    device=limits.name,
                )
            )
        )
    elif local_bytes + static > limits.local_mem:
        if static:
            message = gettext(
                "the __local arguments need {size} per work-group, plus {static} for the "
                "kernel's own __local arrays, more than the {most} of local memory: lower "
                "their counts"
            )
        else:
            message = gettext(
                "the __local arguments need {size} per work-group, more than the {most} of "
                "local memory: lower their counts"
            )
        problems.append(
            refusal(
                message.format(
                    size=format_bytes(local_bytes),
                    static=format_bytes(static),
                    most=format_bytes(limits.local_mem),
                )
            )
        )
    if constant_args > limits.max_constant_args:
        problems.append(
            refusal(
                gettext(
                    "the kernel takes {count} __constant buffers; this device allows {most}"
                ).format(count=constant_args, most=limits.max_constant_args)
            )
        )
    return problems
