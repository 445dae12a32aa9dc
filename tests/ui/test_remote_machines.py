"""Devices > Add a remote machine…, against OpenSSH's server on the loopback: the machine's
devices in the tree under its name, a run there with its outputs shown, check mode, the
Compiler tab and the debugger there, a machine that cannot be reached, a connection lost,
and one remembered for the next window."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from clstudio.devices import DeviceInfo
from clstudio.engine import InProcessBackend
from clstudio.remote import RemoteAddress
from clstudio.session import session_to_dict
from clstudio.ui.devices.device_tree import ITEM_ROLE, MachineRow, device_items, machine_item
from clstudio.ui.devices.remote_dialog import RemoteMachineDialog
from clstudio.ui.main_window import MainWindow
from clstudio.ui.settings import AppSettings
from clstudio.worker.client import WorkerClient
from clstudio.worker.worker_slot import Environment, WorkerSlot, place_of
from ssh_server import HOST_ALIAS, SshServer, why_no_server
from ui.debugger.test_debug_in_window import click_gutter
from ui.test_check_mode import click_check, open_fault
from ui.window_steps import open_gallery, press_in_tab, run_with_f5

pytestmark = pytest.mark.opencl
CONNECT_MS = 180_000  # the first connection installs CL Studio there


def _add_machine(qtbot: QtBot, window: MainWindow, address: str, config: Path) -> None:
    """Devices > Add a remote machine…, typed and connected as the user does."""
    window.window_actions["add_remote_machine"].trigger()
    dialog = window.findChild(RemoteMachineDialog)
    assert isinstance(dialog, RemoteMachineDialog) and dialog.isVisible()
    qtbot.keyClicks(dialog.address, address)
    qtbot.keyClicks(dialog.ssh_config, str(config))
    with qtbot.waitSignal(window.remote_machines.connector.finished, timeout=CONNECT_MS):
        qtbot.mouseClick(dialog.connect_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


def _use_remote_pthread(qtbot: QtBot, window: MainWindow, server: SshServer) -> DeviceInfo:
    """Add the loopback machine and Use its PoCL CPU device, as the user does."""
    _add_machine(qtbot, window, HOST_ALIAS, server.client_config)
    panel = window.device_panel
    item = next(i for i in _remote_devices(window) if "pthread" in i.text(0))
    panel.tree.setCurrentItem(item)
    qtbot.mouseClick(panel.use_button, Qt.MouseButton.LeftButton)
    assert window.routes.workers.place() == server.address
    device = item.data(0, ITEM_ROLE)
    assert isinstance(device, DeviceInfo)
    return device


def _record_places(slot: WorkerSlot) -> list[object]:
    """Where each worker `slot` starts from now on was asked to start (worker_slot.place_of)."""
    routed, places = slot.new_client, []

    def recording(environment: Environment) -> WorkerClient:
        places.append(place_of(routed))
        return routed(environment)

    slot.new_client = recording
    return places


def _is_ssh(pid: int | None) -> bool:
    """Whether process `pid` is an ssh client: the remote machine's work runs through one."""
    assert pid is not None
    return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].endswith(b"ssh")


def _remote_devices(window: MainWindow) -> list[QTreeWidgetItem]:
    return [
        item
        for item in device_items(window.device_panel.tree)
        if item.data(0, ITEM_ROLE).machine == HOST_ALIAS
    ]


