"""The `clstudio` parser and dispatch: each command is a module of this package.

A command module has NAME, add_arguments(parser) and execute(options) -> exit status;
adding one is a module and a line in COMMANDS.
"""

from __future__ import annotations

import argparse
import os
import sys
from types import ModuleType

from clstudio import __version__
from clstudio.cli import (
    capture_command,
    check_command,
    compile_command,
    debug_command,
    devices_command,
    exercise_command,
    export_command,
    gui_command,
    import_command,
    peaks_command,
    portability_command,
    run_command,
    sweep_command,
    traffic_command,
)
from clstudio.cli.translated_parser import TranslatedParser
from clstudio.collector_pause import end_pause
from clstudio.common import ENGLISH, escaped_output, gettext, set_language

COMMANDS: tuple[ModuleType, ...] = (
    gui_command,
    devices_command,
    run_command,
    check_command,
    compile_command,
    debug_command,
    export_command,
    import_command,
    portability_command,
    capture_command,
    exercise_command,
    peaks_command,
    sweep_command,
    traffic_command,
)
INTERRUPTED = 128 + 2  # a shell's exit status for a command ended by SIGINT


def _parser() -> argparse.ArgumentParser:
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
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.add_arguments(commands.add_parser(command.NAME, help=gettext(command.HELP)))
    return parser


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    names = [command.NAME for command in COMMANDS]
    if not args or (args[0] not in names and not args[0].startswith("-")):
        args.insert(0, gui_command.NAME)
    options = _parser().parse_args(args)
    if getattr(options, "json", False):
        set_language(ENGLISH)  # --json is a contract that programs read: always English
    command = COMMANDS[names.index(options.command or gui_command.NAME)]
    if command is not gui_command:
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
