"""For editor tests: a fake Backend (pretend OpenCL, builds answered at will), and typing."""

from __future__ import annotations

import re
import threading

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from clstudio.common.results import BuildResult, Diagnostic, KernelArgInfo, KernelSignature

_KERNEL = re.compile(r"(?:__)?kernel\s+void\s+(\w+)\s*\(([^)]*)\)")
GATE_TIMEOUT = 30


def fake_build(source: str, options: str = "") -> BuildResult:
    """A build of pretend OpenCL: ERROR and WARN in the text are what the compiler finds."""
    diagnostics = []
    for number, line in enumerate(source.splitlines(), start=1):
        for word, severity in (("ERROR", "error"), ("WARN", "warning")):
            column = line.find(word)
            if column >= 0:
                message = f"use of undeclared identifier '{word}'"
                diagnostics.append(Diagnostic(number, column + 1, severity, message))
    ok = not any(d.severity == "error" for d in diagnostics)
    kernels: tuple[KernelSignature, ...] = ()
    if ok:
        kernels = tuple(
            KernelSignature(
                m[1],
                tuple(
                    KernelArgInfo(arg.split()[-1].strip("*"), "float*", "global", "none", False)
                    for arg in m[2].split(",")
                    if arg.strip()
                ),
            )
            for m in _KERNEL.finditer(source)
        )
    log = "".join(f"<source>:{d.line}:{d.column}: {d.severity}: {d.message}\n" for d in diagnostics)
    return BuildResult(ok, log, tuple(diagnostics), kernels, 0.012, options, "Fake CPU")


class FakeBackend:
    """Builds with fake_build; with `hold`, each build waits until the test releases it."""

    def __init__(self, hold: bool = False) -> None:
        self.hold = hold
        self.calls: list[tuple[str, str, object]] = []
        self._gates: list[threading.Event] = []
        self._lock = threading.Condition()

    def build(self, source: str, options: str, selector: object) -> BuildResult:
        gate = threading.Event()
        if not self.hold:
            gate.set()
        with self._lock:
            self.calls.append((source, options, selector))
            self._gates.append(gate)
            self._lock.notify_all()
        if not gate.wait(GATE_TIMEOUT):
            raise TimeoutError("the test never released this build")
        if "RAISE" in source:
            raise RuntimeError("the driver fell over")
        return fake_build(source, options)

    def release(self, index: int) -> None:
        """Answer the index-th build, once it has reached the backend."""
        with self._lock:
            if not self._lock.wait_for(lambda: len(self._gates) > index, GATE_TIMEOUT):
                raise TimeoutError(f"build {index} never reached the backend")
            self._gates[index].set()

    def release_all(self) -> None:
        self.hold = False
        with self._lock:
            for gate in self._gates:
                gate.set()

    def started(self) -> int:
        with self._lock:
            return len(self.calls)

    def close(self) -> None:
        """Nothing to release."""


def type_source(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Type `text` as a user would: Enter between lines, the editor indenting by itself.

    QTest cannot type a newline character, and a user would not type the indentation
    that the editor adds after Enter, so each line is typed without its leading blanks.
    """
    for number, line in enumerate(text.split("\n")):
        if number:
            qtbot.keyClick(widget, Qt.Key.Key_Return)
        qtbot.keyClicks(widget, line.lstrip(" "))