def test_add_a_remote_machine_see_its_devices_and_run_on_one(
    qtbot: QtBot,
    window: MainWindow,
    ssh_server: SshServer,
    settings: AppSettings,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    open_gallery(qtbot, window, "vector_add")
    _add_machine(qtbot, window, HOST_ALIAS, ssh_server.client_config)

    tree = window.device_panel.tree
    machine = machine_item(tree, HOST_ALIAS)
    assert machine is not None and machine.text(1) == "remote"
    platform = machine.child(0)
    assert platform is not None and "Portable Computing Language" in platform.text(0)
    remote = _remote_devices(window)
    assert remote, "no device of the remote machine in the tree"
    # Every field, as a local device shows them.
    pthread = next(i for i in remote if "pthread" in i.data(0, ITEM_ROLE).name)
    device = pthread.data(0, ITEM_ROLE)
    assert isinstance(device, DeviceInfo) and device.field("CL_DEVICE_MAX_COMPUTE_UNITS")
    tree.setCurrentItem(pthread)
    assert window.device_panel.title.text() == device.name
    assert window.device_panel.subtitle.text().endswith(device.platform_name)
    compare = window.device_panel.open_compare()
    where = f"({device.platform_name}, {HOST_ALIAS})"
    assert compare.first_combo.currentText() == f"{device.name} {where}"
    compare.close()
    exported = tmp_path / "remote-device.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_: (str(exported), ""))
    window.device_panel.export_json()
    (platform_json,) = json.loads(exported.read_text())["platforms"]
    assert platform_json["name"] == device.platform_name
    assert [d["name"] for d in platform_json["devices"]] == [device.name]

    # Use this device: builds and runs use it, marked in the tree under the machine.
    qtbot.mouseClick(window.device_panel.use_button, Qt.MouseButton.LeftButton)
    assert window.workbench.device() == device
    assert pthread.text(0) == f"✓ {device.name}"
    assert window.routes.runs.machine == ssh_server.address
    assert window.status.device_label.text() == f"Device: {device.name} on {HOST_ALIAS}"

    result = run_with_f5(qtbot, window, CONNECT_MS)
    assert result.ok, result.error
    outputs = window.results_panel.outputs
    assert outputs.select_buffer("c", "result")
    np.testing.assert_array_equal(
        outputs.viewer.line.curve.getOriginalDataset()[1], result.outputs["c"]
    )
    assert "Reference check passed" in outputs.reference_label.text()
    # Remembered for the next window; the session names no machine.
    assert [m.name for m in settings.remote_machines()] == [HOST_ALIAS]
    saved = json.dumps(session_to_dict(window.workbench.document.session))
    assert HOST_ALIAS not in saved and "127.0.0.1" not in saved


def test_a_remembered_machine_connects_again_in_one_click(
    qtbot: QtBot,
    make_window: Callable[..., MainWindow],
    ssh_server: SshServer,
    settings: AppSettings,
) -> None:
    settings.set_remote_machines([ssh_server.address])
    window = make_window()
    tree = window.device_panel.tree
    machine = machine_item(tree, HOST_ALIAS)
    assert machine is not None and machine.text(1) == "not connected"
    assert not _remote_devices(window), "a window connects to nothing by itself"

    tree.setCurrentItem(machine)
    button = window.device_panel.connect_button
    assert button.text() == "Connect again"
    with qtbot.waitSignal(window.remote_machines.connector.finished, timeout=CONNECT_MS):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert _remote_devices(window)
    machine = machine_item(tree, HOST_ALIAS)
    assert machine is not None and machine.text(1) == "remote"
    assert isinstance(machine.data(0, ITEM_ROLE), MachineRow)


def test_a_machine_that_cannot_be_reached_says_why_and_local_runs_go_on(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    config = tmp_path / "ssh_config"
    config.write_text("StrictHostKeyChecking yes\n")
    open_gallery(qtbot, window, "vector_add")
    _add_machine(qtbot, window, "127.0.0.1:1", config)  # nothing listens on port 1

    row = window.remote_machines.rows()[0]
    assert row.inventory is None
    assert row.state.startswith("cannot connect to 127.0.0.1:1: ")
    assert "refused" in row.state
    machine = machine_item(window.device_panel.tree, "127.0.0.1:1")
    assert machine is not None and machine.text(1) == "not connected"
    assert window.routes.runs.machine is None
    assert run_with_f5(qtbot, window).ok


def test_the_dialog_refuses_an_address_that_is_not_one(qtbot: QtBot, window: MainWindow) -> None:
    dialog = window.remote_machines.open_dialog()
    qtbot.keyClicks(dialog.address, "-oProxyCommand=touch /tmp/x")
    qtbot.mouseClick(dialog.connect_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible()
    assert dialog.problem.text().startswith("'-oProxyCommand=touch /tmp/x' is not a host name")
    assert not window.remote_machines.rows()
    dialog.close()


def test_a_lost_connection_is_named_and_local_devices_keep_working(
    qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    reason = why_no_server()
    if reason is not None:
        pytest.skip(reason)
    window = make_window(discover=InProcessBackend().devices)  # this machine's real devices
    server = SshServer(tmp_path / "sshd")  # its own: the test kills it
    try:
        open_gallery(qtbot, window, "vector_add")
        _add_machine(qtbot, window, HOST_ALIAS, server.client_config)
        panel = window.device_panel
        remote = next(i for i in _remote_devices(window) if "pthread" in i.text(0))
        panel.tree.setCurrentItem(remote)
        qtbot.mouseClick(panel.use_button, Qt.MouseButton.LeftButton)
        assert run_with_f5(qtbot, window, CONNECT_MS).ok
        click_gutter(qtbot, window.editor_panel.editor, 17)
        debugger = window.debug_dock.controller
        with qtbot.waitSignal(debugger.paused, timeout=CONNECT_MS):
            window.window_actions["debug"].trigger()
        server.kill_connections()  # the machine goes away

        with qtbot.waitSignal(debugger.debugEnded, timeout=CONNECT_MS) as ended:
            window.window_actions["debug"].trigger()  # Continue
        assert window.remote_machines.rows()[0].lost
        result = run_with_f5(qtbot, window, CONNECT_MS)
    finally:
        server.stop()
    stop = ended.args[0]
    assert stop.error is not None
    lost = f"the connection to {HOST_ALIAS} was lost while debugging kernel 'vector_add'"
    assert stop.error.message.startswith(lost), stop.error.message
    assert result.error is not None
    assert f"the connection to {HOST_ALIAS} was lost while" in result.error.message
    assert f"the connection to {HOST_ALIAS} was lost" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: window.remote_machines.rows()[0].lost)
    machine = machine_item(panel.tree, HOST_ALIAS)
    assert machine is not None and machine.text(1) == "connection lost"

    local = next(
        i
        for i in device_items(panel.tree)
        if "pthread" in i.text(0) and not i.data(0, ITEM_ROLE).machine
    )
    panel.tree.setCurrentItem(local)
    qtbot.mouseClick(panel.use_button, Qt.MouseButton.LeftButton)
    assert window.routes.runs.machine is None
    assert run_with_f5(qtbot, window).ok


def test_stop_ends_a_connection_under_way(
    qtbot: QtBot, window: MainWindow, ssh_server: SshServer
) -> None:
    window.remote_machines.connect_machine(ssh_server.address)
    panel = window.device_panel
    assert panel.connect_button.text() == "Stop"  # the machine's page, while it connects
    with qtbot.waitSignal(window.remote_machines.connector.finished, timeout=CONNECT_MS):
        qtbot.mouseClick(panel.connect_button, Qt.MouseButton.LeftButton)
    (row,) = window.remote_machines.rows()
    assert row.inventory is None
    assert row.state == f"the connection to {HOST_ALIAS} was stopped"
    assert panel.connect_button.text() == "Connect again"
    assert not _remote_devices(window)


def test_check_mode_on_a_remote_device_marks_the_race_it_finds_there(
    qtbot: QtBot, window: MainWindow, ssh_server: SshServer
) -> None:
    open_fault(qtbot, window, "local_race")
    _use_remote_pthread(qtbot, window, ssh_server)
    controller = window.check_mode.controller
    with qtbot.waitSignal(controller.finished, timeout=CONNECT_MS) as finished:
        click_check(qtbot, window)
        assert window.check_status.stop_button.isVisible()  # Stop, as for a local check
    result = finished.args[1]
    assert result.error is None, result.error
    assert result.problems and result.problems[0].kind == "data-race"
    checks = window.backends.checks
    assert checks._worker is not None and _is_ssh(checks._worker.pid)  # kept: Oclgrind there
    problems = window.editor_panel.problems
    assert window.results_panel.currentWidget() is problems
    assert any(row[2].startswith("Check:") for row in problems.rows())


def test_the_compiler_tab_compiles_on_the_remote_device(
    qtbot: QtBot, window: MainWindow, ssh_server: SshServer
) -> None:
    open_gallery(qtbot, window, "saxpy")
    device = _use_remote_pthread(qtbot, window, ssh_server)
    assert run_with_f5(qtbot, window, CONNECT_MS).ok
    places = _record_places(window.backends.compiles)
    tab = window.compiler
    window.results_panel.setCurrentWidget(tab)
    with qtbot.waitSignal(tab.compileFinished, timeout=CONNECT_MS) as finished:
        qtbot.mouseClick(tab.compile_button, Qt.MouseButton.LeftButton)
    result = finished.args[0]
    assert result.ok, result
    assert result.device == device.name
    assert tab.state_text() == "Compiled saxpy."
    assert tab.panel.summary_text().startswith("saxpy: ")
    assert tab.panel.asm_view.toPlainText().strip()
    assert places == [ssh_server.address]  # its one worker was started there


def test_the_memory_tab_measures_the_traffic_on_the_remote_device(
    qtbot: QtBot, window: MainWindow, ssh_server: SshServer
) -> None:
    open_gallery(qtbot, window, "transpose_naive")
    _use_remote_pthread(qtbot, window, ssh_server)
    assert run_with_f5(qtbot, window, CONNECT_MS).ok
    places = _record_places(window.backends.traffic)
    memory = window.memory
    press_in_tab(qtbot, window, memory, memory.measure_button, memory.trafficMeasured)
    assert memory.controller.wait()
    assert places == [ssh_server.address]
    assert memory.table.rowCount() > 0 and memory.summary.text()
    assert window.editor_panel.editor.gutter.marks()[19] == "warning"  # the scattered store


def test_the_debugger_stops_first_on_the_remote_machine(
    qtbot: QtBot, window: MainWindow, ssh_server: SshServer
) -> None:
    open_gallery(qtbot, window, "vector_add")
    _use_remote_pthread(qtbot, window, ssh_server)
    click_gutter(qtbot, window.editor_panel.editor, 17)
    controller = window.debug_dock.controller
    with qtbot.waitSignal(controller.paused, timeout=CONNECT_MS):
        window.window_actions["debug"].trigger()
    assert _is_ssh(controller.pid())  # the debug process runs there, over ssh
    status = window.debug_dock.panel.status.text()
    assert status.startswith("Paused at a breakpoint, line 17"), status
    with qtbot.waitSignal(controller.debugEnded, timeout=CONNECT_MS):
        window.window_actions["stop_debug"].trigger()


def test_a_lost_connection_marks_the_machine_connection_lost(
    qtbot: QtBot, window: MainWindow, ssh_server: SshServer
) -> None:
    """The structured report a remote worker gives when its connection goes (not the
    words of the message): the row says "connection lost", Connect again at hand."""
    _add_machine(qtbot, window, HOST_ALIAS, ssh_server.client_config)
    address: RemoteAddress = ssh_server.address
    lost = window.routes.lost
    with qtbot.waitSignal(window.remote_machines.connectionLost) as told:
        lost(address, f"the connection to {HOST_ALIAS} was lost while running kernel 'k'")
    assert told.args == [HOST_ALIAS]
    machine = machine_item(window.device_panel.tree, HOST_ALIAS)
    assert machine is not None and machine.text(1) == "connection lost"
    window.device_panel.tree.setCurrentItem(machine)
    assert window.device_panel.connect_button.text() == "Connect again"
    assert _remote_devices(window), "its devices stay listed"


def test_run_on_devices_runs_on_a_local_and_a_remote_device_side_by_side(
    qtbot: QtBot, make_window: Callable[..., MainWindow], ssh_server: SshServer
) -> None:
    window = make_window(discover=InProcessBackend().devices)  # this machine's real devices
    open_gallery(qtbot, window, "vector_add")
    _add_machine(qtbot, window, HOST_ALIAS, ssh_server.client_config)
    dialog = window.devices.open_device_runs()
    labels = [dialog.devices.item(row).text() for row in range(dialog.devices.count())]
    for row, label in enumerate(labels):  # PoCL's pthread here and there
        ticked = "pthread" in label and "Portable Computing Language" in label
        state = Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked
        dialog.devices.item(row).setCheckState(state)
    assert [d.machine for d in dialog.ticked()] == ["", HOST_ALIAS]
    assert any(label.endswith(f"Portable Computing Language on {HOST_ALIAS})") for label in labels)
    with qtbot.waitSignal(dialog.runsFinished, timeout=CONNECT_MS) as finished:
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    local, remote = finished.args[0]
    assert local.ok and remote.ok, (local.error, remote.error)
    np.testing.assert_array_equal(local.outputs["c"], remote.outputs["c"])
    rows = dialog.time_rows()
    assert rows[1][0] == remote.device == f"{local.device} on {HOST_ALIAS}"
    assert [row[3] for row in rows] == ["ok", "ok"]
    assert dialog.differences.rowCount() == 1
    dialog.close()


def test_a_local_size_sweep_runs_on_the_remote_device(
    qtbot: QtBot, window: MainWindow, ssh_server: SshServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_gallery(qtbot, window, "vector_add")
    _use_remote_pthread(qtbot, window, ssh_server)
    monkeypatch.setattr("clstudio.ui.run.sweep_controller.sweep_sizes", lambda *_: [(32,), (64,)])
    panel = window.results_panel.sweep
    window.results_panel.setCurrentWidget(panel)
    with qtbot.waitSignal(window.sweeps.sweepFinished, timeout=CONNECT_MS):
        qtbot.mouseClick(panel.sweep_button, Qt.MouseButton.LeftButton)
        assert panel.stop_button.isVisible()
    assert window.routes.measurements.machine == ssh_server.address
    assert panel.use_button.isVisible() and panel.use_button.text().startswith("Use ")
    assert "Best: local size " in panel.summary.text()
