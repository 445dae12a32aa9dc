"""What the window remembers between launches, kept in one QSettings store.

The store is an INI file in the user's config folder; tests redirect it with
`QSettings.setPath` (or pass their own store) so they never touch the real one.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from clstudio.common import LANGUAGES
from clstudio.devices import DeviceSelector
from clstudio.remote import RemoteAddress, RemoteError, parse_remote

ORGANIZATION = "clstudio"
APPLICATION = "CL Studio"
MAX_RECENT = 8
THEMES = ("system", "light", "dark")
SYSTEM_LANGUAGE = "system"  # follow LANGUAGE, LC_ALL, LC_MESSAGES and LANG


def _as_list(value: object) -> list[str]:
    """QSettings hands back a one-item list from an INI file as a bare string."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return []


class AppSettings:
    """Typed access to the window's persistent settings."""

    def __init__(self, store: QSettings | None = None) -> None:
        self.store = store or QSettings(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION
        )

    def _bytes(self, key: str) -> QByteArray | None:
        value = self.store.value(key)
        if isinstance(value, QByteArray) and not value.isEmpty():
            return value
        return None

    def geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    def set_geometry(self, data: QByteArray) -> None:
        self.store.setValue("window/geometry", data)

    def window_state(self) -> QByteArray | None:
        """Which docks and toolbars are shown, and where."""
        return self._bytes("window/state")

    def set_window_state(self, data: QByteArray) -> None:
        self.store.setValue("window/state", data)

    def device(self) -> DeviceSelector | None:
        platform = str(self.store.value("device/platform", "") or "")
        device = str(self.store.value("device/name", "") or "")
        if not platform and not device:
            return None
        return DeviceSelector(platform, device)

    def set_device(self, selector: DeviceSelector | None) -> None:
        self.store.setValue("device/platform", selector.platform if selector else "")
        self.store.setValue("device/name", selector.device if selector else "")

    def recent_files(self) -> list[Path]:
        return [Path(p) for p in _as_list(self.store.value("files/recent"))]

    def add_recent_file(self, path: Path) -> None:
        """Put `path` first, without duplicates, keeping at most MAX_RECENT."""
        path = path.resolve()
        paths = [path] + [p for p in self.recent_files() if p != path]
        self.store.setValue("files/recent", [str(p) for p in paths[:MAX_RECENT]])

    def remove_recent_file(self, path: Path) -> None:
        paths = [p for p in self.recent_files() if p != path]
        self.store.setValue("files/recent", [str(p) for p in paths])

    def clear_recent_files(self) -> None:
        self.store.setValue("files/recent", [])

    def last_session(self) -> Path | None:
        value = str(self.store.value("files/last_session", "") or "")
        return Path(value) if value else None

    def set_last_session(self, path: Path | None) -> None:
        self.store.setValue("files/last_session", str(path) if path else "")

    def theme(self) -> str:
        value = str(self.store.value("view/theme", "system"))
        return value if value in THEMES else "system"

    def set_theme(self, theme: str) -> None:
        if theme not in THEMES:
            raise ValueError(f"unknown theme {theme!r}; expected one of {THEMES}")
        self.store.setValue("view/theme", theme)

    def language(self) -> str:
        """View > Language's choice: a code of LANGUAGES, or SYSTEM_LANGUAGE."""
        value = str(self.store.value("view/language", SYSTEM_LANGUAGE))
        return value if value in LANGUAGES else SYSTEM_LANGUAGE

    def set_language(self, choice: str) -> None:
        if choice != SYSTEM_LANGUAGE and choice not in LANGUAGES:
            raise ValueError(f"unknown language {choice!r}; expected one of {list(LANGUAGES)}")
        self.store.setValue("view/language", choice)

    def zoom(self) -> int:
        """Steps of one point above (or below) the default editor font size."""
        try:
            return int(str(self.store.value("view/zoom", 0)))
        except ValueError:
            return 0

    def set_zoom(self, steps: int) -> None:
        self.store.setValue("view/zoom", int(steps))

    def exercise(self) -> str:
        """The exercise last chosen in the Exercises dock; "" before any."""
        return str(self.store.value("exercises/chosen", "") or "")

    def set_exercise(self, name: str) -> None:
        self.store.setValue("exercises/chosen", name)

    def hints(self, name: str) -> int:
        """How many of exercise `name`'s hints the learner has revealed."""
        try:
            return max(0, int(str(self.store.value(f"exercises/hints/{name}", 0))))
        except ValueError:
            return 0

    def set_hints(self, name: str, count: int) -> None:
        self.store.setValue(f"exercises/hints/{name}", int(count))

    def remote_machines(self) -> list[RemoteAddress]:
        """The remote machines added to the Devices panel, checked again as they are read
        (an entry edited by hand into something ssh could take as an option is dropped)."""
        machines = []
        for entry in _as_list(self.store.value("devices/remote")):
            try:
                data = json.loads(entry)
                machines.append(parse_remote(str(data["address"]), data.get("ssh_config")))
            except (ValueError, KeyError, TypeError, AttributeError, RemoteError):
                continue
        return machines

    def set_remote_machines(self, machines: list[RemoteAddress]) -> None:
        self.store.setValue(
            "devices/remote",
            [
                json.dumps(
                    {
                        "address": m.name,
                        "ssh_config": str(m.ssh_config) if m.ssh_config else None,
                    }
                )
                for m in machines
            ],
        )

    def sync(self) -> None:
        self.store.sync()
