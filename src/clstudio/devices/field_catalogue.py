"""The catalogue of OpenCL platform and device info fields, and how to show each to a learner.

One row per info parameter: what `clinfo` prints, plus the common vendor queries pyopencl
wraps. Each row gives the pyopencl attribute (or the numeric code of a query asked
directly, see `raw_info`), a label, a group, a formatter kind, the OpenCL version or
extension that defines it, and one line for a learner. The formatters turn raw values
into plain JSON-able data and into text in human units.

Labels, explanations, group names and the words of the formatters are marked with N_:
the data (and --json) keeps them in English, and a reader gets them in the user's
language through gettext (InfoField's `shown_` texts, `group_title`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from clstudio.common import N_, gettext, units

GROUP_ORDER = (
    N_("Identity"),
    N_("Compute"),
    N_("Work sizes"),
    N_("Vector widths"),
    N_("Floating point"),
    N_("Memory"),
    N_("Atomics and SVM"),
    N_("Images"),
    N_("Pipes"),
    N_("Queues and timing"),
    N_("Programs"),
    N_("Partitioning"),
    N_("Extensions"),
    N_("Vendor specific"),
)


@dataclass(frozen=True)
class FieldSpec:
    name: str  # OpenCL name, e.g. "CL_DEVICE_MAX_COMPUTE_UNITS"
    attr: str | None  # attribute of cl.device_info / cl.platform_info, if pyopencl has one
    code: int | None  # numeric code for a direct query; None: ask through pyopencl
    label: str
    group: str
    kind: str  # a key of FORMATTERS
    since: tuple[int, int] | None  # OpenCL version that defines it; None: extension only
    extension: str | None  # an extension that also defines it
    explanation: str

    def applies(self, version: tuple[int, int], extensions: frozenset[str]) -> bool:
        """Whether an object of this OpenCL version, with these extensions, defines it."""
        in_core = self.since is not None and version >= self.since
        return in_core or self.extension in extensions


# Queries asked directly, keyed like the rows below: pyopencl lacks them or reads them wrongly.
_DIRECT_CODES = {
    "CL_PLATFORM_ICD_SUFFIX_KHR": 0x0920,
    "PRINTF_BUFFER_SIZE": 0x1049,
    "DEVICE_ENQUEUE_CAPABILITIES": 0x1070,
    "CL_DEVICE_IMAGE_PITCH_ALIGNMENT": 0x104A,
    "CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT": 0x104B,
    "CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED": 0x1072,
    "CL_DEVICE_UUID_KHR": 0x106A,
    "CL_DRIVER_UUID_KHR": 0x106B,
}

_AMD = "cl_amd_device_attribute_query"
_NV = "cl_nv_device_attribute_query"

# Rows: (pyopencl attribute or full OpenCL name, label, kind, "version|extension", explanation)
# fmt: off
_PLATFORM_ROWS: dict[str, tuple[tuple[str, str, str, str, str], ...]] = {
    "Identity": (
        ("NAME", N_("Name"), "text", "1.0",
         N_("The platform's name: each platform is one installed OpenCL driver (ICD).")),
        ("VENDOR", N_("Vendor"), "text", "1.0", N_("Who makes this driver.")),
        ("VERSION", N_("Version"), "text", "1.0",
         N_("Highest OpenCL version the platform supports, then vendor details.")),
        ("NUMERIC_VERSION", N_("Numeric version"), "version", "3.0",
         N_("The same OpenCL version as major.minor.patch, for programs to compare.")),
        ("PROFILE", N_("Profile"), "text", "1.0",
         N_("FULL_PROFILE, or EMBEDDED_PROFILE: a reduced OpenCL for small devices.")),
        ("CL_PLATFORM_ICD_SUFFIX_KHR", N_("ICD function suffix"), "text", "cl_khr_icd",
         N_("Suffix of this driver's extension functions, as the ICD loader knows it.")),
    ),
    "Queues and timing": (
        ("HOST_TIMER_RESOLUTION", N_("Host timer resolution"), "ns", "2.1",
         N_("Tick of the host clock that clGetHostTimer reads; 0 if there is none.")),
    ),
    "Extensions": (
        ("EXTENSIONS", N_("Extensions"), "words", "1.0",
         N_("Optional features this platform adds to core OpenCL.")),
        ("EXTENSIONS_WITH_VERSION", N_("Extensions with version"), "name_versions", "3.0",
         N_("The same extensions, each with its version.")),
    ),
}

_DEVICE_ROWS: dict[str, tuple[tuple[str, str, str, str, str], ...]] = {
    "Identity": (
        ("NAME", N_("Name"), "text", "1.0", N_("The device's name as its driver reports it.")),
        ("VENDOR", N_("Vendor"), "text", "1.0", N_("Who makes the device.")),
        ("VENDOR_ID", N_("Vendor ID"), "hex", "1.0",
         N_("A number for the vendor, often its PCI ID "
            "(0x8086 Intel, 0x10de NVIDIA, 0x1002 AMD).")),
        ("TYPE", N_("Type"), "device_type", "1.0",
         N_("CPU, GPU, Accelerator or Custom: what kind of processor runs the kernels.")),
        ("VERSION", N_("Version"), "text", "1.0",
         N_("OpenCL version the device supports, then driver details.")),
        ("NUMERIC_VERSION", N_("Numeric version"), "version", "3.0",
         N_("The device's OpenCL version as major.minor.patch.")),
        ("DRIVER_VERSION", N_("Driver version"), "text", "1.0",
         N_("Version of the driver software, in the vendor's own numbering.")),
        ("PROFILE", N_("Profile"), "text", "1.0",
         N_("FULL_PROFILE, or EMBEDDED_PROFILE: a reduced OpenCL for small devices.")),
        ("OPENCL_C_VERSION", N_("OpenCL C version"), "text", "1.1",
         N_("Highest OpenCL C language version its compiler accepts (pick with -cl-std=).")),
        ("OPENCL_C_ALL_VERSIONS", N_("OpenCL C versions"), "name_versions", "3.0",
         N_("Every OpenCL C language version its compiler accepts.")),
        ("CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED", N_("Latest conformance test passed"),
         "text", "3.0", N_("Date-stamped version of the Khronos conformance tests it passed.")),
        ("AVAILABLE", N_("Available"), "bool", "1.0",
         N_("Whether the device can take work right now.")),
        ("PLATFORM", N_("Platform"), "handle", "1.0",
         N_("The platform (driver) this device belongs to.")),
        ("CL_DEVICE_UUID_KHR", N_("Device UUID"), "uuid", "cl_khr_device_uuid",
         N_("A unique ID that names this device across APIs (OpenCL, Vulkan, ...).")),
        ("CL_DRIVER_UUID_KHR", N_("Driver UUID"), "uuid", "cl_khr_device_uuid",
         N_("A unique ID of the driver build; memory is shared only between equal ones.")),
    ),
    "Compute": (
        ("MAX_COMPUTE_UNITS", N_("Max compute units"), "count", "1.0",
         N_("Units that each run work-groups in parallel; on a CPU, its hardware threads.")),
        ("MAX_CLOCK_FREQUENCY", N_("Max clock frequency"), "mhz", "1.0",
         N_("Highest clock rate; a nominal figure, not the speed a kernel will see.")),
        ("EXECUTION_CAPABILITIES", N_("Execution capabilities"), "exec_caps", "1.0",
         N_("What it can run: OpenCL kernels, and on some CPUs native host functions.")),
    ),
    "Work sizes": (
        ("MAX_WORK_ITEM_DIMENSIONS", N_("Max work item dimensions"), "count", "1.0",
         N_("How many dimensions an NDRange can have (at least 3).")),
        ("MAX_WORK_ITEM_SIZES", N_("Max work item sizes"), "sizes", "1.0",
         N_("Largest local (work-group) size along each dimension.")),
        ("MAX_WORK_GROUP_SIZE", N_("Max work group size"), "count", "1.0",
         N_("Most work-items in one work-group, all dimensions multiplied; "
            "kernels may allow less.")),
        ("PREFERRED_WORK_GROUP_SIZE_MULTIPLE", N_("Preferred work group size multiple"), "count",
         "3.0", N_("Make the work-group size a multiple of this to keep the hardware busy.")),
        ("NON_UNIFORM_WORK_GROUP_SUPPORT", N_("Non-uniform work groups"), "bool", "3.0",
         N_("Whether the global size may be a non-multiple of the local size "
            "(smaller last group).")),
        ("WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT", N_("Work-group collective functions"), "bool",
         "3.0", N_("Whether work_group_reduce, _scan and _broadcast are available to kernels.")),
        ("MAX_NUM_SUB_GROUPS", N_("Max sub-groups per work group"), "count", "2.1",
         N_("Most sub-groups (hardware-sized slices of a work-group) in one work-group; 0: none.")),
        ("SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS", N_("Sub-group independent forward progress"),
         "bool", "2.1", N_("Whether a sub-group can progress while another waits (spin locks).")),
    ),
    "Vector widths": (
        ("PREFERRED_VECTOR_WIDTH_CHAR", N_("Preferred vector width (char)"), "count", "1.0",
         N_("Width of char vectors the compiler runs best; write charN with this N.")),
        ("NATIVE_VECTOR_WIDTH_CHAR", N_("Native vector width (char)"), "count", "1.1",
         N_("Width of char vectors the hardware handles in one instruction.")),
        ("PREFERRED_VECTOR_WIDTH_SHORT", N_("Preferred vector width (short)"), "count", "1.0",
         N_("Width of short vectors the compiler runs best.")),
        ("NATIVE_VECTOR_WIDTH_SHORT", N_("Native vector width (short)"), "count", "1.1",
         N_("Width of short vectors the hardware handles in one instruction.")),
        ("PREFERRED_VECTOR_WIDTH_INT", N_("Preferred vector width (int)"), "count", "1.0",
         N_("Width of int vectors the compiler runs best.")),
        ("NATIVE_VECTOR_WIDTH_INT", N_("Native vector width (int)"), "count", "1.1",
         N_("Width of int vectors the hardware handles in one instruction.")),
        ("PREFERRED_VECTOR_WIDTH_LONG", N_("Preferred vector width (long)"), "count", "1.0",
         N_("Width of long vectors the compiler runs best.")),
        ("NATIVE_VECTOR_WIDTH_LONG", N_("Native vector width (long)"), "count", "1.1",
         N_("Width of long vectors the hardware handles in one instruction.")),
        ("PREFERRED_VECTOR_WIDTH_HALF", N_("Preferred vector width (half)"), "count", "1.1",
         N_("Width of half vectors the compiler runs best; 0 if half is not supported.")),
        ("NATIVE_VECTOR_WIDTH_HALF", N_("Native vector width (half)"), "count", "1.1",
         N_("Width of half vectors the hardware handles in one instruction; 0: no half.")),
        ("PREFERRED_VECTOR_WIDTH_FLOAT", N_("Preferred vector width (float)"), "count", "1.0",
         N_("Width of float vectors the compiler runs best.")),
        ("NATIVE_VECTOR_WIDTH_FLOAT", N_("Native vector width (float)"), "count", "1.1",
         N_("Width of float vectors the hardware handles in one instruction.")),
        ("PREFERRED_VECTOR_WIDTH_DOUBLE", N_("Preferred vector width (double)"), "count", "1.0",
         N_("Width of double vectors the compiler runs best; 0 if double is not supported.")),
        ("NATIVE_VECTOR_WIDTH_DOUBLE", N_("Native vector width (double)"), "count", "1.1",
         N_("Width of double vectors the hardware handles in one instruction; 0: no double.")),
    ),
    "Floating point": (
        ("HALF_FP_CONFIG", N_("Half precision (16-bit)"), "fp_config", "1.0",
         N_("What half arithmetic guarantees; needs the cl_khr_fp16 extension.")),
        ("SINGLE_FP_CONFIG", N_("Single precision (float)"), "fp_config", "1.0",
         N_("What float arithmetic guarantees: denormals, INF/NaN, rounding modes, fma.")),
        ("DOUBLE_FP_CONFIG", N_("Double precision (double)"), "fp_config", "1.2|cl_khr_fp64",
         N_("What double arithmetic guarantees; 'not supported' if there are no doubles.")),
    ),
    "Memory": (
        ("ADDRESS_BITS", N_("Address bits"), "count", "1.0",
         N_("Width of a device pointer: 32 or 64 bits.")),
        ("ENDIAN_LITTLE", N_("Little endian"), "bool", "1.0",
         N_("Byte order; x86 and ARM hosts are little endian too, so data needs no swapping.")),
        ("GLOBAL_MEM_SIZE", N_("Global memory size"), "bytes", "1.0",
         N_("Size of global memory, where buffers live.")),
        ("MAX_MEM_ALLOC_SIZE", N_("Max memory allocation"), "bytes", "1.0",
         N_("Largest single buffer you may allocate (at least a quarter of global memory).")),
        ("ERROR_CORRECTION_SUPPORT", N_("Error correction (ECC)"), "bool", "1.0",
         N_("Whether memory corrects bit flips (ECC), as server GPUs do.")),
        ("HOST_UNIFIED_MEMORY", N_("Unified memory with host"), "bool", "1.1",
         N_("Whether device and host share physical memory, so copies are cheap.")),
        ("GLOBAL_MEM_CACHE_TYPE", N_("Global memory cache type"), "cache_type", "1.0",
         N_("Whether reads of global memory go through a cache, read-only or read/write.")),
        ("GLOBAL_MEM_CACHE_SIZE", N_("Global memory cache size"), "bytes", "1.0",
         N_("Size of that cache; data reused while it fits here is fast.")),
        ("GLOBAL_MEM_CACHELINE_SIZE", N_("Global memory cache line size"), "bytes", "1.0",
         N_("Bytes fetched together; neighbouring work-items reading one line share a fetch.")),
        ("LOCAL_MEM_TYPE", N_("Local memory type"), "local_mem_type", "1.0",
         N_("Dedicated fast on-chip memory (GPUs) or a part of global memory (CPUs).")),
        ("LOCAL_MEM_SIZE", N_("Local memory size"), "bytes", "1.0",
         N_("__local memory a work-group may use, shared by its work-items.")),
        ("MAX_CONSTANT_BUFFER_SIZE", N_("Max constant buffer size"), "bytes", "1.0",
         N_("Largest __constant buffer a kernel can take.")),
        ("MAX_CONSTANT_ARGS", N_("Max constant arguments"), "count", "1.0",
         N_("Most __constant pointer arguments one kernel may have.")),
        ("MEM_BASE_ADDR_ALIGN", N_("Buffer base address alignment"), "bits", "1.0",
         N_("Alignment of every buffer's start address (the spec gives it in bits).")),
        ("MIN_DATA_TYPE_ALIGN_SIZE", N_("Min data type alignment"), "bytes", "1.0",
         N_("Smallest alignment of any data type (deprecated since OpenCL 1.2).")),
        ("MAX_GLOBAL_VARIABLE_SIZE", N_("Max global variable size"), "bytes", "2.0",
         N_("Largest program-scope __global variable; 0 if they are not supported.")),
        ("GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE", N_("Preferred total size of global variables"),
         "bytes", "2.0", N_("Keep all program-scope __global variables under this for speed.")),
        ("GENERIC_ADDRESS_SPACE_SUPPORT", N_("Generic address space"), "bool", "3.0",
         N_("Whether a pointer without __global/__local/__private works with any of them.")),
    ),
    "Atomics and SVM": (
        ("SVM_CAPABILITIES", N_("Shared virtual memory (SVM)"), "svm_caps", "2.0",
         N_("Kinds of memory whose pointers mean the same on host and device.")),
        ("PREFERRED_PLATFORM_ATOMIC_ALIGNMENT", N_("Preferred SVM atomic alignment"), "bytes",
         "2.0", N_("Best alignment for atomics shared with the host; 0: natural alignment.")),
        ("PREFERRED_GLOBAL_ATOMIC_ALIGNMENT", N_("Preferred global atomic alignment"), "bytes",
         "2.0", N_("Best alignment for atomics in global memory; 0: natural alignment.")),
        ("PREFERRED_LOCAL_ATOMIC_ALIGNMENT", N_("Preferred local atomic alignment"), "bytes", "2.0",
         N_("Best alignment for atomics in local memory; 0: natural alignment.")),
        ("ATOMIC_MEMORY_CAPABILITIES", N_("Atomic memory capabilities"), "atomic_caps", "3.0",
         N_("Memory orders and scopes that atomic operations support.")),
        ("ATOMIC_FENCE_CAPABILITIES", N_("Atomic fence capabilities"), "atomic_caps", "3.0",
         N_("Memory orders and scopes that atomic_work_item_fence supports.")),
    ),
    "Images": (
        ("IMAGE_SUPPORT", N_("Image support"), "bool", "1.0",
         N_("Whether kernels can use image objects and samplers (texture hardware on GPUs).")),
        ("MAX_SAMPLERS", N_("Max samplers per kernel"), "count", "1.0",
         N_("Most samplers one kernel may use.")),
        ("MAX_READ_IMAGE_ARGS", N_("Max read image arguments"), "count", "1.0",
         N_("Most read_only image arguments one kernel may have.")),
        ("MAX_WRITE_IMAGE_ARGS", N_("Max write image arguments"), "count", "1.0",
         N_("Most write_only image arguments one kernel may have.")),
        ("MAX_READ_WRITE_IMAGE_ARGS", N_("Max read/write image arguments"), "count", "2.0",
         N_("Most read_write image arguments one kernel may have.")),
        ("IMAGE2D_MAX_WIDTH", N_("Max 2D image width"), "pixels", "1.0", N_("Widest 2D image.")),
        ("IMAGE2D_MAX_HEIGHT", N_("Max 2D image height"), "pixels", "1.0", N_("Tallest 2D image.")),
        ("IMAGE3D_MAX_WIDTH", N_("Max 3D image width"), "pixels", "1.0", N_("Widest 3D image.")),
        ("IMAGE3D_MAX_HEIGHT", N_("Max 3D image height"), "pixels", "1.0", N_("Tallest 3D image.")),
        ("IMAGE3D_MAX_DEPTH", N_("Max 3D image depth"), "pixels", "1.0", N_("Deepest 3D image.")),
        ("IMAGE_MAX_BUFFER_SIZE", N_("Max 1D image from buffer"), "pixels", "1.2",
         N_("Most pixels in a 1D image made from a buffer.")),
        ("IMAGE_MAX_ARRAY_SIZE", N_("Max image array size"), "count", "1.2",
         N_("Most images in a 1D or 2D image array.")),
        ("CL_DEVICE_IMAGE_PITCH_ALIGNMENT", N_("Pitch alignment for 2D images from buffers"),
         "pixels", "2.0",
         N_("A 2D image made from a buffer needs rows padded to this many pixels.")),
        ("CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT", N_("Base alignment for 2D images from buffers"),
         "pixels", "2.0", N_("Host memory behind a 2D image from a buffer is aligned to this.")),
    ),
    "Pipes": (
        ("PIPE_SUPPORT", N_("Pipe support"), "bool", "3.0",
         N_("Whether kernels can pass data through pipes (FIFO queues between kernels).")),
        ("MAX_PIPE_ARGS", N_("Max pipe arguments"), "count", "2.0",
         N_("Most pipe arguments one kernel may have.")),
        ("PIPE_MAX_ACTIVE_RESERVATIONS", N_("Max active pipe reservations"), "count", "2.0",
         N_("Most pipe reservations a work-item may hold at once.")),
        ("PIPE_MAX_PACKET_SIZE", N_("Max pipe packet size"), "bytes", "2.0",
         N_("Largest single packet a pipe can carry.")),
    ),
    "Queues and timing": (
        ("QUEUE_ON_HOST_PROPERTIES", N_("Queue properties (on host)"), "queue_props", "1.0",
         N_("Options a command queue accepts: out-of-order execution, profiling.")),
        ("DEVICE_ENQUEUE_CAPABILITIES", N_("Device enqueue capabilities"), "enqueue_caps", "3.0",
         N_("Whether kernels can enqueue further kernels themselves (device-side enqueue).")),
        ("QUEUE_ON_DEVICE_PROPERTIES", N_("Queue properties (on device)"), "queue_props", "2.0",
         N_("Options of queues that kernels enqueue into.")),
        ("QUEUE_ON_DEVICE_PREFERRED_SIZE", N_("Preferred on-device queue size"), "bytes", "2.0",
         N_("Size of an on-device queue that runs well.")),
        ("QUEUE_ON_DEVICE_MAX_SIZE", N_("Max on-device queue size"), "bytes", "2.0",
         N_("Largest on-device queue.")),
        ("MAX_ON_DEVICE_QUEUES", N_("Max on-device queues"), "count", "2.0",
         N_("Most on-device queues per context.")),
        ("MAX_ON_DEVICE_EVENTS", N_("Max on-device events"), "count", "2.0",
         N_("Most events a kernel may have in flight on device queues.")),
        ("PROFILING_TIMER_RESOLUTION", N_("Profiling timer resolution"), "ns", "1.0",
         N_("Tick of the clock behind event timestamps: timings are no finer than this.")),
        ("PREFERRED_INTEROP_USER_SYNC", N_("Prefer user sync for interop"), "bool", "1.2",
         N_("Whether the program itself should sync before sharing memory with OpenGL/DirectX.")),
    ),
    "Programs": (
        ("COMPILER_AVAILABLE", N_("Compiler available"), "bool", "1.0",
         N_("Whether the driver can compile OpenCL C source (embedded devices may not).")),
        ("LINKER_AVAILABLE", N_("Linker available"), "bool", "1.2",
         N_("Whether separately compiled programs can be linked together.")),
        ("MAX_PARAMETER_SIZE", N_("Max kernel argument size"), "bytes", "1.0",
         N_("Largest total size of one kernel's arguments.")),
        ("PRINTF_BUFFER_SIZE", N_("printf buffer size"), "bytes", "1.2",
         N_("Room for printf output from one kernel run; output past it is lost.")),
        ("IL_VERSION", N_("Intermediate languages"), "words", "2.1|cl_khr_il_program",
         N_("Intermediate languages (such as SPIR-V) programs can be loaded from.")),
        ("ILS_WITH_VERSION", N_("Intermediate languages with version"), "name_versions", "3.0",
         N_("The same intermediate languages, each with its version.")),
        ("SPIR_VERSIONS", N_("SPIR versions"), "words", "cl_khr_spir",
         N_("Versions of SPIR (the older LLVM-based portable binary) it accepts.")),
        ("BUILT_IN_KERNELS", N_("Built-in kernels"), "words", "1.2",
         N_("Kernels the device provides built in (fixed-function hardware), no source needed.")),
        ("BUILT_IN_KERNELS_WITH_VERSION", N_("Built-in kernels with version"), "name_versions",
         "3.0", N_("The same built-in kernels, each with its version.")),
    ),
    "Partitioning": (
        ("PARTITION_MAX_SUB_DEVICES", N_("Max sub-devices"), "count", "1.2",
         N_("Most sub-devices this device can be split into; 0 if it cannot be split.")),
        ("PARTITION_PROPERTIES", N_("Partition types"), "partition_props", "1.2",
         N_("Ways to split it: equally, by counts of compute units, or by affinity domain.")),
        ("PARTITION_AFFINITY_DOMAIN", N_("Partition affinity domains"), "affinity", "1.2",
         N_("Hardware boundaries it can be split along: NUMA nodes, shared caches.")),
        ("PARTITION_TYPE", N_("Partition type"), "partition_type", "1.2",
         N_("How this device was split from its parent; none for a whole device.")),
        ("PARENT_DEVICE", N_("Parent device"), "handle", "1.2",
         N_("The device this one was split from; none for a whole device.")),
        ("REFERENCE_COUNT", N_("Reference count"), "count", "1.2",
         N_("References the runtime holds on this device; always 1 for a whole device.")),
    ),
    "Extensions": (
        ("EXTENSIONS", N_("Extensions"), "words", "1.0",
         N_("Optional features beyond core OpenCL; kernels test them with #ifdef.")),
        ("EXTENSIONS_WITH_VERSION", N_("Extensions with version"), "name_versions", "3.0",
         N_("The same extensions, each with its version.")),
        ("OPENCL_C_FEATURES", N_("OpenCL C features"), "name_versions", "3.0",
         N_("Optional OpenCL C 3.0 features the compiler supports (macros like __opencl_c_fp64).")),
    ),
    "Vendor specific": (
        ("BOARD_NAME_AMD", N_("Board name (AMD)"), "text", _AMD,
         N_("Marketing name of the AMD card.")),
        ("TOPOLOGY_AMD", N_("PCIe location (AMD)"), "pci_location", _AMD,
         N_("Where the GPU sits on the PCIe bus, as bus:device.function.")),
        ("PCIE_ID_AMD", N_("PCIe ID (AMD)"), "hex", _AMD, N_("PCIe device ID of the GPU.")),
        ("GFXIP_MAJOR_AMD", N_("GFX IP major (AMD)"), "count", _AMD,
         N_("GPU architecture generation.")),
        ("GFXIP_MINOR_AMD", N_("GFX IP minor (AMD)"), "count", _AMD,
         N_("GPU architecture revision.")),
        ("GLOBAL_FREE_MEMORY_AMD", N_("Free global memory (AMD)"), "kib_list", _AMD,
         N_("Free global memory now: in total, and the largest free block.")),
        ("SIMD_PER_COMPUTE_UNIT_AMD", N_("SIMDs per compute unit (AMD)"), "count", _AMD,
         N_("SIMD engines inside one compute unit.")),
        ("SIMD_WIDTH_AMD", N_("SIMD width (AMD)"), "count", _AMD, N_("Lanes in one SIMD engine.")),
        ("SIMD_INSTRUCTION_WIDTH_AMD", N_("SIMD instruction width (AMD)"), "count", _AMD,
         N_("Operations one SIMD instruction does per lane.")),
        ("WAVEFRONT_WIDTH_AMD", N_("Wavefront width (AMD)"), "count", _AMD,
         N_("Work-items that run in lockstep; make work-groups a multiple of it.")),
        ("GLOBAL_MEM_CHANNELS_AMD", N_("Global memory channels (AMD)"), "count", _AMD,
         N_("Memory channels that serve global memory in parallel.")),
        ("GLOBAL_MEM_CHANNEL_BANKS_AMD", N_("Banks per memory channel (AMD)"), "count", _AMD,
         N_("Banks inside one memory channel.")),
        ("GLOBAL_MEM_CHANNEL_BANK_WIDTH_AMD", N_("Memory channel bank width (AMD)"), "count", _AMD,
         N_("Width of one memory bank.")),
        ("LOCAL_MEM_SIZE_PER_COMPUTE_UNIT_AMD", N_("Local memory per compute unit (AMD)"), "bytes",
         _AMD, N_("Local memory one compute unit has, shared by its work-groups.")),
        ("LOCAL_MEM_BANKS_AMD", N_("Local memory banks (AMD)"), "count", _AMD,
         N_("Banks of local memory; work-items hitting one bank wait for each other.")),
        ("THREAD_TRACE_SUPPORTED_AMD", N_("Thread trace (AMD)"), "bool", _AMD,
         N_("Whether AMD's profiler can trace threads on it.")),
        ("AVAILABLE_ASYNC_QUEUES_AMD", N_("Async queues (AMD)"), "count", _AMD,
         N_("Hardware queues that run work concurrently.")),
        ("PREFERRED_WORK_GROUP_SIZE_AMD", N_("Preferred work group size (AMD)"), "count", _AMD,
         N_("Work-group size AMD recommends.")),
        ("MAX_WORK_GROUP_SIZE_AMD", N_("Max work group size (AMD)"), "count", _AMD,
         N_("Largest work-group size the hardware allows.")),
        ("PREFERRED_CONSTANT_BUFFER_SIZE_AMD", N_("Preferred constant buffer size (AMD)"), "bytes",
         _AMD, N_("__constant buffers up to this size run fastest.")),
        ("PROFILING_TIMER_OFFSET_AMD", N_("Profiling timer offset (AMD)"), "ns", _AMD,
         N_("Add to event timestamps to get time since the epoch.")),
        ("COMPUTE_CAPABILITY_MAJOR_NV", N_("Compute capability major (NVIDIA)"), "count", _NV,
         N_("CUDA architecture generation (e.g. 8 for Ampere).")),
        ("COMPUTE_CAPABILITY_MINOR_NV", N_("Compute capability minor (NVIDIA)"), "count", _NV,
         N_("CUDA architecture revision.")),
        ("REGISTERS_PER_BLOCK_NV", N_("Registers per block (NVIDIA)"), "count", _NV,
         N_("32-bit registers a work-group shares; big kernels may fit fewer work-items.")),
        ("WARP_SIZE_NV", N_("Warp size (NVIDIA)"), "count", _NV,
         N_("Work-items that run in lockstep; make work-groups a multiple of it.")),
        ("GPU_OVERLAP_NV", N_("Copy/compute overlap (NVIDIA)"), "bool", _NV,
         N_("Whether copies can run while kernels run.")),
        ("KERNEL_EXEC_TIMEOUT_NV", N_("Kernel run time limit (NVIDIA)"), "bool", _NV,
         N_("Whether a watchdog kills long kernels (GPU that also drives a display).")),
        ("INTEGRATED_MEMORY_NV", N_("Integrated memory (NVIDIA)"), "bool", _NV,
         N_("Whether the GPU shares memory with the host.")),
        ("ATTRIBUTE_ASYNC_ENGINE_COUNT_NV", N_("Async copy engines (NVIDIA)"), "count", _NV,
         N_("Copy engines that move data while kernels run.")),
        ("PCI_BUS_ID_NV", N_("PCI bus (NVIDIA)"), "count", _NV, N_("PCI bus number of the GPU.")),
        ("PCI_SLOT_ID_NV", N_("PCI slot (NVIDIA)"), "count", _NV,
         N_("PCI slot number of the GPU.")),
        ("PCI_DOMAIN_ID_NV", N_("PCI domain (NVIDIA)"), "count", _NV, N_("PCI domain of the GPU.")),
        ("ME_VERSION_INTEL", N_("Motion estimation version (Intel)"), "count",
         "cl_intel_advanced_motion_estimation", N_("Version of the video motion estimation unit.")),
        ("SIMULTANEOUS_INTEROPS_INTEL", N_("Simultaneous interops (Intel)"), "int_list",
         "cl_intel_simultaneous_sharing", N_("Graphics APIs it can share memory with at once.")),
        ("NUM_SIMULTANEOUS_INTEROPS_INTEL", N_("Number of simultaneous interops (Intel)"), "count",
         "cl_intel_simultaneous_sharing", N_("How many such API combinations there are.")),
        ("EXT_MEM_PADDING_IN_BYTES_QCOM", N_("Host memory padding (Qualcomm)"), "bytes",
         "cl_qcom_ext_host_ptr", N_("Padding needed after host memory a buffer wraps.")),
        ("PAGE_SIZE_QCOM", N_("Page size (Qualcomm)"), "bytes", "cl_qcom_ext_host_ptr",
         N_("Page size host memory a buffer wraps must be aligned to.")),
    ),
}
# fmt: on


def _specs(
    rows: dict[str, tuple[tuple[str, str, str, str, str], ...]], prefix: str
) -> tuple[FieldSpec, ...]:
    specs = []
    for group, group_rows in rows.items():
        for key, label, kind, requirement, explanation in group_rows:
            version, _, extension = requirement.partition("|")
            if not version[:1].isdigit():
                version, extension = "", requirement
            since = tuple(int(part) for part in version.split(".")) if version else None
            if key.startswith("CL_"):
                name, attr = key, None
            else:
                name, attr = ("CL_" if key == "DRIVER_VERSION" else prefix) + key, key
            specs.append(
                FieldSpec(
                    name=name,
                    attr=attr,
                    code=_DIRECT_CODES.get(key),
                    label=label,
                    group=group,
                    kind=kind,
                    since=(since[0], since[1]) if since else None,
                    extension=extension or None,
                    explanation=explanation,
                )
            )
    return tuple(specs)


PLATFORM_FIELDS = _specs(_PLATFORM_ROWS, "CL_PLATFORM_")
DEVICE_FIELDS = _specs(_DEVICE_ROWS, "CL_DEVICE_")


# The values of OpenCL's bit fields and enums, as cl.h defines them and pyopencl names them
# (cl.device_type.CPU is CL_DEVICE_TYPE_CPU): written out, so that the catalogue loads
# without pyopencl in the window process (a test compares them with pyopencl's).
CL_CONSTANTS: dict[str, dict[str, int]] = {
    "device_type": {"DEFAULT": 1 << 0, "CPU": 1 << 1, "GPU": 1 << 2, "ACCELERATOR": 1 << 3,
                    "CUSTOM": 1 << 4},
    "device_fp_config": {"DENORM": 1 << 0, "INF_NAN": 1 << 1, "ROUND_TO_NEAREST": 1 << 2,
                         "ROUND_TO_ZERO": 1 << 3, "ROUND_TO_INF": 1 << 4, "FMA": 1 << 5,
                         "SOFT_FLOAT": 1 << 6, "CORRECTLY_ROUNDED_DIVIDE_SQRT": 1 << 7},
    "device_exec_capabilities": {"KERNEL": 1 << 0, "NATIVE_KERNEL": 1 << 1},
    "command_queue_properties": {"OUT_OF_ORDER_EXEC_MODE_ENABLE": 1 << 0,
                                 "PROFILING_ENABLE": 1 << 1, "ON_DEVICE": 1 << 2,
                                 "ON_DEVICE_DEFAULT": 1 << 3},
    "device_svm_capabilities": {"COARSE_GRAIN_BUFFER": 1 << 0, "FINE_GRAIN_BUFFER": 1 << 1,
                                "FINE_GRAIN_SYSTEM": 1 << 2, "ATOMICS": 1 << 3},
    "device_atomic_capabilities": {"ORDER_RELAXED": 1 << 0, "ORDER_ACQ_REL": 1 << 1,
                                   "ORDER_SEQ_CST": 1 << 2, "SCOPE_WORK_ITEM": 1 << 3,
                                   "SCOPE_WORK_GROUP": 1 << 4, "SCOPE_DEVICE": 1 << 5,
                                   "SCOPE_ALL_DEVICES": 1 << 6},
    "device_affinity_domain": {"NUMA": 1 << 0, "L4_CACHE": 1 << 1, "L3_CACHE": 1 << 2,
                               "L2_CACHE": 1 << 3, "L1_CACHE": 1 << 4,
                               "NEXT_PARTITIONABLE": 1 << 5},
    "device_device_enqueue_capabilities": {"SUPPORTED": 1 << 0, "REPLACEABLE_DEFAULT": 1 << 1},
    "device_mem_cache_type": {"NONE": 0x0, "READ_ONLY_CACHE": 0x1, "READ_WRITE_CACHE": 0x2},
    "device_local_mem_type": {"LOCAL": 0x1, "GLOBAL": 0x2},
    "device_partition_property": {"EQUALLY": 0x1086, "BY_COUNTS": 0x1087,
                                  "BY_AFFINITY_DOMAIN": 0x1088},
}  # fmt: skip


# Bit fields and enums by name. pyopencl's own to_string() is no help here: it also names
# ALL (every bit set) and a `_is_bitfield` marker. The labels are English, as the data
# (--json) keeps them; the formatters translate them for a reader.
def _names(kind: str, **labels: str) -> tuple[tuple[int, str], ...]:
    return tuple((CL_CONSTANTS[kind][name], label) for name, label in labels.items())


DEVICE_TYPES = _names(
    "device_type", CPU=N_("CPU"), GPU=N_("GPU"), ACCELERATOR=N_("Accelerator"),
    CUSTOM=N_("Custom"), DEFAULT=N_("Default"),
)  # fmt: skip
_FP_CONFIG = _names(
    "device_fp_config", DENORM=N_("Denorms"), INF_NAN=N_("INF and NaN"),
    ROUND_TO_NEAREST=N_("Round to nearest"), ROUND_TO_ZERO=N_("Round to zero"),
    ROUND_TO_INF=N_("Round to infinity"), FMA=N_("Fused multiply-add"),
    SOFT_FLOAT=N_("Emulated in software"),
    CORRECTLY_ROUNDED_DIVIDE_SQRT=N_("Correctly rounded divide and sqrt"),
)  # fmt: skip
_EXEC_CAPS = _names(
    "device_exec_capabilities", KERNEL=N_("OpenCL kernels"),
    NATIVE_KERNEL=N_("Native host functions"),
)  # fmt: skip
_QUEUE_PROPS = _names(
    "command_queue_properties", OUT_OF_ORDER_EXEC_MODE_ENABLE=N_("Out-of-order execution"),
    PROFILING_ENABLE=N_("Profiling"), ON_DEVICE=N_("On device"),
    ON_DEVICE_DEFAULT=N_("Default device queue"),
)  # fmt: skip
_SVM_CAPS = _names(
    "device_svm_capabilities", COARSE_GRAIN_BUFFER=N_("Coarse-grained buffers"),
    FINE_GRAIN_BUFFER=N_("Fine-grained buffers"),
    FINE_GRAIN_SYSTEM=N_("Fine-grained system memory"), ATOMICS=N_("SVM atomics"),
)  # fmt: skip
_ATOMIC_CAPS = _names(
    "device_atomic_capabilities", ORDER_RELAXED=N_("Relaxed order"),
    ORDER_ACQ_REL=N_("Acquire/release order"),
    ORDER_SEQ_CST=N_("Sequentially consistent order"), SCOPE_WORK_ITEM=N_("Work-item scope"),
    SCOPE_WORK_GROUP=N_("Work-group scope"), SCOPE_DEVICE=N_("Device scope"),
    SCOPE_ALL_DEVICES=N_("All-devices scope"),
)  # fmt: skip
_AFFINITY = _names(
    "device_affinity_domain", NUMA=N_("NUMA node"), L4_CACHE=N_("L4 cache"),
    L3_CACHE=N_("L3 cache"), L2_CACHE=N_("L2 cache"), L1_CACHE=N_("L1 cache"),
    NEXT_PARTITIONABLE=N_("Next partitionable"),
)  # fmt: skip
_ENQUEUE_CAPS = _names(
    "device_device_enqueue_capabilities", SUPPORTED=N_("Device-side enqueue"),
    REPLACEABLE_DEFAULT=N_("Replaceable default queue"),
)  # fmt: skip
_CACHE_TYPES = dict(
    _names("device_mem_cache_type", NONE=N_("None"), READ_ONLY_CACHE=N_("Read-only"),
           READ_WRITE_CACHE=N_("Read/write"))
)  # fmt: skip
_LOCAL_MEM_TYPES = dict(
    _names("device_local_mem_type", LOCAL=N_("Local (dedicated on-chip memory)"),
           GLOBAL=N_("Global (emulated in global memory)"))
) | {0: N_("None (no local memory)")}  # fmt: skip
_PARTITION_PROPS = dict(
    _names("device_partition_property", EQUALLY=N_("Equally"), BY_COUNTS=N_("By counts"),
           BY_AFFINITY_DOMAIN=N_("By affinity domain"))
)  # fmt: skip

Translate = Callable[[str], str]
Formatter = Callable[[Any, Translate], str]
_NONE = N_("(none)")
_NOT_SUPPORTED = N_("Not supported")


def as_written(text: str) -> str:
    """A text in English, as the code writes it: the language of the data and of --json."""
    return text


def group_title(group: str) -> str:
    """A group of GROUP_ORDER in the user's language."""
    return gettext(group)


