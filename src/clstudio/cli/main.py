"""The `clstudio` parser and dispatch: each command is a module of this package.

A command module has NAME, add_arguments(parser) and execute(options) -> exit status;
adding one is a module and a line in COMMANDS. Only the command that runs is imported.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from importlib import import_module
from types import ModuleType

from clstudio import __version__
from clstudio.cli.translated_parser import TranslatedParser
from clstudio.collector_pause import end_pause
from clstudio.common import ENGLISH, escaped_output, gettext, set_language

# Each command is a module, imported when it runs or when the whole parser is wanted
# (--help, a mistake): the app's start no longer imports the debugger's, the exercises'
# and every other command's modules before its window. Literal names, so that the layer
# test reads these imports as it reads any other.
COMMANDS: dict[str, Callable[[], ModuleType]] = {
    "gui": lambda: import_module("clstudio.cli.gui_command"),
    "devices": lambda: import_module("clstudio.cli.devices_command"),
    "run": lambda: import_module("clstudio.cli.run_command"),
    "check": lambda: import_module("clstudio.cli.check_command"),
    "compile": lambda: import_module("clstudio.cli.compile_command"),
    "debug": lambda: import_module("clstudio.cli.debug_command"),
    "export": lambda: import_module("clstudio.cli.export_command"),
    "import": lambda: import_module("clstudio.cli.import_command"),
    "portability": lambda: import_module("clstudio.cli.portability_command"),
    "capture": lambda: import_module("clstudio.cli.capture_command"),
    "exercise": lambda: import_module("clstudio.cli.exercise_command"),
    "peaks": lambda: import_module("clstudio.cli.peaks_command"),
    "sweep": lambda: import_module("clstudio.cli.sweep_command"),
    "traffic": lambda: import_module("clstudio.cli.traffic_command"),
}
GUI = "gui"
INTERRUPTED = 128 + 2  # a shell's exit status for a command ended by SIGINT


def _parser(commands: tuple[ModuleType, ...]) -> argparse.ArgumentParser:
    """The parser of `commands`: all of them, or the one the arguments name."""
    parser = TranslatedParser(
        prog="clstudio",
        description=gettext(
            "CL Studio, an OpenCL explorer and kernel playground. With no command it opens the app."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"clstudio {__version__}",
        help=gettext("show program's version number and exit"),
    )
    parsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in commands:
        command.add_arguments(parsers.add_parser(command.NAME, help=gettext(command.HELP)))
    return parser


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (args[0] not in COMMANDS and not args[0].startswith("-")):
        args.insert(0, GUI)
    # A command named: its parser alone says the same (its --help, its errors).
    named = (args[0],) if args[0] in COMMANDS else tuple(COMMANDS)
    commands = tuple(COMMANDS[name]() for name in named)
    options = _parser(commands).parse_args(args)
    if getattr(options, "json", False):
        set_language(ENGLISH)  # --json is a contract that programs read: always English
    command = commands[named.index(options.command or GUI)]
    if command.NAME != GUI:
        end_pause(collect_automatically=True)  # the app ends it at its first paint
    try:
        with escaped_output():  # session text and printf must not drive the terminal
            status: int = command.execute(options)
    except KeyboardInterrupt:
        # Ctrl-C: the worker and its scratch folder are gone by now (the client ends
        # its life on any interrupt); say so in one line, with the shell's status.
        print(gettext("clstudio: interrupted"), file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`clstudio devices | head`): stop quietly, as Python's
        # docs advise, so that the interpreter's exit does not report it again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status
