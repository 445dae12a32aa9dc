"""Discovery on PoCL, refused queries, no platform at all, selection, JSON and text."""

import json
import subprocess
import sys
from collections.abc import Callable

import pyopencl as cl
import pytest

from clstudio.devices import inventory as devices
from clstudio.devices import raw_info
from clstudio.devices.discovery import discover
from clstudio.devices.field_catalogue import GROUP_ORDER
from clstudio.devices.inventory import (
    DeviceInfo,
    DeviceInventory,
    InfoField,
    PlatformInfo,
    device_type_name,
    format_inventory,
    inventory_to_json,
)
from clstudio.devices.selector import DeviceSelector, is_simulator, matches
from devices.test_device_fields import CLINFO_DEVICE_NAMES


def cl_error(kind: type[Exception], routine: str, code_name: str) -> Exception:
    code = getattr(cl.status_code, code_name)
    return kind(cl._cl._ErrorRecord(routine=routine, code=code, msg=""))


@pytest.fixture(scope="module")
def inventory() -> DeviceInventory:
    return discover()


def default_platform() -> cl.Platform:
    """The platform runs use when a session names none: not the Oclgrind simulator."""
    return next(p for p in cl.get_platforms() if not is_simulator(p.name))


@pytest.fixture(scope="module")
def device(inventory: DeviceInventory) -> DeviceInfo | None:
    return inventory.select(None)


@pytest.mark.opencl
def test_pocl_device_has_every_field_clinfo_prints(
    inventory: DeviceInventory, device: DeviceInfo | None
) -> None:
    assert inventory.problem is None
    assert device is not None
    assert len(device.fields) >= 100
    version = device.value("CL_DEVICE_NUMERIC_VERSION", 0)
    if isinstance(version, int) and version >= 0xC00000:  # OpenCL 3.0
        assert device is not None
        names = {f.name for f in device.fields if f.available}
        assert set(CLINFO_DEVICE_NAMES) <= names


@pytest.mark.opencl
def test_every_field_is_labelled_explained_and_in_group_order(
    inventory: DeviceInventory, device: DeviceInfo | None
) -> None:
    assert device is not None
    for field in (*inventory.platforms[device.platform_index].fields, *device.fields):
        assert field.name.startswith("CL_") and field.label and field.explanation, field
        assert field.display, field
    assert device is not None
    order = [GROUP_ORDER.index(f.group) for f in device.fields]
    assert order == sorted(order)


@pytest.mark.opencl
def test_device_identity_and_known_values(
    inventory: DeviceInventory, device: DeviceInfo | None
) -> None:
    assert device is not None
    platform = inventory.platforms[device.platform_index]
    assert device.platform_name == platform.name == default_platform().name
    assert device.name == default_platform().get_devices()[0].name
    assert device.version.startswith("OpenCL ")
    assert device.type in ("CPU", "GPU", "Accelerator", "Custom", "Default")
    kind = device.field("CL_DEVICE_TYPE")
    assert kind is not None and kind.display.startswith(device.type)
    sizes = device.value("CL_DEVICE_MAX_WORK_ITEM_SIZES")
    assert isinstance(sizes, list) and len(sizes) == device.value(
        "CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS"
    )
    assert all(isinstance(n, int) and n > 0 for n in sizes)
    memory = device.field("CL_DEVICE_GLOBAL_MEM_SIZE")
    assert memory is not None
    assert f"({memory.raw} bytes)" in memory.display
    clock = device.field("CL_DEVICE_MAX_CLOCK_FREQUENCY")
    assert clock is not None
    assert clock.display == f"{clock.raw} MHz"
    assert device.value("CL_DEVICE_AVAILABLE") is True
    assert device.value("CL_NO_SUCH_FIELD", "fallback") == "fallback"
    assert device.field("CL_NO_SUCH_FIELD") is None


@pytest.mark.opencl
def test_queries_pyopencl_gets_wrong_are_asked_directly(device: DeviceInfo | None) -> None:
    # pyopencl asks for the printf buffer size with the wrong size and PoCL refuses it.
    assert device is not None
    printf_size = device.field("CL_DEVICE_PRINTF_BUFFER_SIZE")
    assert printf_size is not None
    assert printf_size.available and isinstance(printf_size.raw, int) and printf_size.raw > 0
    # PoCL writes 4 of 8 bytes here; pyopencl then shows garbage in the high half.
    if device.field("CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES") is not None:
        assert device is not None
        assert device.value("CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES") in (0, 1, 3)