def bit_names(
    value: int, names: tuple[tuple[int, str], ...], tr: Translate = as_written
) -> list[str]:
    """The labels of the bits set in value, then any bits nobody named, in hex."""
    labels = [tr(label) for bit, label in names if value & bit]
    unknown = value & ~sum(bit for bit, _ in names)
    if unknown:
        labels.append(tr(N_("unknown bits 0x{bits}")).format(bits=f"{unknown:x}"))
    return labels


def _bitfield(names: tuple[tuple[int, str], ...], zero: str) -> Formatter:
    return lambda value, tr: ", ".join(bit_names(value, names, tr)) or tr(zero)


def _enum(names: dict[int, str]) -> Formatter:
    def show(value: int, tr: Translate) -> str:
        label = names.get(value)
        return tr(N_("unknown ({value})")).format(value=value) if label is None else tr(label)

    return show


def format_bytes(n: int, tr: Translate = gettext) -> str:
    """A size in binary units with the exact count beside it: `3.44 GiB (3694820352 bytes)`."""
    if n == 1:
        return tr(N_("1 byte"))
    if n < 1024:
        return tr(N_("{count} bytes")).format(count=n)
    return tr(N_("{size} ({count} bytes)")).format(size=units.format_bytes(n), count=n)


def version_text(numeric: int) -> str:
    """An OpenCL packed version (major 10 bits, minor 10 bits, patch 12 bits) as 'M.m.p'."""
    return f"{numeric >> 22}.{(numeric >> 12) & 0x3FF}.{numeric & 0xFFF}"


