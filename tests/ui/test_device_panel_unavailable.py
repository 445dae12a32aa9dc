"""What a learner sees when drivers give nothing or only part, and how to add a device."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment

from clstudio.devices import NO_PLATFORM_HELP, DeviceInventory
from clstudio.devices.discovery import InfoField
from clstudio.devices.icd_entries import DriverProblem
from clstudio.ui.devices.device_panel import DevicePanel

FAKE = DriverProblem(
    "/etc/OpenCL/vendors/fake.icd", "libz.so.1", "not an OpenCL driver (it has no clIcdX)"
)


def _panel(qtbot, inventory: DeviceInventory) -> DevicePanel:
    panel = DevicePanel()
    qtbot.addWidget(panel)
    panel.resize(420, 700)
    panel.show()
    panel.show_inventory(inventory)
    return panel


def test_a_driver_entry_that_gave_no_platform_is_shown_greyed_with_its_reason(qtbot, inventory):
    panel = _panel(qtbot, replace(inventory, unavailable_drivers=(FAKE,)))
    last = panel.tree.topLevelItem(panel.tree.topLevelItemCount() - 1)
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


def test_a_platform_whose_driver_fails_part_way_shows_what_it_read(qtbot, inventory):
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
    panel = _panel(qtbot, replace(inventory, platforms=(inventory.platforms[0], broken)))
    item = panel.tree.topLevelItem(1)
    assert item.text(0) == "Platform 1 (name unavailable)"
    [child] = [item.child(i) for i in range(item.childCount())]
    assert (child.text(0), child.text(1)) == ("Devices unavailable", "unavailable")
    panel.tree.setCurrentItem(child)
    assert "OUT_OF_HOST_MEMORY" in panel.unavailable.body()
    panel.tree.setCurrentItem(item)
    assert panel.fields_view.isVisibleTo(panel)


def test_add_a_device_explains_the_extra_oclgrind_and_gpu_drivers(qtbot, inventory):
    panel = _panel(qtbot, inventory)
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


def test_with_no_device_the_window_explains_and_the_editor_stays_usable(qtbot, make_window):
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
    assert window.device_status.text() == "Device: none"