@pytest.mark.opencl
def test_a_refused_query_becomes_an_unavailable_field(monkeypatch: pytest.MonkeyPatch) -> None:
    real_get_info = cl.Device.get_info
    refused = cl.device_info.MAX_COMPUTE_UNITS

    def get_info(self: cl.Device, param: cl.device_info) -> object:
        if param == refused:
            raise cl_error(cl.LogicError, "clGetDeviceInfo", "INVALID_VALUE")
        return real_get_info(self, param)

    def device_info(device: cl.Device, code: int) -> None:
        raise raw_info.RawInfoError("clGetDeviceInfo failed: INVALID_VALUE")

    monkeypatch.setattr(cl.Device, "get_info", get_info)
    monkeypatch.setattr(raw_info, "device_info", device_info)
    device = discover().devices()[0]
    units = device.field("CL_DEVICE_MAX_COMPUTE_UNITS")
    assert units is not None
    assert units.available is False and units.raw is None
    assert units.display == "unavailable: clGetDeviceInfo failed: INVALID_VALUE"
    assert units.label == "Max compute units" and units.explanation
    assert device.value("CL_DEVICE_MAX_COMPUTE_UNITS", -1) == -1
    printf_size = device.field("CL_DEVICE_PRINTF_BUFFER_SIZE")
    name = device.field("CL_DEVICE_NAME")
    assert printf_size is not None and printf_size.available is False
    assert name is not None and name.available
    assert "unavailable: clGetDeviceInfo failed" in format_inventory(discover())


@pytest.mark.opencl
def test_a_platform_that_cannot_list_devices_is_still_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def get_devices(self: cl.Platform, device_type: int | None = None) -> None:
        raise cl_error(cl.RuntimeError, "clGetDeviceIDs", "OUT_OF_HOST_MEMORY")

    monkeypatch.setattr(cl.Platform, "get_devices", get_devices)
    inventory = discover()
    assert inventory.platforms and inventory.devices() == ()
    refused = next(f for f in inventory.platforms[0].fields if f.name == "clGetDeviceIDs")
    assert not refused.available and "OUT_OF_HOST_MEMORY" in refused.display
    assert "pip install pocl-binary-distribution" in (inventory.problem or "")


def _no_platform_error() -> list[object]:
    raise cl_error(cl.LogicError, "clGetPlatformIDs", "PLATFORM_NOT_FOUND_KHR")


@pytest.mark.parametrize(
    "get_platforms", [_no_platform_error, list], ids=["icd-loader-error", "empty-list"]
)
def test_no_platform_gives_an_empty_inventory_that_says_how_to_get_one(
    monkeypatch: pytest.MonkeyPatch, get_platforms: Callable[[], list[object]]
) -> None:
    monkeypatch.setattr(cl, "get_platforms", get_platforms)
    inventory = discover()
    assert inventory.platforms == () and inventory.devices() == ()
    assert inventory.problem is not None
    assert "No OpenCL platform" in inventory.problem
    assert "pip install pocl-binary-distribution" in inventory.problem
    assert inventory.select(None) is None
    text = format_inventory(inventory)
    assert "pip install pocl-binary-distribution" in text
    assert "Number of platforms: 0" in text
    assert inventory_to_json(inventory)["problem"] == inventory.problem


def test_a_failing_loader_is_reported_with_its_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    def get_platforms() -> None:
        raise cl_error(cl.RuntimeError, "clGetPlatformIDs", "OUT_OF_HOST_MEMORY")

    monkeypatch.setattr(cl, "get_platforms", get_platforms)
    inventory = discover()
    assert inventory.platforms == ()
    assert inventory.problem is not None
    assert "clGetPlatformIDs failed: OUT_OF_HOST_MEMORY" in inventory.problem
    assert "pip install pocl-binary-distribution" in inventory.problem


@pytest.mark.opencl
def test_json_round_trips_and_names_every_field(inventory: DeviceInventory) -> None:
    data = inventory_to_json(inventory)
    assert json.loads(json.dumps(data)) == data
    assert data["format"] == "clstudio-devices" and data["version"] == 1
    platform = data["platforms"][0]
    assert {"index", "name", "vendor", "version", "fields", "devices"} <= platform.keys()
    device = platform["devices"][0]
    assert {"index", "name", "type", "version", "fields"} <= device.keys()
    keys = {"name", "label", "group", "raw", "display", "explanation", "available"}
    for field in (*platform["fields"], *device["fields"]):
        assert set(field) == keys and field["name"].startswith("CL_")
    by_name = {f["name"]: f for f in device["fields"]}
    assert by_name["CL_DEVICE_MAX_COMPUTE_UNITS"]["raw"] >= 1