def _listed(items: list[str], tr: Translate) -> str:
    return ", ".join(items) or tr(_NONE)


def _partition_type(value: list[int], tr: Translate) -> str:
    """A property list as clCreateSubDevices took it: the property, its values, then 0."""
    if not value or value[0] == 0:
        return tr(N_("none (a whole device)"))
    first, *rest = value
    args = [v for v in rest if v]
    how = _enum(_PARTITION_PROPS)(first, tr)
    if not args:
        return how
    if first == CL_CONSTANTS["device_partition_property"]["BY_AFFINITY_DOMAIN"]:
        return f"{how} ({', '.join(bit_names(args[0], _AFFINITY, tr))})"
    if first == CL_CONSTANTS["device_partition_property"]["EQUALLY"]:
        return tr(N_("{how} ({count} compute units each)")).format(how=how, count=args[0])
    counts = " + ".join(str(a) for a in args)
    return tr(N_("{how} ({counts} compute units)")).format(how=how, counts=counts)


def _partition_props(value: list[int], tr: Translate) -> str:
    names = [tr(_PARTITION_PROPS[p]) if p in _PARTITION_PROPS else str(p) for p in value if p]
    return ", ".join(names) or tr(N_("none (cannot be split)"))


def _pixels(n: int, tr: Translate) -> str:
    return tr(N_("1 pixel")) if n == 1 else tr(N_("{count} pixels")).format(count=n)


