"""The device explorer, as a learner uses it: find a device, read its fields, choose it."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from clstudio.devices import NO_PLATFORM_HELP, DeviceInventory, InfoField
from clstudio.devices.discovery import discover
from clstudio.devices.icd_entries import DriverProblem
from clstudio.ui.devices.device_panel import DevicePanel
from clstudio.ui.devices.device_tree import short_version
from clstudio.ui.main_window import MainWindow
from ui.layouts import settle_layouts
from ui.qt_items import tree_item
from ui.shown_widgets import shown
from ui.window_steps import open_gallery, run_with_f5


@pytest.fixture
def panel(qtbot: QtBot, inventory: DeviceInventory) -> DevicePanel:
    panel = shown(qtbot, DevicePanel(), 420, 700)
    panel.show_inventory(inventory)
    return panel


def _tree_rows(panel: DevicePanel) -> list[tuple[str, list[str]]]:
    rows = []
    for i in range(panel.tree.topLevelItemCount()):
        platform = tree_item(panel.tree, i)
        devices = [tree_item(platform, j).text(0) for j in range(platform.childCount())]
        rows.append((platform.text(0), devices))
    return rows


@pytest.mark.opencl
def test_the_tree_lists_pocls_device(make_window: Callable[..., MainWindow]) -> None:
    window = make_window(discover=discover)
    rows = _tree_rows(window.device_panel)
    pocl = [devices for name, devices in rows if "Portable Computing Language" in name]
    assert pocl, f"PoCL's platform is missing from {rows}"
    assert any("pthread" in device for device in pocl[0])


@pytest.mark.opencl
def test_selecting_pocls_device_fills_its_fields(make_window: Callable[..., MainWindow]) -> None:
    window = make_window(discover=discover)
    panel = window.device_panel
    device = window.workbench.device()
    assert device is not None and device.platform_name == "Portable Computing Language"
    panel.select_device(device)
    names = panel.fields_view.visible_fields()
    assert len(names) == len(device.fields) > 50
    assert "CL_DEVICE_MAX_COMPUTE_UNITS" in names
    assert panel.title.text() == device.name
    assert panel.overview.memory_chart.bars()[0].label == "Global memory"


def test_the_tree_shows_platforms_devices_versions_and_type_icons(panel: DevicePanel) -> None:
    assert _tree_rows(panel) == [
        ("Portable Computing Language", ["pthread-Fake CPU"]),
        ("Fake GPU Platform", ["Fake GPU 9000"]),
    ]
    platform = tree_item(panel.tree, 0)
    assert platform.text(1) == "OpenCL 3.0"
    device = platform.child(0)
    assert device is not None
    assert device.text(1) == "OpenCL 3.0"
    assert device.toolTip(1) == "OpenCL 3.0 fake driver 1.2"
    assert not device.icon(0).isNull()


def test_selecting_a_device_fills_the_fields_grouped(
    panel: DevicePanel, inventory: DeviceInventory
) -> None:
    cpu = inventory.devices()[0]
    panel.select_device(cpu)
    assert panel.title.text() == "pthread-Fake CPU"
    assert "CPU" in panel.subtitle.text()
    assert panel.fields_view.visible_fields() == [f.name for f in _in_group_order(cpu.fields)]
    groups = [tree_item(panel.fields_view.tree, i).text(0) for i in range(4)]
    assert groups == ["Identity", "Compute", "Work sizes", "Memory"]
    compute = tree_item(panel.fields_view.tree, 1, 0)
    assert (compute.text(0), compute.text(1)) == ("Max compute units", "4")


def _in_group_order(fields: tuple[InfoField, ...]) -> list[InfoField]:
    order = ["Identity", "Compute", "Work sizes", "Memory", "Pipes"]
    return sorted(fields, key=lambda f: order.index(f.group))


def test_with_nothing_selected_the_details_say_what_to_do(
    qtbot: QtBot, inventory: DeviceInventory
) -> None:
    panel = DevicePanel()
    qtbot.addWidget(panel)
    panel.show_inventory(inventory)
    assert panel.details.currentWidget() is panel.nothing_selected
    assert "Select a device" in panel.nothing_selected.body()


def test_a_fields_tooltip_gives_explanation_opencl_name_and_raw_value(
    panel: DevicePanel, inventory: DeviceInventory
) -> None:
    panel.select_device(inventory.devices()[0])
    item = tree_item(panel.fields_view.tree, 3, 3)
    assert item is not None
    assert item.text(0) == "Local memory size"
    tip = item.toolTip(1)
    assert "Fast scratch memory shared by one work-group." in tip
    assert "CL_DEVICE_LOCAL_MEM_SIZE" in tip
    assert str(512 * 1024) in tip


def test_an_unavailable_field_says_so_in_italics(
    panel: DevicePanel, inventory: DeviceInventory
) -> None:
    panel.select_device(inventory.devices()[0])
    panel.fields_view.set_filter("pipe")
    pipes = tree_item(panel.fields_view.tree, 4)
    assert pipes.text(0) == "Pipes"
    item = pipes.child(0)
    assert item is not None
    assert item.text(1).startswith("unavailable")
    assert item.font(1).italic()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("compute", ["CL_DEVICE_MAX_COMPUTE_UNITS"]),  # a label
        ("CL_DEVICE_LOCAL", ["CL_DEVICE_LOCAL_MEM_SIZE"]),  # an OpenCL name
        ("2400 mhz", ["CL_DEVICE_MAX_CLOCK_FREQUENCY"]),  # a value, any case
        ("scratch", ["CL_DEVICE_LOCAL_MEM_SIZE"]),  # an explanation
    ],
)
def test_the_filter_narrows_the_fields(
    qtbot: QtBot, panel: DevicePanel, inventory: DeviceInventory, text: str, expected: list[str]
) -> None:
    panel.select_device(inventory.devices()[0])
    panel.fields_view.filter_edit.clear()
    qtbot.keyClicks(panel.fields_view.filter_edit, text)
    assert panel.fields_view.visible_fields() == expected
    shown_groups = [
        tree_item(panel.fields_view.tree, i).text(0)
        for i in range(panel.fields_view.tree.topLevelItemCount())
        if not tree_item(panel.fields_view.tree, i).isHidden()
    ]
    assert len(shown_groups) == 1


def test_the_filter_stays_when_another_device_is_selected(
    panel: DevicePanel, inventory: DeviceInventory
) -> None:
    panel.select_device(inventory.devices()[0])
    panel.fields_view.set_filter("local")
    panel.select_device(inventory.devices()[1])
    assert panel.fields_view.visible_fields() == ["CL_DEVICE_LOCAL_MEM_SIZE"]
    assert tree_item(panel.fields_view.tree, 3, 3).text(1) == "64 KiB"


def test_copy_a_value_and_copy_all_as_text(panel: DevicePanel, inventory: DeviceInventory) -> None:
    panel.select_device(inventory.devices()[0])
    assert panel.fields_view.select_field("CL_DEVICE_GLOBAL_MEM_SIZE")
    panel.fields_view.copy_value()
    assert QApplication.clipboard().text() == "8 GiB"
    panel.copy_all()
    text = QApplication.clipboard().text()
    assert text.startswith("pthread-Fake CPU\n")
    assert "  Memory\n" in text
    assert "Max compute units" in text and "2400 MHz" in text


def test_export_the_device_as_json(
    panel: DevicePanel, inventory: DeviceInventory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "cpu.json"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *args: (str(target), "JSON files (*.json)")
    )
    panel.select_device(inventory.devices()[1])
    assert panel.export_json() == target
    data = json.loads(target.read_text())
    assert data["format"] == "clstudio-devices"
    [platform] = data["platforms"]
    assert platform["name"] == "Fake GPU Platform"
    [device] = platform["devices"]
    assert device["name"] == "Fake GPU 9000"
    units = next(f for f in device["fields"] if f["name"] == "CL_DEVICE_MAX_COMPUTE_UNITS")
    assert units["raw"] == 40


def test_selecting_a_platform_shows_its_fields_without_the_overview(panel: DevicePanel) -> None:
    panel.tree.setCurrentItem(tree_item(panel.tree, 1))
    assert panel.title.text() == "Fake GPU Platform"
    assert "The fake vendor" in panel.subtitle.text()
    assert panel.fields_view.visible_fields() == ["CL_PLATFORM_NAME", "CL_PLATFORM_VENDOR"]
    assert not panel.tabs.isTabVisible(0)
    assert not panel.use_button.isEnabled()


def test_use_this_device_and_double_click_emit_the_choice(
    qtbot: QtBot, panel: DevicePanel, inventory: DeviceInventory
) -> None:
    gpu = inventory.devices()[1]
    panel.select_device(gpu)
    with qtbot.waitSignal(panel.deviceChosen) as blocker:
        qtbot.mouseClick(panel.use_button, Qt.MouseButton.LeftButton)
    assert blocker.args == [gpu]
    item = tree_item(panel.tree, 0, 0)
    with qtbot.waitSignal(panel.deviceChosen) as blocker:
        panel.tree.itemDoubleClicked.emit(item, 0)
    assert blocker.args == [inventory.devices()[0]]


def test_the_device_in_use_is_marked(panel: DevicePanel, inventory: DeviceInventory) -> None:
    gpu = inventory.devices()[1]
    panel.set_active_device(gpu)
    item = tree_item(panel.tree, 1, 0)
    assert item is not None
    assert item.font(0).bold() and item.text(0) == "✓ Fake GPU 9000"
    assert "In use for builds and runs" in item.toolTip(0)
    panel.select_device(gpu)
    assert not panel.use_button.isEnabled()
    assert panel.use_button.text() == "In use for builds and runs"
    panel.select_device(inventory.devices()[0])
    assert panel.use_button.isEnabled()


def test_no_platform_explains_how_to_get_one(qtbot: QtBot) -> None:
    panel = DevicePanel()
    qtbot.addWidget(panel)
    problem = (
        "No OpenCL platform is installed (no driver, or ICD, was found). "
        "For a CPU device: pip install pocl-binary-distribution"
    )
    panel.show_inventory(DeviceInventory(platforms=(), problem=problem))
    assert panel.pages.currentWidget() is panel.problem
    assert panel.problem.title() == "No OpenCL device found"
    body = panel.problem.body()
    assert "No OpenCL platform is installed" in body
    assert "pip install pocl-binary-distribution" in body
    assert "driver" in body
    with qtbot.waitSignal(panel.rediscoverRequested):
        assert panel.problem.button is not None
        panel.problem.button.click()


def test_the_window_opens_with_no_platform_and_says_how_to_get_one(
    make_window: Callable[..., MainWindow],
) -> None:
    window = make_window(discover=lambda: DeviceInventory(platforms=(), problem="No platform."))
    assert window.device_panel.pages.currentWidget() is window.device_panel.problem
    assert "pocl-binary-distribution" in window.device_panel.problem.body()
    assert window.status.device_label.text() == "Device: none"


def test_looking_for_devices_is_shown_while_discovery_runs(
    qtbot: QtBot, make_window: Callable[..., MainWindow], inventory: DeviceInventory
) -> None:
    release = threading.Event()

    def slow_discover() -> DeviceInventory:
        release.wait(10)
        return inventory

    window = make_window(discover=slow_discover, wait=False)
    panel = window.device_panel
    assert panel.pages.currentWidget() is panel.searching
    assert panel.searching.title() == "Looking for OpenCL devices…"
    assert window.status.device_label.text() == "Device: looking…"
    release.set()
    qtbot.waitUntil(lambda: panel.pages.currentWidget() is panel.content)
    assert window.status.device_label.text() == "Device: pthread-Fake CPU"


def test_a_discovery_crash_is_shown_not_swallowed(make_window: Callable[..., MainWindow]) -> None:
    def broken() -> DeviceInventory:
        raise RuntimeError("the driver fell over")

    window = make_window(discover=broken)
    panel = window.device_panel
    assert panel.searching.title() == "Device discovery failed"
    assert "RuntimeError: the driver fell over" in panel.searching.body()


def test_look_again_runs_discovery_again(
    qtbot: QtBot, make_window: Callable[..., MainWindow], inventory: DeviceInventory
) -> None:
    answers = [DeviceInventory(platforms=(), problem="Nothing yet."), inventory]
    window = make_window(discover=lambda: answers.pop(0))
    panel = window.device_panel
    assert panel.pages.currentWidget() is panel.problem
    assert panel.problem.button is not None
    panel.problem.button.click()
    qtbot.waitUntil(lambda: panel.pages.currentWidget() is panel.content)
    assert window.workbench.device() == inventory.devices()[0]


def test_short_version_keeps_the_opencl_version() -> None:
    assert short_version("OpenCL 3.0 PoCL 6.0 Linux, Release") == "OpenCL 3.0"
    assert short_version("OpenCL C 1.2 ") == "OpenCL C 1.2"
    assert short_version("weird") == "weird"


def test_the_selected_field_is_shown_whole_with_its_meaning(
    panel: DevicePanel, inventory: DeviceInventory
) -> None:
    panel.select_device(inventory.devices()[0])
    assert panel.fields_view.detail.toPlainText() == ""
    panel.fields_view.select_field("CL_DEVICE_MAX_WORK_ITEM_SIZES")
    text = panel.fields_view.detail.toPlainText()
    assert "Max work-item sizes" in text
    assert "CL_DEVICE_MAX_WORK_ITEM_SIZES" in text
    assert "1024 × 1024 × 64" in text
    assert "Most work-items along each dimension of a work-group." in text


FAKE_DRIVER = DriverProblem(
    "/etc/OpenCL/vendors/fake.icd", "libz.so.1", "not an OpenCL driver (it has no clIcdX)"
)


def test_a_driver_entry_that_gave_no_platform_is_shown_greyed_with_its_reason(
    panel: DevicePanel, inventory: DeviceInventory
) -> None:
    panel.show_inventory(replace(inventory, unavailable_drivers=(FAKE_DRIVER,)))
    last = panel.tree.topLevelItem(panel.tree.topLevelItemCount() - 1)
    assert last is not None
    assert (last.text(0), last.text(1)) == ("fake.icd", "unavailable")
    assert last.font(0).italic() and "not an OpenCL driver" in last.toolTip(0)
    panel.tree.setCurrentItem(last)
    assert panel.details.currentWidget() is panel.unavailable
    assert panel.unavailable.title() == "fake.icd: unavailable"
    assert "/etc/OpenCL/vendors/fake.icd names libz.so.1" in panel.unavailable.body()
    # The devices that work are still there and still chosen as before.
    assert [d.name for d in panel.inventory().devices()] == ["pthread-Fake CPU", "Fake GPU 9000"]
    panel.select_device(inventory.devices()[1])
    assert panel.use_button.isEnabled() and panel.title.text() == "Fake GPU 9000"


def test_a_platform_whose_driver_fails_part_way_shows_what_it_read(
    panel: DevicePanel, inventory: DeviceInventory
) -> None:
    refused = InfoField(
        "clGetDeviceIDs",
        "Devices",
        "Identity",
        None,
        "unavailable: clGetDeviceIDs failed: OUT_OF_HOST_MEMORY",
        "The driver's list of this platform's devices.",
        available=False,
    )
    broken = replace(inventory.platforms[1], name="", devices=(), fields=(refused,))
    panel.show_inventory(replace(inventory, platforms=(inventory.platforms[0], broken)))
    item = tree_item(panel.tree, 1)
    assert item is not None
    assert item.text(0) == "Platform 1 (name unavailable)"
    [child] = [item.child(i) for i in range(item.childCount())]
    assert child is not None
    assert (child.text(0), child.text(1)) == ("Devices unavailable", "unavailable")
    panel.tree.setCurrentItem(child)
    assert "OUT_OF_HOST_MEMORY" in panel.unavailable.body()
    panel.tree.setCurrentItem(item)
    assert panel.fields_view.isVisibleTo(panel)


def test_add_a_device_explains_the_extra_oclgrind_and_gpu_drivers(
    qtbot: QtBot, panel: DevicePanel
) -> None:
    assert panel.add_button.text() == "Add a device…"
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    dialog = panel.open_add_device()
    text = QTextDocumentFragment.fromHtml(dialog.text.text()).toPlainText()  # as read
    assert "Intel's OpenCL CPU runtime" in text and ".venv/bin/pip install -e '.[intel]'" in text
    assert "Oclgrind" in text and "check mode" in text
    assert "intel-opencl-icd" in text and "NVIDIA" in text and "ROCm" in text
    with qtbot.waitSignal(panel.rediscoverRequested):
        dialog.look_again.click()
    dialog.close()


def test_with_no_device_the_window_explains_and_the_editor_stays_usable(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    unusable = DriverProblem("/etc/OpenCL/vendors/intel.icd", "libintelocl.so", "cannot be loaded")
    window = make_window(discover=lambda: DeviceInventory((), NO_PLATFORM_HELP, (unusable,)))
    panel = window.device_panel
    assert panel.pages.currentWidget() is panel.problem
    body = panel.problem.body()
    assert "No OpenCL platform is installed" in body
    assert "pip install pocl-binary-distribution" in body
    assert "intel.icd: cannot be loaded" in body
    assert "The editor works meanwhile" in body
    assert panel.problem_add_button.isVisibleTo(panel)
    editor = window.editor_panel.editor
    editor.setFocus()
    qtbot.keyClicks(editor, "// my kernel")
    assert "// my kernel" in editor.toPlainText()
    assert window.isWindowModified()
    assert window.status.device_label.text() == "Device: none"


@pytest.mark.opencl
def test_all_fields_keeps_its_rows_after_a_run_and_wraps_long_names(
    qtbot: QtBot, make_window: Callable[..., MainWindow]
) -> None:
    window = make_window(discover=discover, size=(1280, 800))
    panel = window.device_panel
    device = window.workbench.device()
    assert device is not None
    panel.select_device(device)
    panel.tabs.setCurrentWidget(panel.fields_view)
    tree = panel.fields_view.tree
    open_gallery(qtbot, window, "vector_add")
    run_with_f5(qtbot, window)  # the Results dock grows, the Devices dock gets shorter
    settle_layouts()
    view = tree.viewport().rect()
    fields = [
        tree_item(tree_item(tree, group), row)
        for group in range(tree.topLevelItemCount())
        for row in range(tree_item(tree, group).childCount())
    ]
    shown = [item for item in fields if view.contains(tree.visualItemRect(item))]
    assert len(shown) >= 3, "the list collapsed to its header"
    one_line = min(tree.visualItemRect(item).height() for item in shown)
    metrics = tree.fontMetrics()
    for item in shown:  # a name wider than its column takes a second line, never "…"
        room = tree.columnWidth(0) - 2 * tree.indentation()
        if metrics.horizontalAdvance(item.text(0)) > room:
            assert tree.visualItemRect(item).height() > one_line, item.text(0)
