"""A fresh machine: before Qt can abort, the app names the missing libraries and their packages."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clstudio.cli.qt_platform import (
    EXIT_NO_DISPLAY,
    import_problem,
    install_commands,
    missing_libraries,
    plugins_folder,
    plugins_to_try,
    startup_problem,
)

PLUGINS = plugins_folder()
LIBRARY_DIR = Path("/usr/lib/x86_64-linux-gnu")
HIDDEN = ("libxcb-cursor.so.0", "libxcb-icccm.so.4")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"QT_QPA_PLATFORM": "offscreen:configfile=x.json"}, ["offscreen"]),
        ({"QT_QPA_PLATFORM": "wayland;xcb"}, ["wayland", "xcb"]),
        ({"XDG_SESSION_TYPE": "wayland", "DISPLAY": ":0"}, ["wayland", "xcb"]),
        ({"DISPLAY": ":0"}, ["xcb"]),
        ({}, ["xcb"]),
    ],
)
def test_the_plugin_qt_will_use_is_the_one_checked(
    environ: dict[str, str], expected: list[str]
) -> None:
    assert plugins_to_try(environ) == expected


def test_headless_needs_no_display_and_loads() -> None:
    assert startup_problem({"QT_QPA_PLATFORM": "offscreen"}) is None


def test_no_display_at_all_is_explained_with_the_commands_that_need_none() -> None:
    message = startup_problem({})
    assert message is not None
    assert "xcb: no X11 display: DISPLAY is not set" in message
    assert "xvfb-run clstudio" in message and "clstudio devices" in message


def test_missing_libraries_get_the_install_command_for_debian_and_fedora() -> None:
    commands = install_commands(("libxcb-cursor.so.0", "libxcb-keysyms.so.1", "libfoo.so.9"))
    assert "sudo apt-get install libxcb-cursor0 libxcb-keysyms1    # Debian, Ubuntu" in commands
    assert "sudo dnf install xcb-util-cursor xcb-util-keysyms    # Fedora" in commands
    assert "apt-file search libfoo.so.9    # Debian, Ubuntu: which package holds it" in commands


def test_a_qt_that_cannot_load_at_all_is_explained() -> None:
    error = ImportError("libEGL.so.1: cannot open shared object file: No such file or directory")
    message = import_problem(error)
    assert message is not None
    assert "missing system libraries: libEGL.so.1" in message
    assert "sudo apt-get install libegl1" in message
    assert import_problem(ImportError("No module named 'PySide6'")) is None


def test_the_wheels_xcb_plugin_has_what_it_needs_on_this_machine() -> None:
    assert PLUGINS is not None, "PySide6's wheel has no plugins folder"
    assert missing_libraries(PLUGINS / "libqxcb.so") == ()


def _can_hide_libraries() -> bool:
    if not sys.platform.startswith("linux") or shutil.which("unshare") is None:
        return False
    done = subprocess.run(["unshare", "--mount", "true"], capture_output=True, timeout=30)
    return done.returncode == 0 and all((LIBRARY_DIR / name).exists() for name in HIDDEN)


@pytest.mark.skipif(not _can_hide_libraries(), reason="needs root and mount namespaces (unshare)")
def test_the_app_names_libraries_hidden_from_the_loader_and_exits(tmp_path: Path) -> None:
    # A fresh machine without libxcb-cursor0 and libxcb-icccm4: in a mount namespace of its
    # own, an overlay whites the two libraries out of the system library folder.
    upper, work = tmp_path / "upper", tmp_path / "work"
    upper.mkdir()
    work.mkdir()
    whiteouts = " && ".join(f"mknod {upper / name} c 0 0" for name in HIDDEN)
    script = (
        f"mount --make-rprivate / && {whiteouts} && mount -t overlay overlay "
        f"-o lowerdir={LIBRARY_DIR},upperdir={upper},workdir={work} {LIBRARY_DIR} && "
        f"exec {sys.executable} -m clstudio"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env["DISPLAY"] = ":99"
    done = subprocess.run(
        ["unshare", "--mount", "sh", "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == EXIT_NO_DISPLAY, done.stderr
    assert "xcb: missing system libraries: libxcb-cursor.so.0, libxcb-icccm.so.4" in done.stderr
    assert "sudo apt-get install libxcb-cursor0 libxcb-icccm4    # Debian, Ubuntu" in done.stderr
    assert "sudo dnf install xcb-util-cursor xcb-util-wm    # Fedora" in done.stderr
    assert "Could not load the Qt platform plugin" not in done.stderr  # Qt never got to abort
    assert (LIBRARY_DIR / HIDDEN[0]).exists()  # hidden in that namespace only
