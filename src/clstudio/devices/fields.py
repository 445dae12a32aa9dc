"""The catalogue of OpenCL platform and device info fields, and how to show each to a learner.

One row per info parameter: what `clinfo` prints, plus the common vendor queries pyopencl
wraps. Each row gives the pyopencl attribute (or the numeric code of a query asked
directly, see `raw_info`), a label, a group, a formatter kind, the OpenCL version or
extension that defines it, and one line for a learner. The formatters turn raw values
into plain JSON-able data and into text in human units.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pyopencl as cl

from clstudio.common import units

GROUP_ORDER = (
    "Identity",
    "Compute",
    "Work sizes",
    "Vector widths",
    "Floating point",
    "Memory",
    "Atomics and SVM",
    "Images",
    "Pipes",
    "Queues and timing",
    "Programs",
    "Partitioning",
    "Extensions",
    "Vendor specific",
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
        ("NAME", "Name", "text", "1.0",
         "The platform's name: each platform is one installed OpenCL driver (ICD)."),
        ("VENDOR", "Vendor", "text", "1.0", "Who makes this driver."),
        ("VERSION", "Version", "text", "1.0",
         "Highest OpenCL version the platform supports, then vendor details."),
        ("NUMERIC_VERSION", "Numeric version", "version", "3.0",
         "The same OpenCL version as major.minor.patch, for programs to compare."),
        ("PROFILE", "Profile", "text", "1.0",
         "FULL_PROFILE, or EMBEDDED_PROFILE: a reduced OpenCL for small devices."),
        ("CL_PLATFORM_ICD_SUFFIX_KHR", "ICD function suffix", "text", "cl_khr_icd",
         "Suffix of this driver's extension functions, as the ICD loader knows it."),
    ),
    "Queues and timing": (
        ("HOST_TIMER_RESOLUTION", "Host timer resolution", "ns", "2.1",
         "Tick of the host clock that clGetHostTimer reads; 0 if there is none."),
    ),
    "Extensions": (
        ("EXTENSIONS", "Extensions", "words", "1.0",
         "Optional features this platform adds to core OpenCL."),
        ("EXTENSIONS_WITH_VERSION", "Extensions with version", "name_versions", "3.0",
         "The same extensions, each with its version."),
    ),
}

_DEVICE_ROWS: dict[str, tuple[tuple[str, str, str, str, str], ...]] = {
    "Identity": (
        ("NAME", "Name", "text", "1.0", "The device's name as its driver reports it."),
        ("VENDOR", "Vendor", "text", "1.0", "Who makes the device."),
        ("VENDOR_ID", "Vendor ID", "hex", "1.0",
         "A number for the vendor, often its PCI ID (0x8086 Intel, 0x10de NVIDIA, 0x1002 AMD)."),
        ("TYPE", "Type", "device_type", "1.0",
         "CPU, GPU, Accelerator or Custom: what kind of processor runs the kernels."),
        ("VERSION", "Version", "text", "1.0",
         "OpenCL version the device supports, then driver details."),
        ("NUMERIC_VERSION", "Numeric version", "version", "3.0",
         "The device's OpenCL version as major.minor.patch."),
        ("DRIVER_VERSION", "Driver version", "text", "1.0",
         "Version of the driver software, in the vendor's own numbering."),
        ("PROFILE", "Profile", "text", "1.0",
         "FULL_PROFILE, or EMBEDDED_PROFILE: a reduced OpenCL for small devices."),
        ("OPENCL_C_VERSION", "OpenCL C version", "text", "1.1",
         "Highest OpenCL C language version its compiler accepts (pick with -cl-std=)."),
        ("OPENCL_C_ALL_VERSIONS", "OpenCL C versions", "name_versions", "3.0",
         "Every OpenCL C language version its compiler accepts."),
        ("CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED", "Latest conformance test passed",
         "text", "3.0", "Date-stamped version of the Khronos conformance tests it passed."),
        ("AVAILABLE", "Available", "bool", "1.0",
         "Whether the device can take work right now."),
        ("PLATFORM", "Platform", "handle", "1.0", "The platform (driver) this device belongs to."),
        ("CL_DEVICE_UUID_KHR", "Device UUID", "uuid", "cl_khr_device_uuid",
         "A unique ID that names this device across APIs (OpenCL, Vulkan, ...)."),
        ("CL_DRIVER_UUID_KHR", "Driver UUID", "uuid", "cl_khr_device_uuid",
         "A unique ID of the driver build; memory is shared only between equal ones."),
    ),
    "Compute": (
        ("MAX_COMPUTE_UNITS", "Max compute units", "count", "1.0",
         "Units that each run work-groups in parallel; on a CPU, its hardware threads."),
        ("MAX_CLOCK_FREQUENCY", "Max clock frequency", "mhz", "1.0",
         "Highest clock rate; a nominal figure, not the speed a kernel will see."),
        ("EXECUTION_CAPABILITIES", "Execution capabilities", "exec_caps", "1.0",
         "What it can run: OpenCL kernels, and on some CPUs native host functions."),
    ),
    "Work sizes": (
        ("MAX_WORK_ITEM_DIMENSIONS", "Max work item dimensions", "count", "1.0",
         "How many dimensions an NDRange can have (at least 3)."),
        ("MAX_WORK_ITEM_SIZES", "Max work item sizes", "sizes", "1.0",
         "Largest local (work-group) size along each dimension."),
        ("MAX_WORK_GROUP_SIZE", "Max work group size", "count", "1.0",
         "Most work-items in one work-group, all dimensions multiplied; kernels may allow less."),
        ("PREFERRED_WORK_GROUP_SIZE_MULTIPLE", "Preferred work group size multiple", "count",
         "3.0", "Make the work-group size a multiple of this to keep the hardware busy."),
        ("NON_UNIFORM_WORK_GROUP_SUPPORT", "Non-uniform work groups", "bool", "3.0",
         "Whether the global size may be a non-multiple of the local size (smaller last group)."),
        ("WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT", "Work-group collective functions", "bool",
         "3.0", "Whether work_group_reduce, _scan and _broadcast are available to kernels."),
        ("MAX_NUM_SUB_GROUPS", "Max sub-groups per work group", "count", "2.1",
         "Most sub-groups (hardware-sized slices of a work-group) in one work-group; 0: none."),
        ("SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS", "Sub-group independent forward progress",
         "bool", "2.1", "Whether a sub-group can progress while another waits (spin locks)."),
    ),
    "Vector widths": (
        ("PREFERRED_VECTOR_WIDTH_CHAR", "Preferred vector width (char)", "count", "1.0",
         "Width of char vectors the compiler runs best; write charN with this N."),
        ("NATIVE_VECTOR_WIDTH_CHAR", "Native vector width (char)", "count", "1.1",
         "Width of char vectors the hardware handles in one instruction."),
        ("PREFERRED_VECTOR_WIDTH_SHORT", "Preferred vector width (short)", "count", "1.0",
         "Width of short vectors the compiler runs best."),
        ("NATIVE_VECTOR_WIDTH_SHORT", "Native vector width (short)", "count", "1.1",
         "Width of short vectors the hardware handles in one instruction."),
        ("PREFERRED_VECTOR_WIDTH_INT", "Preferred vector width (int)", "count", "1.0",
         "Width of int vectors the compiler runs best."),
        ("NATIVE_VECTOR_WIDTH_INT", "Native vector width (int)", "count", "1.1",
         "Width of int vectors the hardware handles in one instruction."),
        ("PREFERRED_VECTOR_WIDTH_LONG", "Preferred vector width (long)", "count", "1.0",
         "Width of long vectors the compiler runs best."),
        ("NATIVE_VECTOR_WIDTH_LONG", "Native vector width (long)", "count", "1.1",
         "Width of long vectors the hardware handles in one instruction."),
        ("PREFERRED_VECTOR_WIDTH_HALF", "Preferred vector width (half)", "count", "1.1",
         "Width of half vectors the compiler runs best; 0 if half is not supported."),
        ("NATIVE_VECTOR_WIDTH_HALF", "Native vector width (half)", "count", "1.1",
         "Width of half vectors the hardware handles in one instruction; 0: no half."),
        ("PREFERRED_VECTOR_WIDTH_FLOAT", "Preferred vector width (float)", "count", "1.0",
         "Width of float vectors the compiler runs best."),
        ("NATIVE_VECTOR_WIDTH_FLOAT", "Native vector width (float)", "count", "1.1",
         "Width of float vectors the hardware handles in one instruction."),
        ("PREFERRED_VECTOR_WIDTH_DOUBLE", "Preferred vector width (double)", "count", "1.0",
         "Width of double vectors the compiler runs best; 0 if double is not supported."),
        ("NATIVE_VECTOR_WIDTH_DOUBLE", "Native vector width (double)", "count", "1.1",
         "Width of double vectors the hardware handles in one instruction; 0: no double."),
    ),
    "Floating point": (
        ("HALF_FP_CONFIG", "Half precision (16-bit)", "fp_config", "1.0",
         "What half arithmetic guarantees; needs the cl_khr_fp16 extension."),
        ("SINGLE_FP_CONFIG", "Single precision (float)", "fp_config", "1.0",
         "What float arithmetic guarantees: denormals, INF/NaN, rounding modes, fma."),
        ("DOUBLE_FP_CONFIG", "Double precision (double)", "fp_config", "1.2|cl_khr_fp64",
         "What double arithmetic guarantees; 'not supported' if there are no doubles."),
    ),
    "Memory": (
        ("ADDRESS_BITS", "Address bits", "count", "1.0",
         "Width of a device pointer: 32 or 64 bits."),
        ("ENDIAN_LITTLE", "Little endian", "bool", "1.0",
         "Byte order; x86 and ARM hosts are little endian too, so data needs no swapping."),
        ("GLOBAL_MEM_SIZE", "Global memory size", "bytes", "1.0",
         "Size of global memory, where buffers live."),
        ("MAX_MEM_ALLOC_SIZE", "Max memory allocation", "bytes", "1.0",
         "Largest single buffer you may allocate (at least a quarter of global memory)."),
        ("ERROR_CORRECTION_SUPPORT", "Error correction (ECC)", "bool", "1.0",
         "Whether memory corrects bit flips (ECC), as server GPUs do."),
        ("HOST_UNIFIED_MEMORY", "Unified memory with host", "bool", "1.1",
         "Whether device and host share physical memory, so copies are cheap."),
        ("GLOBAL_MEM_CACHE_TYPE", "Global memory cache type", "cache_type", "1.0",
         "Whether reads of global memory go through a cache, read-only or read/write."),
        ("GLOBAL_MEM_CACHE_SIZE", "Global memory cache size", "bytes", "1.0",
         "Size of that cache; data reused while it fits here is fast."),
        ("GLOBAL_MEM_CACHELINE_SIZE", "Global memory cache line size", "bytes", "1.0",
         "Bytes fetched together; neighbouring work-items reading one line share a fetch."),
        ("LOCAL_MEM_TYPE", "Local memory type", "local_mem_type", "1.0",
         "Dedicated fast on-chip memory (GPUs) or a part of global memory (CPUs)."),
        ("LOCAL_MEM_SIZE", "Local memory size", "bytes", "1.0",
         "__local memory a work-group may use, shared by its work-items."),
        ("MAX_CONSTANT_BUFFER_SIZE", "Max constant buffer size", "bytes", "1.0",
         "Largest __constant buffer a kernel can take."),
        ("MAX_CONSTANT_ARGS", "Max constant arguments", "count", "1.0",
         "Most __constant pointer arguments one kernel may have."),
        ("MEM_BASE_ADDR_ALIGN", "Buffer base address alignment", "bits", "1.0",
         "Alignment of every buffer's start address (the spec gives it in bits)."),
        ("MIN_DATA_TYPE_ALIGN_SIZE", "Min data type alignment", "bytes", "1.0",
         "Smallest alignment of any data type (deprecated since OpenCL 1.2)."),
        ("MAX_GLOBAL_VARIABLE_SIZE", "Max global variable size", "bytes", "2.0",
         "Largest program-scope __global variable; 0 if they are not supported."),
        ("GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE", "Preferred total size of global variables",
         "bytes", "2.0", "Keep all program-scope __global variables under this for speed."),
        ("GENERIC_ADDRESS_SPACE_SUPPORT", "Generic address space", "bool", "3.0",
         "Whether a pointer without __global/__local/__private works with any of them."),
    ),
    "Atomics and SVM": (
        ("SVM_CAPABILITIES", "Shared virtual memory (SVM)", "svm_caps", "2.0",
         "Kinds of memory whose pointers mean the same on host and device."),
        ("PREFERRED_PLATFORM_ATOMIC_ALIGNMENT", "Preferred SVM atomic alignment", "bytes",
         "2.0", "Best alignment for atomics shared with the host; 0: natural alignment."),
        ("PREFERRED_GLOBAL_ATOMIC_ALIGNMENT", "Preferred global atomic alignment", "bytes",
         "2.0", "Best alignment for atomics in global memory; 0: natural alignment."),
        ("PREFERRED_LOCAL_ATOMIC_ALIGNMENT", "Preferred local atomic alignment", "bytes",
         "2.0", "Best alignment for atomics in local memory; 0: natural alignment."),
        ("ATOMIC_MEMORY_CAPABILITIES", "Atomic memory capabilities", "atomic_caps", "3.0",
         "Memory orders and scopes that atomic operations support."),
        ("ATOMIC_FENCE_CAPABILITIES", "Atomic fence capabilities", "atomic_caps", "3.0",
         "Memory orders and scopes that atomic_work_item_fence supports."),
    ),
    "Images": (
        ("IMAGE_SUPPORT", "Image support", "bool", "1.0",
         "Whether kernels can use image objects and samplers (texture hardware on GPUs)."),
        ("MAX_SAMPLERS", "Max samplers per kernel", "count", "1.0",
         "Most samplers one kernel may use."),
        ("MAX_READ_IMAGE_ARGS", "Max read image arguments", "count", "1.0",
         "Most read_only image arguments one kernel may have."),
        ("MAX_WRITE_IMAGE_ARGS", "Max write image arguments", "count", "1.0",
         "Most write_only image arguments one kernel may have."),
        ("MAX_READ_WRITE_IMAGE_ARGS", "Max read/write image arguments", "count", "2.0",
         "Most read_write image arguments one kernel may have."),
        ("IMAGE2D_MAX_WIDTH", "Max 2D image width", "pixels", "1.0", "Widest 2D image."),
        ("IMAGE2D_MAX_HEIGHT", "Max 2D image height", "pixels", "1.0", "Tallest 2D image."),
        ("IMAGE3D_MAX_WIDTH", "Max 3D image width", "pixels", "1.0", "Widest 3D image."),
        ("IMAGE3D_MAX_HEIGHT", "Max 3D image height", "pixels", "1.0", "Tallest 3D image."),
        ("IMAGE3D_MAX_DEPTH", "Max 3D image depth", "pixels", "1.0", "Deepest 3D image."),
        ("IMAGE_MAX_BUFFER_SIZE", "Max 1D image from buffer", "pixels", "1.2",
         "Most pixels in a 1D image made from a buffer."),
        ("IMAGE_MAX_ARRAY_SIZE", "Max image array size", "count", "1.2",
         "Most images in a 1D or 2D image array."),
        ("CL_DEVICE_IMAGE_PITCH_ALIGNMENT", "Pitch alignment for 2D images from buffers",
         "pixels", "2.0", "A 2D image made from a buffer needs rows padded to this many pixels."),
        ("CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT", "Base alignment for 2D images from buffers",
         "pixels", "2.0", "Host memory behind a 2D image from a buffer is aligned to this."),
    ),
    "Pipes": (
        ("PIPE_SUPPORT", "Pipe support", "bool", "3.0",
         "Whether kernels can pass data through pipes (FIFO queues between kernels)."),
        ("MAX_PIPE_ARGS", "Max pipe arguments", "count", "2.0",
         "Most pipe arguments one kernel may have."),
        ("PIPE_MAX_ACTIVE_RESERVATIONS", "Max active pipe reservations", "count", "2.0",
         "Most pipe reservations a work-item may hold at once."),
        ("PIPE_MAX_PACKET_SIZE", "Max pipe packet size", "bytes", "2.0",
         "Largest single packet a pipe can carry."),
    ),
    "Queues and timing": (
        ("QUEUE_ON_HOST_PROPERTIES", "Queue properties (on host)", "queue_props", "1.0",
         "Options a command queue accepts: out-of-order execution, profiling."),
        ("DEVICE_ENQUEUE_CAPABILITIES", "Device enqueue capabilities", "enqueue_caps", "3.0",
         "Whether kernels can enqueue further kernels themselves (device-side enqueue)."),
        ("QUEUE_ON_DEVICE_PROPERTIES", "Queue properties (on device)", "queue_props", "2.0",
         "Options of queues that kernels enqueue into."),
        ("QUEUE_ON_DEVICE_PREFERRED_SIZE", "Preferred on-device queue size", "bytes", "2.0",
         "Size of an on-device queue that runs well."),
        ("QUEUE_ON_DEVICE_MAX_SIZE", "Max on-device queue size", "bytes", "2.0",
         "Largest on-device queue."),
        ("MAX_ON_DEVICE_QUEUES", "Max on-device queues", "count", "2.0",
         "Most on-device queues per context."),
        ("MAX_ON_DEVICE_EVENTS", "Max on-device events", "count", "2.0",
         "Most events a kernel may have in flight on device queues."),
        ("PROFILING_TIMER_RESOLUTION", "Profiling timer resolution", "ns", "1.0",
         "Tick of the clock behind event timestamps: timings are no finer than this."),
        ("PREFERRED_INTEROP_USER_SYNC", "Prefer user sync for interop", "bool", "1.2",
         "Whether the program itself should sync before sharing memory with OpenGL/DirectX."),
    ),
    "Programs": (
        ("COMPILER_AVAILABLE", "Compiler available", "bool", "1.0",
         "Whether the driver can compile OpenCL C source (embedded devices may not)."),
        ("LINKER_AVAILABLE", "Linker available", "bool", "1.2",
         "Whether separately compiled programs can be linked together."),
        ("MAX_PARAMETER_SIZE", "Max kernel argument size", "bytes", "1.0",
         "Largest total size of one kernel's arguments."),
        ("PRINTF_BUFFER_SIZE", "printf buffer size", "bytes", "1.2",
         "Room for printf output from one kernel run; output past it is lost."),
        ("IL_VERSION", "Intermediate languages", "words", "2.1|cl_khr_il_program",
         "Intermediate languages (such as SPIR-V) programs can be loaded from."),
        ("ILS_WITH_VERSION", "Intermediate languages with version", "name_versions", "3.0",
         "The same intermediate languages, each with its version."),
        ("SPIR_VERSIONS", "SPIR versions", "words", "cl_khr_spir",
         "Versions of SPIR (the older LLVM-based portable binary) it accepts."),
        ("BUILT_IN_KERNELS", "Built-in kernels", "words", "1.2",
         "Kernels the device provides built in (fixed-function hardware), no source needed."),
        ("BUILT_IN_KERNELS_WITH_VERSION", "Built-in kernels with version", "name_versions",
         "3.0", "The same built-in kernels, each with its version."),
    ),
    "Partitioning": (
        ("PARTITION_MAX_SUB_DEVICES", "Max sub-devices", "count", "1.2",
         "Most sub-devices this device can be split into; 0 if it cannot be split."),
        ("PARTITION_PROPERTIES", "Partition types", "partition_props", "1.2",
         "Ways to split it: equally, by counts of compute units, or by affinity domain."),
        ("PARTITION_AFFINITY_DOMAIN", "Partition affinity domains", "affinity", "1.2",
         "Hardware boundaries it can be split along: NUMA nodes, shared caches."),
        ("PARTITION_TYPE", "Partition type", "partition_type", "1.2",
         "How this device was split from its parent; none for a whole device."),
        ("PARENT_DEVICE", "Parent device", "handle", "1.2",
         "The device this one was split from; none for a whole device."),
        ("REFERENCE_COUNT", "Reference count", "count", "1.2",
         "References the runtime holds on this device; always 1 for a whole device."),
    ),
    "Extensions": (
        ("EXTENSIONS", "Extensions", "words", "1.0",
         "Optional features beyond core OpenCL; kernels test them with #ifdef."),
        ("EXTENSIONS_WITH_VERSION", "Extensions with version", "name_versions", "3.0",
         "The same extensions, each with its version."),
        ("OPENCL_C_FEATURES", "OpenCL C features", "name_versions", "3.0",
         "Optional OpenCL C 3.0 features the compiler supports (macros like __opencl_c_fp64)."),
    ),
    "Vendor specific": (
        ("BOARD_NAME_AMD", "Board name (AMD)", "text", _AMD, "Marketing name of the AMD card."),
        ("TOPOLOGY_AMD", "PCIe location (AMD)", "pci_location", _AMD,
         "Where the GPU sits on the PCIe bus, as bus:device.function."),
        ("PCIE_ID_AMD", "PCIe ID (AMD)", "hex", _AMD, "PCIe device ID of the GPU."),
        ("GFXIP_MAJOR_AMD", "GFX IP major (AMD)", "count", _AMD, "GPU architecture generation."),
        ("GFXIP_MINOR_AMD", "GFX IP minor (AMD)", "count", _AMD, "GPU architecture revision."),
        ("GLOBAL_FREE_MEMORY_AMD", "Free global memory (AMD)", "kib_list", _AMD,
         "Free global memory now: in total, and the largest free block."),
        ("SIMD_PER_COMPUTE_UNIT_AMD", "SIMDs per compute unit (AMD)", "count", _AMD,
         "SIMD engines inside one compute unit."),
        ("SIMD_WIDTH_AMD", "SIMD width (AMD)", "count", _AMD, "Lanes in one SIMD engine."),
        ("SIMD_INSTRUCTION_WIDTH_AMD", "SIMD instruction width (AMD)", "count", _AMD,
         "Operations one SIMD instruction does per lane."),
        ("WAVEFRONT_WIDTH_AMD", "Wavefront width (AMD)", "count", _AMD,
         "Work-items that run in lockstep; make work-groups a multiple of it."),
        ("GLOBAL_MEM_CHANNELS_AMD", "Global memory channels (AMD)", "count", _AMD,
         "Memory channels that serve global memory in parallel."),
        ("GLOBAL_MEM_CHANNEL_BANKS_AMD", "Banks per memory channel (AMD)", "count", _AMD,
         "Banks inside one memory channel."),
        ("GLOBAL_MEM_CHANNEL_BANK_WIDTH_AMD", "Memory channel bank width (AMD)", "count",
         _AMD, "Width of one memory bank."),
        ("LOCAL_MEM_SIZE_PER_COMPUTE_UNIT_AMD", "Local memory per compute unit (AMD)", "bytes",
         _AMD, "Local memory one compute unit has, shared by its work-groups."),
        ("LOCAL_MEM_BANKS_AMD", "Local memory banks (AMD)", "count", _AMD,
         "Banks of local memory; work-items hitting one bank wait for each other."),
        ("THREAD_TRACE_SUPPORTED_AMD", "Thread trace (AMD)", "bool", _AMD,
         "Whether AMD's profiler can trace threads on it."),
        ("AVAILABLE_ASYNC_QUEUES_AMD", "Async queues (AMD)", "count", _AMD,
         "Hardware queues that run work concurrently."),
        ("PREFERRED_WORK_GROUP_SIZE_AMD", "Preferred work group size (AMD)", "count", _AMD,
         "Work-group size AMD recommends."),
        ("MAX_WORK_GROUP_SIZE_AMD", "Max work group size (AMD)", "count", _AMD,
         "Largest work-group size the hardware allows."),
        ("PREFERRED_CONSTANT_BUFFER_SIZE_AMD", "Preferred constant buffer size (AMD)", "bytes",
         _AMD, "__constant buffers up to this size run fastest."),
        ("PROFILING_TIMER_OFFSET_AMD", "Profiling timer offset (AMD)", "ns", _AMD,
         "Add to event timestamps to get time since the epoch."),
        ("COMPUTE_CAPABILITY_MAJOR_NV", "Compute capability major (NVIDIA)", "count", _NV,
         "CUDA architecture generation (e.g. 8 for Ampere)."),
        ("COMPUTE_CAPABILITY_MINOR_NV", "Compute capability minor (NVIDIA)", "count", _NV,
         "CUDA architecture revision."),
        ("REGISTERS_PER_BLOCK_NV", "Registers per block (NVIDIA)", "count", _NV,
         "32-bit registers a work-group shares; big kernels may fit fewer work-items."),
        ("WARP_SIZE_NV", "Warp size (NVIDIA)", "count", _NV,
         "Work-items that run in lockstep; make work-groups a multiple of it."),
        ("GPU_OVERLAP_NV", "Copy/compute overlap (NVIDIA)", "bool", _NV,
         "Whether copies can run while kernels run."),
        ("KERNEL_EXEC_TIMEOUT_NV", "Kernel run time limit (NVIDIA)", "bool", _NV,
         "Whether a watchdog kills long kernels (GPU that also drives a display)."),
        ("INTEGRATED_MEMORY_NV", "Integrated memory (NVIDIA)", "bool", _NV,
         "Whether the GPU shares memory with the host."),
        ("ATTRIBUTE_ASYNC_ENGINE_COUNT_NV", "Async copy engines (NVIDIA)", "count", _NV,
         "Copy engines that move data while kernels run."),
        ("PCI_BUS_ID_NV", "PCI bus (NVIDIA)", "count", _NV, "PCI bus number of the GPU."),
        ("PCI_SLOT_ID_NV", "PCI slot (NVIDIA)", "count", _NV, "PCI slot number of the GPU."),
        ("PCI_DOMAIN_ID_NV", "PCI domain (NVIDIA)", "count", _NV, "PCI domain of the GPU."),
        ("ME_VERSION_INTEL", "Motion estimation version (Intel)", "count",
         "cl_intel_advanced_motion_estimation", "Version of the video motion estimation unit."),
        ("SIMULTANEOUS_INTEROPS_INTEL", "Simultaneous interops (Intel)", "int_list",
         "cl_intel_simultaneous_sharing", "Graphics APIs it can share memory with at once."),
        ("NUM_SIMULTANEOUS_INTEROPS_INTEL", "Number of simultaneous interops (Intel)", "count",
         "cl_intel_simultaneous_sharing", "How many such API combinations there are."),
        ("EXT_MEM_PADDING_IN_BYTES_QCOM", "Host memory padding (Qualcomm)", "bytes",
         "cl_qcom_ext_host_ptr", "Padding needed after host memory a buffer wraps."),
        ("PAGE_SIZE_QCOM", "Page size (Qualcomm)", "bytes", "cl_qcom_ext_host_ptr",
         "Page size host memory a buffer wraps must be aligned to."),
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


# Bit fields and enums, by pyopencl's constants. Their own to_string() is no help here:
# it also names ALL (every bit set) and a `_is_bitfield` marker.
def _names(cls: Any, **labels: str) -> tuple[tuple[int, str], ...]:
    return tuple((int(getattr(cls, attr)), label) for attr, label in labels.items())


DEVICE_TYPES = _names(
    cl.device_type, CPU="CPU", GPU="GPU", ACCELERATOR="Accelerator", CUSTOM="Custom",
    DEFAULT="Default",
)  # fmt: skip
_FP_CONFIG = _names(
    cl.device_fp_config, DENORM="Denorms", INF_NAN="INF and NaN",
    ROUND_TO_NEAREST="Round to nearest", ROUND_TO_ZERO="Round to zero",
    ROUND_TO_INF="Round to infinity", FMA="Fused multiply-add",
    SOFT_FLOAT="Emulated in software",
    CORRECTLY_ROUNDED_DIVIDE_SQRT="Correctly rounded divide and sqrt",
)  # fmt: skip
_EXEC_CAPS = _names(
    cl.device_exec_capabilities, KERNEL="OpenCL kernels", NATIVE_KERNEL="Native host functions"
)
_QUEUE_PROPS = _names(
    cl.command_queue_properties, OUT_OF_ORDER_EXEC_MODE_ENABLE="Out-of-order execution",
    PROFILING_ENABLE="Profiling", ON_DEVICE="On device", ON_DEVICE_DEFAULT="Default device queue",
)  # fmt: skip
_SVM_CAPS = _names(
    cl.device_svm_capabilities, COARSE_GRAIN_BUFFER="Coarse-grained buffers",
    FINE_GRAIN_BUFFER="Fine-grained buffers", FINE_GRAIN_SYSTEM="Fine-grained system memory",
    ATOMICS="SVM atomics",
)  # fmt: skip
_ATOMIC_CAPS = _names(
    cl.device_atomic_capabilities, ORDER_RELAXED="Relaxed order",
    ORDER_ACQ_REL="Acquire/release order", ORDER_SEQ_CST="Sequentially consistent order",
    SCOPE_WORK_ITEM="Work-item scope", SCOPE_WORK_GROUP="Work-group scope",
    SCOPE_DEVICE="Device scope", SCOPE_ALL_DEVICES="All-devices scope",
)  # fmt: skip
_AFFINITY = _names(
    cl.device_affinity_domain, NUMA="NUMA node", L4_CACHE="L4 cache", L3_CACHE="L3 cache",
    L2_CACHE="L2 cache", L1_CACHE="L1 cache", NEXT_PARTITIONABLE="Next partitionable",
)  # fmt: skip
_ENQUEUE_CAPS = _names(
    cl.device_device_enqueue_capabilities, SUPPORTED="Device-side enqueue",
    REPLACEABLE_DEFAULT="Replaceable default queue",
)  # fmt: skip
_CACHE_TYPES = dict(
    _names(cl.device_mem_cache_type, NONE="None", READ_ONLY_CACHE="Read-only",
           READ_WRITE_CACHE="Read/write")
)  # fmt: skip
_LOCAL_MEM_TYPES = dict(
    _names(cl.device_local_mem_type, LOCAL="Local (dedicated on-chip memory)",
           GLOBAL="Global (emulated in global memory)")
) | {0: "None (no local memory)"}  # fmt: skip
_PARTITION_PROPS = dict(
    _names(cl.device_partition_property, EQUALLY="Equally", BY_COUNTS="By counts",
           BY_AFFINITY_DOMAIN="By affinity domain")
)  # fmt: skip


def bit_names(value: int, names: tuple[tuple[int, str], ...]) -> list[str]:
    """The labels of the bits set in value, then any bits nobody named, in hex."""
    labels = [label for bit, label in names if value & bit]
    unknown = value & ~sum(bit for bit, _ in names)
    return [*labels, f"unknown bits 0x{unknown:x}"] if unknown else labels


def _bitfield(names: tuple[tuple[int, str], ...], zero: str) -> Callable[[Any], str]:
    return lambda value: ", ".join(bit_names(value, names)) or zero


def _enum(names: dict[int, str]) -> Callable[[Any], str]:
    return lambda value: names.get(value, f"unknown ({value})")


def format_bytes(n: int) -> str:
    """A size in binary units with the exact count beside it: `3.44 GiB (3694820352 bytes)`."""
    if n < 1024:
        return "1 byte" if n == 1 else f"{n} bytes"
    return f"{units.format_bytes(n)} ({n} bytes)"


def version_text(numeric: int) -> str:
    """An OpenCL packed version (major 10 bits, minor 10 bits, patch 12 bits) as 'M.m.p'."""
    return f"{numeric >> 22}.{(numeric >> 12) & 0x3FF}.{numeric & 0xFFF}"


def _name_versions(value: list[dict[str, str]]) -> str:
    return ", ".join(f"{item['name']} {item['version']}" for item in value) or "(none)"


def _partition_type(value: list[int]) -> str:
    """A property list as clCreateSubDevices took it: the property, its values, then 0."""
    if not value or value[0] == 0:
        return "none (a whole device)"
    first, *rest = value
    args = [v for v in rest if v]
    how = _PARTITION_PROPS.get(first, f"unknown ({first})")
    if not args:
        return how
    if first == cl.device_partition_property.BY_AFFINITY_DOMAIN:
        return f"{how} ({', '.join(bit_names(args[0], _AFFINITY))})"
    if first == cl.device_partition_property.EQUALLY:
        return f"{how} ({args[0]} compute units each)"
    return f"{how} ({' + '.join(str(a) for a in args)} compute units)"


FORMATTERS: dict[str, Callable[[Any], str]] = {
    "text": lambda v: v or "(none)",
    "pci_location": str,
    "count": str,
    "hex": lambda v: f"0x{v:x}",
    "bool": lambda v: "Yes" if v else "No",
    "bytes": format_bytes,
    "bits": lambda v: f"{v} bits ({format_bytes(v // 8)})",
    "mhz": lambda v: f"{v} MHz",
    "ns": lambda v: f"{v} ns",
    "pixels": lambda v: "1 pixel" if v == 1 else f"{v} pixels",
    "sizes": lambda v: " x ".join(str(n) for n in v),
    "int_list": lambda v: ", ".join(str(n) for n in v) or "(none)",
    "kib_list": lambda v: ", ".join(format_bytes(n * 1024) for n in v) or "(none)",
    "words": lambda v: ", ".join(v) or "(none)",
    "name_versions": _name_versions,
    "version": version_text,
    "uuid": lambda v: v,
    "handle": lambda v: v or "none",
    "device_type": _bitfield(DEVICE_TYPES, "none"),
    "fp_config": _bitfield(_FP_CONFIG, "Not supported"),
    "exec_caps": _bitfield(_EXEC_CAPS, "none"),
    "queue_props": _bitfield(_QUEUE_PROPS, "none"),
    "svm_caps": _bitfield(_SVM_CAPS, "none (no shared virtual memory)"),
    "atomic_caps": _bitfield(_ATOMIC_CAPS, "none"),
    "affinity": _bitfield(_AFFINITY, "none"),
    "enqueue_caps": _bitfield(_ENQUEUE_CAPS, "Not supported"),
    "cache_type": _enum(_CACHE_TYPES),
    "local_mem_type": _enum(_LOCAL_MEM_TYPES),
    "partition_props": lambda v: (
        ", ".join(_PARTITION_PROPS.get(p, str(p)) for p in v if p) or "none (cannot be split)"
    ),
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


def display_value(kind: str, raw: object) -> str:
    """Text in human units for a plain value of this kind."""
    return FORMATTERS[kind](raw)
