"""The catalogue covers what clinfo prints, and its formatters speak human units."""

from types import SimpleNamespace

import pyopencl as cl
import pytest

from clstudio.devices.field_catalogue import (
    CL_CONSTANTS,
    DEVICE_FIELDS,
    FORMATTERS,
    GROUP_ORDER,
    PLATFORM_FIELDS,
    FieldSpec,
    decode_bytes,
    display_value,
    format_bytes,
    plain_value,
    version_text,
)

# Every device parameter `clinfo --raw` prints for PoCL's OpenCL 3.0 CPU device (clinfo
# 3.0.23.01.25), less CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, a kernel query.
CLINFO_DEVICE_NAMES = """
CL_DEVICE_NAME CL_DEVICE_VENDOR CL_DEVICE_VENDOR_ID CL_DEVICE_VERSION CL_DEVICE_NUMERIC_VERSION
CL_DRIVER_VERSION CL_DEVICE_OPENCL_C_VERSION CL_DEVICE_OPENCL_C_ALL_VERSIONS
CL_DEVICE_OPENCL_C_FEATURES CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED CL_DEVICE_TYPE
CL_DEVICE_PROFILE CL_DEVICE_AVAILABLE CL_DEVICE_COMPILER_AVAILABLE CL_DEVICE_LINKER_AVAILABLE
CL_DEVICE_MAX_COMPUTE_UNITS CL_DEVICE_MAX_CLOCK_FREQUENCY CL_DEVICE_PARTITION_MAX_SUB_DEVICES
CL_DEVICE_PARTITION_PROPERTIES CL_DEVICE_PARTITION_AFFINITY_DOMAIN
CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS CL_DEVICE_MAX_WORK_ITEM_SIZES CL_DEVICE_MAX_WORK_GROUP_SIZE
CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE CL_DEVICE_MAX_NUM_SUB_GROUPS
CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR
CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT
CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT CL_DEVICE_NATIVE_VECTOR_WIDTH_INT
CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG
CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF
CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT
CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE
CL_DEVICE_SINGLE_FP_CONFIG CL_DEVICE_DOUBLE_FP_CONFIG CL_DEVICE_ADDRESS_BITS
CL_DEVICE_ENDIAN_LITTLE CL_DEVICE_GLOBAL_MEM_SIZE CL_DEVICE_ERROR_CORRECTION_SUPPORT
CL_DEVICE_MAX_MEM_ALLOC_SIZE CL_DEVICE_HOST_UNIFIED_MEMORY CL_DEVICE_SVM_CAPABILITIES
CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE CL_DEVICE_MEM_BASE_ADDR_ALIGN
CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT
CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES
CL_DEVICE_ATOMIC_FENCE_CAPABILITIES CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE
CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE CL_DEVICE_GLOBAL_MEM_CACHE_TYPE
CL_DEVICE_GLOBAL_MEM_CACHE_SIZE CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE CL_DEVICE_IMAGE_SUPPORT
CL_DEVICE_MAX_SAMPLERS CL_DEVICE_IMAGE_MAX_BUFFER_SIZE CL_DEVICE_IMAGE_MAX_ARRAY_SIZE
CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT CL_DEVICE_IMAGE_PITCH_ALIGNMENT
CL_DEVICE_IMAGE2D_MAX_HEIGHT CL_DEVICE_IMAGE2D_MAX_WIDTH CL_DEVICE_IMAGE3D_MAX_HEIGHT
CL_DEVICE_IMAGE3D_MAX_WIDTH CL_DEVICE_IMAGE3D_MAX_DEPTH CL_DEVICE_MAX_READ_IMAGE_ARGS
CL_DEVICE_MAX_WRITE_IMAGE_ARGS CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS CL_DEVICE_PIPE_SUPPORT
CL_DEVICE_MAX_PIPE_ARGS CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS CL_DEVICE_PIPE_MAX_PACKET_SIZE
CL_DEVICE_LOCAL_MEM_TYPE CL_DEVICE_LOCAL_MEM_SIZE CL_DEVICE_MAX_CONSTANT_ARGS
CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT
CL_DEVICE_MAX_PARAMETER_SIZE CL_DEVICE_QUEUE_ON_HOST_PROPERTIES
CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES
CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE
CL_DEVICE_MAX_ON_DEVICE_QUEUES CL_DEVICE_MAX_ON_DEVICE_EVENTS
CL_DEVICE_PREFERRED_INTEROP_USER_SYNC CL_DEVICE_PROFILING_TIMER_RESOLUTION
CL_DEVICE_EXECUTION_CAPABILITIES CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT
CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS
CL_DEVICE_IL_VERSION CL_DEVICE_ILS_WITH_VERSION CL_DEVICE_PRINTF_BUFFER_SIZE
CL_DEVICE_BUILT_IN_KERNELS CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION CL_DEVICE_EXTENSIONS
CL_DEVICE_EXTENSIONS_WITH_VERSION
""".split()  # noqa: SIM905 (compact table)