@pytest.mark.opencl
def test_text_reads_like_clinfo(inventory: DeviceInventory, device: DeviceInfo | None) -> None:
    text = format_inventory(inventory)
    assert f"Platform 0: {inventory.platforms[0].name}" in text
    assert device is not None
    assert device.name in text
    assert "[Memory]" in text
    own = text[text.index(device.name) :]  # Oclgrind's simulator may be listed first
    line = next(line for line in own.splitlines() if "Max compute units" in line)
    assert line.split() == [
        "Max",
        "compute",
        "units",
        str(device.value("CL_DEVICE_MAX_COMPUTE_UNITS")),
    ]
    assert max(len(line) for line in text.splitlines()) <= devices.TEXT_WIDTH


def _device(
    platform_index: int, index: int, name: str, type_name: str, platform_name: str
) -> DeviceInfo:
    field = InfoField("CL_DEVICE_NAME", "Name", "Identity", name, name, "The name.")
    return DeviceInfo(platform_index, index, name, type_name, "OpenCL 3.0", platform_name, (field,))


def _inventory() -> DeviceInventory:
    pocl = PlatformInfo(
        0, "Portable Computing Language", "The pocl project", "OpenCL 3.0", (),
        (_device(0, 0, "pthread-Intel(R) Xeon(R)", "CPU", "Portable Computing Language"),),
    )  # fmt: skip
    nvidia = PlatformInfo(
        1, "NVIDIA CUDA", "NVIDIA Corporation", "OpenCL 3.0", (),
        (_device(1, 0, "NVIDIA GeForce RTX 4070", "GPU", "NVIDIA CUDA"),),
    )  # fmt: skip
    return DeviceInventory((pocl, nvidia))


@pytest.mark.parametrize(
    ("selector", "expected"),
    [
        (None, True),
        (DeviceSelector(), True),
        (DeviceSelector(device="cpu"), True),
        (DeviceSelector(device="CPU"), True),
        (DeviceSelector(device="xeon"), True),
        (DeviceSelector(device="gpu"), False),
        (DeviceSelector(platform="portable"), True),
        (DeviceSelector(platform="PoRtAbLe", device="pthread"), True),
        (DeviceSelector(platform="nvidia", device="cpu"), False),
    ],
)
def test_matches_substrings_of_platform_and_of_device_name_or_type(
    selector: DeviceSelector | None, expected: bool
) -> None:
    assert matches(selector, "Portable Computing Language", "pthread-Intel(R) Xeon(R)", "CPU") is (
        expected
    )


def test_select_picks_the_first_matching_device() -> None:
    inventory = _inventory()
    first = inventory.select(None)
    gpu = inventory.select(DeviceSelector(device="gpu"))
    nvidia = inventory.select(DeviceSelector(platform="nvidia"))
    assert first is not None and first.name == "pthread-Intel(R) Xeon(R)"
    assert gpu is not None and gpu.name == "NVIDIA GeForce RTX 4070"
    assert nvidia is not None and nvidia.platform_index == 1
    assert inventory.select(DeviceSelector(device="accelerator")) is None
    assert [d.name for d in inventory.devices()] == [
        "pthread-Intel(R) Xeon(R)",
        "NVIDIA GeForce RTX 4070",
    ]


def test_device_field_and_value_lookups() -> None:
    device = _inventory().devices()[0]
    name = device.field("CL_DEVICE_NAME")
    assert name is not None and name.display == "pthread-Intel(R) Xeon(R)"
    assert device.value("CL_DEVICE_NAME") == "pthread-Intel(R) Xeon(R)"
    assert device.value("CL_DEVICE_TYPE", "?") == "?"


def test_device_type_name_is_one_word() -> None:
    assert device_type_name(cl.device_type.CPU) == "CPU"
    assert device_type_name(cl.device_type.GPU | cl.device_type.DEFAULT) == "GPU"
    assert device_type_name(cl.device_type.DEFAULT) == "Default"
    assert device_type_name(cl.device_type.ACCELERATOR) == "Accelerator"


def test_the_core_modules_load_no_qt() -> None:
    script = (
        "import sys, clstudio.devices.discovery, clstudio.devices.field_catalogue, "
        "clstudio.devices.raw_info; "
        "print(any(m.startswith('PySide6') for m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr
