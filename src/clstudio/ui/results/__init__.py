"""The results of a run: timings, outputs, console and the host program's steps.

Import each panel from its module. This file imports nothing, so the Qt-free
modules here (buffer_layout) load without Qt.
"""