FORMATTERS: dict[str, Formatter] = {
    "text": lambda v, tr: v or tr(_NONE),
    "pci_location": lambda v, tr: str(v),
    "count": lambda v, tr: str(v),
    "hex": lambda v, tr: f"0x{v:x}",
    "bool": lambda v, tr: tr(N_("Yes")) if v else tr(N_("No")),
    "bytes": format_bytes,
    "bits": lambda v, tr: tr(N_("{count} bits ({size})")).format(
        count=v, size=format_bytes(v // 8, tr)
    ),
    "mhz": lambda v, tr: f"{v} MHz",
    "ns": lambda v, tr: f"{v} ns",
    "pixels": _pixels,
    "sizes": lambda v, tr: " x ".join(str(n) for n in v),
    "int_list": lambda v, tr: _listed([str(n) for n in v], tr),
    "kib_list": lambda v, tr: _listed([format_bytes(n * 1024, tr) for n in v], tr),
    "words": _listed,
    "name_versions": lambda v, tr: _listed([f"{i['name']} {i['version']}" for i in v], tr),
    "version": lambda v, tr: version_text(v),
    "uuid": lambda v, tr: v,
    "handle": lambda v, tr: v or tr(N_("none")),
    "device_type": _bitfield(DEVICE_TYPES, N_("none")),
    "fp_config": _bitfield(_FP_CONFIG, _NOT_SUPPORTED),
    "exec_caps": _bitfield(_EXEC_CAPS, N_("none")),
    "queue_props": _bitfield(_QUEUE_PROPS, N_("none")),
    "svm_caps": _bitfield(_SVM_CAPS, N_("none (no shared virtual memory)")),
    "atomic_caps": _bitfield(_ATOMIC_CAPS, N_("none")),
    "affinity": _bitfield(_AFFINITY, N_("none")),
    "enqueue_caps": _bitfield(_ENQUEUE_CAPS, _NOT_SUPPORTED),
    "cache_type": _enum(_CACHE_TYPES),
    "local_mem_type": _enum(_LOCAL_MEM_TYPES),
    "partition_props": _partition_props,
    "partition_type": _partition_type,
}

_STRING_KINDS = frozenset({"text", "words"})
_INT_LIST_KINDS = frozenset({"sizes", "int_list", "kib_list", "partition_props", "partition_type"})


def decode_bytes(kind: str, data: bytes) -> object:
    """A direct query's bytes as the value pyopencl would have given."""
    if kind in _STRING_KINDS:
        return data.split(b"\0", 1)[0].decode("utf-8", "replace")
    if kind == "uuid":
        return data
    # The driver says how many bytes it wrote; a 4-byte answer to a 64-bit query stays right.
    return int.from_bytes(data, sys.byteorder)


def plain_value(kind: str, value: Any) -> object:
    """A pyopencl value as JSON-able data: ints, strings, bools, lists and dicts of those."""
    if kind == "bool":
        return bool(value)
    if kind == "text":
        return str(value)
    if kind == "pci_location":
        return f"{value.bus:02x}:{value.device:02x}.{value.function:x}"
    if kind == "words":
        return value.replace(";", " ").split() if isinstance(value, str) else list(value)
    if kind == "name_versions":
        return [{"name": item.name, "version": version_text(item.version)} for item in value]
    if kind == "handle":
        return "" if value is None else str(value.name)
    if kind == "uuid":
        hex_digits = bytes(value).hex()
        return "-".join(hex_digits[a:b] for a, b in ((0, 8), (8, 12), (12, 16), (16, 20), (20, 32)))
    if kind == "affinity" and isinstance(value, list):
        # pyopencl hands this bit field back as a list of one value.
        bits = 0
        for part in value:
            bits |= int(part)
        return bits
    if kind in _INT_LIST_KINDS:
        return [int(v) for v in value]
    return int(value)


def display_value(kind: str, raw: object, translate: Translate = gettext) -> str:
    """Text in human units for a plain value of this kind, in the user's language unless
    `translate` is `as_written`."""
    return FORMATTERS[kind](raw, translate)