CLINFO_PLATFORM_NAMES = """
CL_PLATFORM_NAME CL_PLATFORM_VENDOR CL_PLATFORM_VERSION CL_PLATFORM_PROFILE
CL_PLATFORM_EXTENSIONS CL_PLATFORM_EXTENSIONS_WITH_VERSION CL_PLATFORM_NUMERIC_VERSION
CL_PLATFORM_ICD_SUFFIX_KHR CL_PLATFORM_HOST_TIMER_RESOLUTION
""".split()  # noqa: SIM905 (compact table)


def test_the_catalogue_covers_every_field_clinfo_prints() -> None:
    assert len(set(CLINFO_DEVICE_NAMES)) == 104
    device_names = {spec.name for spec in DEVICE_FIELDS}
    assert set(CLINFO_DEVICE_NAMES) <= device_names
    assert set(CLINFO_PLATFORM_NAMES) <= {spec.name for spec in PLATFORM_FIELDS}


@pytest.mark.parametrize("specs", [DEVICE_FIELDS, PLATFORM_FIELDS], ids=["device", "platform"])
def test_every_entry_is_complete_and_names_are_unique(specs: tuple[FieldSpec, ...]) -> None:
    assert len({spec.name for spec in specs}) == len(specs)
    for spec in specs:
        assert spec.name.startswith("CL_"), spec
        assert spec.label and spec.explanation, spec
        assert "\n" not in spec.explanation and len(spec.explanation) <= 100, spec
        assert spec.group in GROUP_ORDER, spec
        assert spec.kind in FORMATTERS, spec
        assert spec.since is not None or spec.extension, spec
        assert spec.attr is not None or spec.code is not None, spec


def test_every_pyopencl_attribute_in_the_catalogue_exists() -> None:
    for spec in DEVICE_FIELDS:
        if spec.attr:
            assert hasattr(cl.device_info, spec.attr), spec.name
    for spec in PLATFORM_FIELDS:
        if spec.attr:
            assert hasattr(cl.platform_info, spec.attr), spec.name


def test_fields_apply_by_opencl_version_or_extension() -> None:
    by_name = {spec.name: spec for spec in DEVICE_FIELDS}
    svm = by_name["CL_DEVICE_SVM_CAPABILITIES"]
    assert not svm.applies((1, 2), frozenset())
    assert svm.applies((2, 0), frozenset())
    assert svm.applies((3, 0), frozenset())
    double = by_name["CL_DEVICE_DOUBLE_FP_CONFIG"]
    assert not double.applies((1, 1), frozenset())
    assert double.applies((1, 1), frozenset({"cl_khr_fp64"}))
    warp = by_name["CL_DEVICE_WARP_SIZE_NV"]
    assert not warp.applies((3, 0), frozenset({"cl_khr_fp64"}))
    assert warp.applies((1, 2), frozenset({"cl_nv_device_attribute_query"}))


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (0, "0 bytes"),
        (1, "1 byte"),
        (64, "64 bytes"),
        (1023, "1023 bytes"),
        (1024, "1 KiB (1024 bytes)"),
        (1536, "1.5 KiB (1536 bytes)"),
        (1023 * 1024, "1023 KiB (1047552 bytes)"),
        (2097152, "2 MiB (2097152 bytes)"),
        (3694820352, "3.44 GiB (3694820352 bytes)"),
        (3 * 2**40, "3 TiB (3298534883328 bytes)"),
    ],
)
def test_bytes_read_in_binary_units_with_the_exact_count(n: int, text: str) -> None:
    assert format_bytes(n) == text
    assert display_value("bytes", n) == text


@pytest.mark.parametrize(
    ("kind", "raw", "text"),
    [
        ("mhz", 2100, "2100 MHz"),
        ("ns", 1, "1 ns"),
        ("bits", 1024, "1024 bits (128 bytes)"),
        ("hex", 0x8086, "0x8086"),
        ("bool", True, "Yes"),
        ("bool", False, "No"),
        ("pixels", 8192, "8192 pixels"),
        ("sizes", [1024, 1024, 64], "1024 x 1024 x 64"),
        ("version", 0xC00000, "3.0.0"),
        ("version", 0x402000, "1.2.0"),
        ("text", "", "(none)"),
        ("words", ["cl_khr_fp64", "cl_khr_icd"], "cl_khr_fp64, cl_khr_icd"),
        ("words", [], "(none)"),
        ("kib_list", [2048, 1], "2 MiB (2097152 bytes), 1 KiB (1024 bytes)"),
        ("name_versions", [{"name": "OpenCL C", "version": "1.2.0"}], "OpenCL C 1.2.0"),
        ("handle", "", "none"),
    ],
)
def test_scalar_and_list_formatters(
    kind: str,
    raw: bool | int | list[dict[str, str]] | list[int] | list[object] | list[str] | str,
    text: str,
) -> None:
    assert display_value(kind, raw) == text


@pytest.mark.parametrize(
    ("kind", "raw", "text"),
    [
        ("device_type", 2, "CPU"),
        ("device_type", 4 | 1, "GPU, Default"),
        ("fp_config", 0x7, "Denorms, INF and NaN, Round to nearest"),
        (
            "fp_config",
            191,
            "Denorms, INF and NaN, Round to nearest, Round to zero, Round to infinity, "
            "Fused multiply-add, Correctly rounded divide and sqrt",
        ),
        ("fp_config", 0, "Not supported"),
        ("fp_config", 0x101, "Denorms, unknown bits 0x100"),
        ("exec_caps", 3, "OpenCL kernels, Native host functions"),
        ("queue_props", 3, "Out-of-order execution, Profiling"),
        ("queue_props", 0, "none"),
        ("svm_caps", 11, "Coarse-grained buffers, Fine-grained buffers, SVM atomics"),
        (
            "atomic_caps",
            63,
            "Relaxed order, Acquire/release order, Sequentially consistent order, "
            "Work-item scope, Work-group scope, Device scope",
        ),
        ("affinity", 1 | 4, "NUMA node, L3 cache"),
        ("enqueue_caps", 0, "Not supported"),
        ("enqueue_caps", 1, "Device-side enqueue"),
        ("cache_type", 2, "Read/write"),
        ("cache_type", 0, "None"),
        ("local_mem_type", 1, "Local (dedicated on-chip memory)"),
        ("local_mem_type", 2, "Global (emulated in global memory)"),
        ("partition_props", [0x1086, 0x1087], "Equally, By counts"),
        ("partition_props", [0], "none (cannot be split)"),
        ("partition_type", [0], "none (a whole device)"),
        ("partition_type", [0x1086, 4, 0], "Equally (4 compute units each)"),
        ("partition_type", [0x1087, 2, 6, 0, 0], "By counts (2 + 6 compute units)"),
        ("partition_type", [0x1088, 1, 0], "By affinity domain (NUMA node)"),
    ],
)
def test_enums_and_bit_fields_read_as_names(kind: str, raw: int | list[int], text: str) -> None:
    assert display_value(kind, raw) == text


def test_plain_values_are_json_data() -> None:
    name_version = SimpleNamespace(name="cl_khr_fp64", version=0x400000)
    assert plain_value("name_versions", [name_version]) == [
        {"name": "cl_khr_fp64", "version": "1.0.0"}
    ]
    assert plain_value("words", "cl_khr_a   cl_khr_b ") == ["cl_khr_a", "cl_khr_b"]
    assert plain_value("words", "kernel_a;kernel_b") == ["kernel_a", "kernel_b"]
    assert plain_value("bool", 1) is True
    assert plain_value("handle", None) == ""
    assert plain_value("handle", SimpleNamespace(name="PoCL")) == "PoCL"
    assert plain_value("affinity", [0]) == 0
    assert plain_value("pci_location", SimpleNamespace(bus=3, device=0, function=1)) == "03:00.1"
    assert plain_value("sizes", (4096, 4096, 4096)) == [4096, 4096, 4096]
    uuid = bytes(range(16))
    assert plain_value("uuid", uuid) == "00010203-0405-0607-0809-0a0b0c0d0e0f"


def test_direct_answers_decode_to_what_pyopencl_would_give() -> None:
    assert decode_bytes("text", b"POCL\0") == "POCL"
    assert decode_bytes("words", b"cl_khr_icd cl_khr_fp64\0") == "cl_khr_icd cl_khr_fp64"
    # PoCL writes 4 bytes where the spec says 8: the driver's own size is what counts.
    assert decode_bytes("enqueue_caps", (0).to_bytes(4, "little")) == 0
    assert decode_bytes("bytes", (16777216).to_bytes(8, "little")) == 16777216
    assert decode_bytes("uuid", b"\x01" * 16) == b"\x01" * 16


def test_version_text_unpacks_major_minor_patch() -> None:
    assert version_text((2 << 22) | (1 << 12) | 7) == "2.1.7"


def test_the_written_out_constants_are_pyopencls() -> None:
    # The catalogue writes cl.h's values out so that the window needs no pyopencl.
    for kind, values in CL_CONSTANTS.items():
        assert values == {name: int(getattr(getattr(cl, kind), name)) for name in values}, kind
