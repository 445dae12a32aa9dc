"""The choice of a device, without Qt: the session's, else the last used, else the first."""

from __future__ import annotations

from clstudio.devices import (
    DeviceInfo,
    DeviceInventory,
    DeviceSelector,
    DeviceState,
    DeviceStatus,
    PlatformInfo,
    choose_device,
    device_status,
)

CPU_PLATFORM, GPU_PLATFORM = "Portable Computing Language", "Fake GPU Platform"


def _device(platform: int, platform_name: str, name: str, kind: str) -> DeviceInfo:
    return DeviceInfo(platform, 0, name, kind, "OpenCL 3.0", platform_name, ())


def _platform(index: int, name: str, devices: tuple[DeviceInfo, ...]) -> PlatformInfo:
    return PlatformInfo(index, name, "a vendor", "OpenCL 3.0", (), devices)


SIMULATOR = _device(0, "Oclgrind", "Oclgrind Simulator", "CPU")
CPU = _device(1, CPU_PLATFORM, "pthread-Fake CPU", "CPU")
GPU = _device(2, GPU_PLATFORM, "Fake GPU 9000", "GPU")
# Oclgrind lists itself first on some machines; it must never be taken unasked.
INVENTORY = DeviceInventory(
    (
        _platform(0, "Oclgrind", (SIMULATOR,)),
        _platform(1, CPU_PLATFORM, (CPU,)),
        _platform(2, GPU_PLATFORM, (GPU,)),
    )
)
EMPTY = DeviceInventory((), problem="no OpenCL platform")
GPU_SELECTOR = DeviceSelector(GPU_PLATFORM, "Fake GPU 9000")


def test_the_sessions_choice_wins_over_the_last_used() -> None:
    assert choose_device(INVENTORY, DeviceSelector("", "gpu"), DeviceSelector("", "cpu")) == GPU


def test_a_session_without_a_device_takes_the_last_used() -> None:
    assert choose_device(INVENTORY, None, GPU_SELECTOR) == GPU


def test_without_a_choice_the_first_device_that_is_not_the_simulator() -> None:
    assert choose_device(INVENTORY, None, None) == CPU


def test_a_last_used_device_gone_falls_back_to_the_first() -> None:
    assert choose_device(INVENTORY, None, DeviceSelector("Gone", "accelerator")) == CPU


def test_a_session_asking_for_a_missing_device_gets_none() -> None:
    """Not some other device: the session's kernel may need what it asked for."""
    assert choose_device(INVENTORY, DeviceSelector("", "accelerator"), GPU_SELECTOR) is None


def test_the_simulator_only_when_named() -> None:
    assert choose_device(INVENTORY, DeviceSelector("Oclgrind", ""), None) == SIMULATOR


def test_no_device_found_gives_none_whatever_was_asked() -> None:
    assert choose_device(EMPTY, None, None) is None
    assert choose_device(EMPTY, GPU_SELECTOR, GPU_SELECTOR) is None


def test_the_status_names_the_device_in_use_even_while_looking() -> None:
    status = device_status(GPU, INVENTORY, None, looking=True)
    assert status == DeviceStatus(DeviceState.USING, GPU)


def test_the_status_says_looking_until_discovery_answers() -> None:
    assert device_status(None, EMPTY, GPU_SELECTOR, looking=True).state is DeviceState.LOOKING


def test_the_status_names_what_the_session_asked_for_when_nothing_matches() -> None:
    status = device_status(None, INVENTORY, DeviceSelector("Acme", "accelerator"), looking=False)
    assert status == DeviceStatus(DeviceState.UNMATCHED, wanted="Acme / accelerator")
    only_device = device_status(None, INVENTORY, DeviceSelector("", "fpga"), looking=False)
    assert only_device.wanted == "fpga"


def test_the_status_says_none_when_no_device_was_found() -> None:
    assert device_status(None, EMPTY, GPU_SELECTOR, looking=False).state is DeviceState.NONE
    assert device_status(None, EMPTY, None, looking=False).state is DeviceState.NONE
