"""The debugger's keys, as in common debuggers (F5 is Run): the Debug dock's buttons
show them and the window's actions use them; apart, so that the menus need not import
the dock's panel, which is made when the dock first comes into view."""

SHORTCUTS = {"continue": "F8", "over": "F10", "into": "F11", "out": "Shift+F11", "stop": "Shift+F8"}
