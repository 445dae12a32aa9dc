"""Compare mode: two devices side by side, with the fields that differ highlighted."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pytestqt.qtbot import QtBot

from clstudio.devices import DeviceInventory
from clstudio.ui.devices.device_compare import NAME_ROLE, DeviceCompareDialog, compare_fields
from clstudio.ui.devices.device_panel import DevicePanel
from ui.qt_items import tree_item


@pytest.fixture
def dialog(qtbot: QtBot, inventory: DeviceInventory) -> DeviceCompareDialog:
    dialog = DeviceCompareDialog(inventory, inventory.devices()[0])
    qtbot.addWidget(dialog)
    return dialog


def test_compare_highlights_a_difference(dialog: DeviceCompareDialog) -> None:
    assert dialog.first_combo.currentText() == "pthread-Fake CPU (Portable Computing Language)"
    assert dialog.second_combo.currentText() == "Fake GPU 9000 (Fake GPU Platform)"
    row = dialog.item_for("CL_DEVICE_MAX_COMPUTE_UNITS")
    assert row is not None
    assert (row.text(0), row.text(1), row.text(2)) == ("Max compute units", "4", "40")
    assert dialog.is_highlighted("CL_DEVICE_MAX_COMPUTE_UNITS")
    assert row.font(0).bold()
    assert not dialog.is_highlighted("CL_DEVICE_GLOBAL_MEM_SIZE")
    assert dialog.table.headerItem().text(1) == "pthread-Fake CPU"
    # Name, type, compute units and local memory differ; 13 fields in all.
    assert dialog.summary.text() == "4 of 13 fields differ (highlighted)."


def test_only_differences_hides_the_equal_fields(dialog: DeviceCompareDialog) -> None:
    dialog.only_differences.setChecked(True)
    shown = [
        tree_item(dialog.table, i, j).data(0, NAME_ROLE)
        for i in range(dialog.table.topLevelItemCount())
        for j in range(tree_item(dialog.table, i).childCount())
    ]
    assert shown == [
        "CL_DEVICE_NAME",
        "CL_DEVICE_TYPE",
        "CL_DEVICE_MAX_COMPUTE_UNITS",
        "CL_DEVICE_LOCAL_MEM_SIZE",
    ]


def test_the_same_device_twice_explains_itself(dialog: DeviceCompareDialog) -> None:
    dialog.choose(0, 0)
    assert "same device" in dialog.summary.text()
    assert not dialog.is_highlighted("CL_DEVICE_NAME")


def test_the_same_model_on_two_platforms(qtbot: QtBot, inventory: DeviceInventory) -> None:
    cpu = inventory.devices()[0]
    twin = replace(cpu, platform_index=1, platform_name="Another CPU driver")
    platforms = (inventory.platforms[0], replace(inventory.platforms[1], devices=(twin,)))
    dialog = DeviceCompareDialog(DeviceInventory(platforms=platforms), cpu)
    qtbot.addWidget(dialog)
    assert dialog.second_combo.currentText() == "pthread-Fake CPU (Another CPU driver)"
    assert dialog.summary.text() == "All 13 fields are the same."


def test_a_field_only_one_device_reports_differs(inventory: DeviceInventory) -> None:
    cpu, gpu = inventory.devices()
    fewer = replace(gpu, fields=tuple(f for f in gpu.fields if f.name != "CL_DEVICE_TYPE"))
    [missing] = [c for c in compare_fields(cpu, fewer) if c.name == "CL_DEVICE_TYPE"]
    assert missing.second is None and missing.differs


def test_the_panel_opens_compare_on_the_selected_device(
    qtbot: QtBot, inventory: DeviceInventory
) -> None:
    panel = DevicePanel()
    qtbot.addWidget(panel)
    panel.show_inventory(inventory)
    panel.select_device(inventory.devices()[1])
    dialog = panel.open_compare()
    assert dialog.isVisible()
    assert dialog.first_combo.currentText() == "Fake GPU 9000 (Fake GPU Platform)"
    assert dialog.second_combo.currentText() == "pthread-Fake CPU (Portable Computing Language)"
