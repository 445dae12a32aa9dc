"""`clstudio` pauses Python's cyclic collector while its modules load (40-60 ms of the
app's start), and a terminal command runs with it back."""

import argparse
import dataclasses
import gc
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from clstudio import __main__ as entry
from clstudio.cli import devices_command

# The module, which the package's `main` (the function) hides.
parsing = importlib.import_module("clstudio.cli.main")


@pytest.fixture(autouse=True)
def collection_as_before(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Whatever owned collection before (a window's GuiThreadCollector turns it off) owns
    it after; what the start froze must not outlive the test, nor the start's kept
    dataclass code (clstudio.dataclass_code) the test's process."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setitem(vars(dataclasses), "exec", exec)  # put back as it was afterwards
    was_enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if was_enabled:
        gc.enable()
    else:
        gc.disable()


def test_the_start_runs_paused_and_a_terminal_command_runs_collected(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: dict[str, bool] = {}
    make_parser = parsing._parser

    def parser(commands: tuple[ModuleType, ...]) -> argparse.ArgumentParser:
        seen["while starting"] = gc.isenabled()
        made: argparse.ArgumentParser = make_parser(commands)
        return made

    def execute(options: argparse.Namespace) -> int:
        seen["while running"] = gc.isenabled()
        return 0

    monkeypatch.setattr(parsing, "_parser", parser)
    monkeypatch.setattr(devices_command, "execute", execute)
    monkeypatch.setattr(sys, "argv", ["clstudio", "devices"])
    assert entry.main() == 0
    assert seen == {"while starting": False, "while running": True}
    assert gc.isenabled()


def test_a_start_that_fails_leaves_the_collector_running(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["clstudio", "no-such-session.json", "extra"])
    with pytest.raises(SystemExit):  # argparse refuses the second argument
        entry.main()
    assert gc.isenabled()
