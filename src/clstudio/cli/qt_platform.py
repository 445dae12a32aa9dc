"""Whether Qt can open a window here, asked before Qt is even imported.

Qt aborts the process when its platform plugin cannot load ("Could not load the Qt
platform plugin "xcb" ... Reinstalling the application may fix this problem"), and
Python cannot catch an abort. The xcb plugin in the PySide6 wheel needs system libraries
that minimal systems lack (libxcb-cursor0 most of all), and reinstalling never helps. So
the plugin Qt will use is looked at first: its missing libraries are named with the
command that installs them, and the app exits with EXIT_NO_DISPLAY instead.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import shutil
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from clstudio.common import gettext

EXIT_NO_DISPLAY = 3
_NOT_FOUND = re.compile(r"^\s*(\S+) => not found", re.MULTILINE)
_CANNOT_OPEN = re.compile(r"(\S+\.so[.\d]*): cannot open shared object file")

# The libraries Qt's xcb and wayland plugins need, and the packages that hold them:
# (Debian and Ubuntu, Fedora). Fedora puts all of libxcb's extensions in one package.
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb-xinput.so.0": ("libxcb-xinput0", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libXau.so.6": ("libxau6", "libXau"),
    "libXdmcp.so.6": ("libxdmcp6", "libXdmcp"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libGLX.so.0": ("libglx0", "libglvnd-glx"),
    "libGLdispatch.so.0": ("libglvnd0", "libglvnd"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libwayland-client.so.0": ("libwayland-client0", "libwayland-client"),
    "libwayland-cursor.so.0": ("libwayland-cursor0", "libwayland-cursor"),
    "libwayland-egl.so.1": ("libwayland-egl1", "libwayland-egl"),
}


@dataclass(frozen=True)
class PluginCheck:
    """One platform plugin: the libraries it lacks, and what else stops it."""

    plugin: str
    missing: tuple[str, ...] = ()
    problem: str = ""  # no display to talk to, or the plugin file is not there

    @property
    def ok(self) -> bool:
        return not self.missing and not self.problem


def plugins_to_try(environ: Mapping[str, str]) -> list[str]:
    """The plugins Qt will try, in order: QT_QPA_PLATFORM's, else the session's kind."""
    asked = environ.get("QT_QPA_PLATFORM", "")
    if asked:
        return [part.split(":")[0] for part in asked.split(";") if part.split(":")[0]]
    if environ.get("XDG_SESSION_TYPE") == "wayland" or environ.get("WAYLAND_DISPLAY"):
        return ["wayland", "xcb"]
    return ["xcb"]


def plugins_folder() -> Path | None:
    """PySide6's platforms/ folder, found without importing Qt."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "Qt" / "plugins" / "platforms"


def check_plugin(plugin: str, folder: Path, environ: Mapping[str, str]) -> PluginCheck:
    path = folder / f"libq{plugin}.so"
    if not path.is_file():
        problem = gettext("Qt has no platform plugin {plugin} ({path})")
        return PluginCheck(plugin, problem=problem.format(plugin=repr(plugin), path=path))
    missing = missing_libraries(path)
    return PluginCheck(plugin, missing, "" if missing else _display_problem(plugin, environ))


def missing_libraries(library: Path) -> tuple[str, ...]:
    """The shared libraries `library` needs that the dynamic loader cannot find.

    Loading it answers at once when none is missing (Qt loads the same libraries next);
    only a library that fails to load is listed by ldd, which names every missing one."""
    try:
        ctypes.CDLL(str(library), mode=os.RTLD_LAZY)
    except OSError as exc:
        return _listed_missing(library) or tuple(_CANNOT_OPEN.findall(str(exc))) or (str(exc),)
    return ()


