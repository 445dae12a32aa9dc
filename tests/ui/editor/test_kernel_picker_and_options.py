"""The kernel picker (with stale marking) and the build options field with its menu."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from clstudio.common.results import KernelArgInfo, KernelSignature
from clstudio.ui.editor.build_options import (
    BuildOptionsEdit,
    has_option,
    standard,
    toggled,
    with_standard,
)
from clstudio.ui.editor.kernel_picker import KernelPicker
from ui.shown_widgets import shown


def kernel(name: str, args: int) -> KernelSignature:
    info = KernelArgInfo("x", "float*", "global", "none", False)
    return KernelSignature(name, (info,) * args)


@pytest.fixture
def picker(qtbot: QtBot) -> KernelPicker:
    widget = KernelPicker()
    qtbot.addWidget(widget)
    return widget


def labels(picker: KernelPicker) -> list[str]:
    return [picker.itemText(i) for i in range(picker.count())]


def test_the_picker_lists_kernels_with_their_argument_count(picker: KernelPicker) -> None:
    assert not picker.isEnabled() and picker.placeholderText() == "No kernels yet"
    picker.set_kernels([kernel("vadd", 3), kernel("scale", 1)])
    assert labels(picker) == ["vadd (3 args)", "scale (1 arg)"]
    assert picker.isEnabled()
    assert picker.current_kernel() == "vadd"


def test_stale_kernels_are_marked_and_stay_usable(picker: KernelPicker) -> None:
    picker.set_kernels([kernel("vadd", 3), kernel("scale", 1)])
    picker.set_current("scale")
    picker.set_stale(True)
    assert labels(picker) == ["vadd (3 args) (stale)", "scale (1 arg) (stale)"]
    assert picker.currentText() == "scale (1 arg) (stale)"
    assert picker.isEnabled()
    assert "last build that worked" in picker.toolTip()
    picker.set_kernels([kernel("vadd", 2), kernel("scale", 2)])
    assert labels(picker) == ["vadd (2 args)", "scale (2 args)"]
    assert picker.current_kernel() == "scale", "a new build keeps the chosen kernel"


def test_choosing_a_kernel_is_announced_but_showing_one_is_not(
    qtbot: QtBot, picker: KernelPicker
) -> None:
    picker.set_kernels([kernel("vadd", 3), kernel("scale", 1)])
    with qtbot.assertNotEmitted(picker.kernelChosen):
        picker.set_current("scale")
        picker.set_kernels([kernel("scale", 1)])
    picker.set_kernels([kernel("vadd", 3), kernel("scale", 1)])
    with qtbot.waitSignal(picker.kernelChosen) as chosen:
        picker.activated.emit(0)  # what a click on the first entry of the popup does
    assert chosen.args == ["vadd"]


@pytest.mark.parametrize(
    ("options", "option", "after"),
    [
        ("", "-Werror", "-Werror"),
        ("-D N=4 -Werror", "-Werror", "-D N=4"),
        ("-Werror-x", "-Werror", "-Werror-x -Werror"),
        ('-D MSG="a b"', "-cl-mad-enable", '-D MSG="a b" -cl-mad-enable'),
    ],
)
def test_toggling_an_option_keeps_the_rest_as_typed(options: str, option: str, after: str) -> None:
    assert toggled(options, option) == after
    assert has_option(after, option) != has_option(options, option)


def test_the_standard_is_replaced_not_added() -> None:
    assert with_standard("-cl-std=CL1.2 -D N=4", "CL2.0") == "-D N=4 -cl-std=CL2.0"
    assert with_standard("-cl-std=CL1.2 -D N=4", None) == "-D N=4"
    assert standard("-D N=4 -cl-std=CL3.0") == "CL3.0"
    assert standard("-D N=4") is None


@pytest.fixture
def options_edit(qtbot: QtBot) -> BuildOptionsEdit:
    return shown(qtbot, BuildOptionsEdit())


def menu_action(edit: BuildOptionsEdit, text: str) -> QAction:
    return next(a for a in edit.menu.actions() if a.text() == text)


def test_the_menu_inserts_and_toggles_options(qtbot: QtBot, options_edit: BuildOptionsEdit) -> None:
    options_edit.set_options("-D N=256")
    with qtbot.waitSignal(options_edit.optionsChanged) as changed:
        menu_action(options_edit, "-cl-fast-relaxed-math").trigger()
    assert changed.args == ["-D N=256 -cl-fast-relaxed-math"]
    with qtbot.waitSignal(options_edit.optionsChanged) as changed:
        menu_action(options_edit, "-cl-std=CL2.0").trigger()
    assert changed.args == ["-D N=256 -cl-fast-relaxed-math -cl-std=CL2.0"]
    with qtbot.waitSignal(options_edit.optionsChanged) as changed:
        menu_action(options_edit, "-cl-std=CL1.2").trigger()
    assert options_edit.options() == "-D N=256 -cl-fast-relaxed-math -cl-std=CL1.2"
    menu_action(options_edit, "-cl-fast-relaxed-math").trigger()
    assert options_edit.options() == "-D N=256 -cl-std=CL1.2"


def test_the_menu_ticks_what_the_text_holds(qtbot: QtBot, options_edit: BuildOptionsEdit) -> None:
    options_edit.set_options("-cl-std=CL3.0 -Werror")
    options_edit.menu.aboutToShow.emit()
    assert menu_action(options_edit, "-cl-std=CL3.0").isChecked()
    assert menu_action(options_edit, "-Werror").isChecked()
    assert not menu_action(options_edit, "-cl-mad-enable").isChecked()
    assert not menu_action(options_edit, "Default").isChecked()


def test_the_define_template_is_inserted_with_its_name_selected(
    qtbot: QtBot, options_edit: BuildOptionsEdit
) -> None:
    options_edit.set_options("-Werror")
    with qtbot.waitSignal(options_edit.optionsChanged):
        menu_action(options_edit, "-D NAME=VALUE").trigger()
    assert options_edit.options() == "-Werror -D NAME=VALUE"
    assert options_edit.field.selectedText() == "NAME"
    qtbot.keyClicks(options_edit.field, "TILE")
    assert options_edit.options() == "-Werror -D TILE=VALUE"


def test_typing_options_announces_them_and_set_options_does_not(
    qtbot: QtBot, options_edit: BuildOptionsEdit
) -> None:
    with qtbot.assertNotEmitted(options_edit.optionsChanged):
        options_edit.set_options("-cl-std=CL1.2")
    options_edit.field.end(False)
    announced: list[str] = []
    options_edit.optionsChanged.connect(announced.append)
    qtbot.keyClicks(options_edit.field, " -Werror")
    assert announced[-1] == "-cl-std=CL1.2 -Werror"
    assert len(announced) == len(" -Werror"), "each keystroke, for the live build to pace"
