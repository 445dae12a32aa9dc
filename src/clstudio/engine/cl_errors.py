"""OpenCL error codes in plain words, for errors that validation could not foresee."""

from __future__ import annotations

from clstudio.common import N_, gettext

_PLAIN_WORDS = {
    "MEM_OBJECT_ALLOCATION_FAILURE": N_("the device ran out of memory for the buffers"),
    "OUT_OF_RESOURCES": N_("the device ran out of resources (memory, registers or local memory)"),
    "OUT_OF_HOST_MEMORY": N_("the computer ran out of memory"),
    "INVALID_WORK_GROUP_SIZE": N_(
        "the local size does not suit this kernel: it must divide the global size and stay "
        "within the kernel's work-group limit"
    ),
    "INVALID_WORK_ITEM_SIZE": N_("a local size is over the device's limit in its dimension"),
    "INVALID_GLOBAL_WORK_SIZE": N_("the global size is not valid for this device"),
    "INVALID_KERNEL_ARGS": N_("a kernel argument has not been set"),
    "INVALID_ARG_SIZE": N_("an argument's size does not match the kernel's declaration"),
    "INVALID_ARG_VALUE": N_("an argument's value is not valid for its declaration"),
    "INVALID_BUFFER_SIZE": N_("a buffer size is zero or over the device's allocation limit"),
    "INVALID_BUILD_OPTIONS": N_("the build options are not valid"),
    "INVALID_KERNEL_NAME": N_("the program has no kernel of that name"),
    "INVALID_VALUE": N_("a value passed to OpenCL is not valid"),
    "INVALID_OPERATION": N_("the operation is not allowed here"),
    "INVALID_MEM_OBJECT": N_("a buffer is not valid"),
    "INVALID_COMMAND_QUEUE": N_(
        "the command queue is no longer valid (the device may have failed)"
    ),
    "MISALIGNED_SUB_BUFFER_OFFSET": N_("a sub-buffer offset breaks the device's alignment"),
    "EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST": N_("an earlier command failed"),
}


# Errors a GPU driver reports after the launch, at the next wait or read, when a kernel
# faulted: CL_OUT_OF_RESOURCES (NVIDIA's usual word for an illegal address), a queue that
# the fault left invalid, and NVIDIA's unofficial -9999 ("illegal read or write to a
# buffer"). The context is unusable afterwards on NVIDIA: the engine drops it.
_LATE_FAULT_CODES = frozenset({-5, -36, -9999})
_LATE_FAULT_NAMES = ("OUT_OF_RESOURCES", "INVALID_COMMAND_QUEUE", "-9999")


def is_late_fault(error: Exception) -> bool:
    """Whether `error` may be a kernel's bad access that the device reported late."""
    code = getattr(error, "code", None)
    if isinstance(code, int) and code in _LATE_FAULT_CODES:
        return True
    return any(name in str(error) for name in _LATE_FAULT_NAMES)


def late_fault_words(error: Exception) -> str:
    """The run's message for a late fault: what it may be, and check mode to find it."""
    return gettext(
        "{error}. On a GPU this usually means the kernel read or wrote outside a buffer, "
        "reported late (at the next wait), or needed more registers or local memory than "
        "its local size allows. Check mode (Run > Check, or clstudio check) runs the kernel "
        "in a simulator that names the line of a bad access. The next run starts with a "
        "fresh context."
    ).format(error=plain_words(error))


def plain_words(error: Exception) -> str:
    """`clEnqueueNDRangeKernel failed: INVALID_WORK_GROUP_SIZE` told for a learner."""
    text = str(error).strip()
    code_name = getattr(getattr(error, "code", None), "name", None)
    for name, words in _PLAIN_WORDS.items():
        if name == code_name or name in text:
            routine = getattr(error, "routine", "") or ""
            if routine:
                said = gettext("{explanation} ({routine} said {name})")
            else:
                said = gettext("{explanation} ({name})")
            return said.format(explanation=gettext(words), routine=routine, name=name)
    return text or type(error).__name__