def _listed_missing(library: Path) -> tuple[str, ...]:
    ldd = shutil.which("ldd")
    if ldd is None:
        return ()
    try:
        listed = subprocess.run(
            [ldd, str(library)], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return ()
    return tuple(dict.fromkeys(_NOT_FOUND.findall(listed.stdout)))


def _display_problem(plugin: str, environ: Mapping[str, str]) -> str:
    if plugin == "xcb" and not environ.get("DISPLAY"):
        return gettext("no X11 display: DISPLAY is not set")
    if plugin == "wayland" and not _wayland_socket(environ):
        return gettext("no Wayland display: WAYLAND_DISPLAY is not set")
    return ""


def _wayland_socket(environ: Mapping[str, str]) -> bool:
    if environ.get("WAYLAND_DISPLAY"):
        return True
    runtime = environ.get("XDG_RUNTIME_DIR")
    return runtime is not None and (Path(runtime) / "wayland-0").exists()


def install_commands(missing: tuple[str, ...]) -> list[str]:
    """The commands that install the packages holding `missing`, on Debian/Ubuntu and Fedora."""
    known = [name for name in missing if name in PACKAGES]
    unknown = [name for name in missing if name not in PACKAGES]
    commands = []
    if known:
        debian = " ".join(dict.fromkeys(PACKAGES[name][0] for name in known))
        fedora = " ".join(dict.fromkeys(PACKAGES[name][1] for name in known))
        commands += [
            f"sudo apt-get install {debian}    # Debian, Ubuntu",
            f"sudo dnf install {fedora}    # Fedora",
        ]
    for name in unknown:
        commands += [
            f"apt-file search {name}    # Debian, Ubuntu: which package holds it",
            f"dnf provides '*/{name}'    # Fedora",
        ]
    return commands


def startup_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """None when a window can open; else what to tell the user, installation commands included.

    When QT_QPA_PLATFORM is not set and the first plugin cannot load but a later one can,
    it is set to that one, so Qt does not abort on the first.
    """
    environ = os.environ if environ is None else environ
    folder = plugins_folder()
    if folder is None:
        return None  # not the PySide6 wheel: Qt's own message will have to do
    checks = [check_plugin(plugin, folder, environ) for plugin in plugins_to_try(environ)]
    working = next((check for check in checks if check.ok), None)
    if working is not None:
        if working is not checks[0] and not environ.get("QT_QPA_PLATFORM"):
            os.environ["QT_QPA_PLATFORM"] = working.plugin
        return None
    return _explain(checks)


def import_problem(error: ImportError) -> str | None:
    """What to tell the user when Qt itself cannot load for want of a system library."""
    missing = tuple(dict.fromkeys(_CANNOT_OPEN.findall(str(error))))
    if not missing:
        return None
    lines = [
        gettext("CL Studio cannot load Qt: missing system libraries: {libraries}").format(
            libraries=", ".join(missing)
        ),
        "",
        gettext("Install them, then start CL Studio again:"),
        *(f"  {command}" for command in install_commands(missing)),
    ]
    return "\n".join(lines)


def _explain(checks: list[PluginCheck]) -> str:
    lines = [gettext("CL Studio cannot open its window: no Qt platform plugin can start here.")]
    missing: tuple[str, ...] = ()
    for check in checks:
        if check.missing:
            names = ", ".join(check.missing)
            said = gettext("missing system libraries: {libraries}").format(libraries=names)
            lines.append(f"  {check.plugin}: {said}")
            missing += tuple(name for name in check.missing if name not in missing)
        else:
            lines.append(f"  {check.plugin}: {check.problem}")
    if missing:
        lines += ["", gettext("Install them, then start CL Studio again:")]
        lines += [f"  {command}" for command in install_commands(missing)]
    else:
        lines += [
            "",
            gettext(
                "Start it from a desktop session (X11 or Wayland), over `ssh -X`, or under Xvfb\n"
                "(`xvfb-run clstudio`)."
            ),
        ]
    lines += [
        "",
        gettext(
            "The terminal commands need no display: `clstudio devices`, "
            "`clstudio run SESSION.json`."
        ),
    ]
    return "\n".join(lines)
