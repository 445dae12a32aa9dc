"""Each command is a module named for it, imported only when it runs: the app's start
(`clstudio`, `clstudio SESSION.json`) loads no other command's module, and so none of
the debugger's or the exercises' modules they bring (docs/performance.md, start-up)."""

import ast
import subprocess
import sys

import pytest

from clstudio.cli import main as entry
from clstudio.cli.main import COMMANDS

SCRIPT = """
import sys
from clstudio.cli import gui_command
from clstudio.cli.main import main

gui_command.execute = lambda options: 0  # the window is not what this asks about
main(sys.argv[1:])
print(sorted(m for m in sys.modules if m.startswith(("clstudio.cli.", "clstudio.debugger.",
                                                     "clstudio.exercises."))))
"""


def test_each_command_is_the_module_named_for_it() -> None:
    for name, module in COMMANDS.items():
        assert name == module().NAME


def test_the_app_imports_no_other_command() -> None:
    for args in ([], ["kernels/vector_add.json"], ["gui"]):
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr[-2000:]
        loaded = ast.literal_eval(done.stdout.strip().splitlines()[-1])
        assert loaded == [
            "clstudio.cli.gui_command",
            "clstudio.cli.main",
            "clstudio.cli.qt_platform",
            "clstudio.cli.translated_parser",
        ], args


def test_help_still_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        entry(["--help"])
    assert done.value.code == 0
    said = capsys.readouterr().out
    for name in COMMANDS:
        assert name in said
