"""`clstudio debug SESSION --break LINE ... [--remote HOST]`: stop a work-item on Oclgrind, print
what it sees."""

from __future__ import annotations

import argparse
from dataclasses import replace

from clstudio.cli import remote_options
from clstudio.cli import session_commands as shared
from clstudio.common import N_, RunError, gettext
from clstudio.debugger import (
    DebugPlanError,
    DebugRun,
    debug_to_json,
    expression_problem,
    format_debug,
    plan_debug,
    run_script,
)
from clstudio.debugger.driver import StartDebugger
from clstudio.debugger.pipe import start_debugger
from clstudio.remote.debugging import RemoteDebuggerProcess
from clstudio.session import Session, SessionError, SourceMap, load_session
from clstudio.worker.worker_slot import NewClient

NAME = "debug"
HELP = N_("stop a work-item at breakpoints on the Oclgrind simulator and print its values")
USAGE_ERROR = 2  # as argparse exits for a command line it cannot parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shared.add_session_argument(parser)
    parser.add_argument(
        "--break",
        dest="breakpoints",
        metavar="LINE",
        action="append",
        required=True,
        help=gettext(
            "stop at this source line (repeat for more); in a program of source parts, "
            "PART:LINE, the part named by its file or number (defs.h:3, 2:3)"
        ),
    )
    parser.add_argument(
        "--item",
        metavar="X[,Y[,Z]]",
        default="0",
        help=gettext("the global id of the work-item to follow (default 0)"),
    )
    parser.add_argument(
        "--print",
        dest="expressions",
        metavar="EXPR",
        nargs="+",
        action="extend",
        default=[],
        help=gettext(
            "print these at each stop: a variable (i) or an element (a[5], a[i]); "
            "by default the variables in scope"
        ),
    )
    parser.add_argument(
        "--steps",
        metavar="N",
        type=int,
        default=0,
        help=gettext("after each breakpoint hit, step over N lines (default 0)"),
    )
    parser.add_argument(
        "--hits",
        metavar="N",
        type=int,
        default=1,
        help=gettext("stop at up to N breakpoint hits of the work-item (default 1)"),
    )
    shared.add_json_argument(parser)
    remote_options.add_remote_arguments(parser)


@remote_options.with_workers
def execute(options: argparse.Namespace, new_client: NewClient) -> int:
    """0 when the work-item stopped at a breakpoint and nothing failed; 1 when the run failed
    or never stopped there; 2 when the command asks for what cannot be, or the --remote
    machine cannot be used."""
    try:
        item = _item(options.item)
        problems = [p for e in options.expressions if (p := expression_problem(e))]
        if problems:
            raise DebugPlanError(problems[0])
        if options.steps < 0 or options.hits < 1:
            raise DebugPlanError(gettext("--steps must be 0 or more, and --hits 1 or more"))
        session = load_session(options.session)
        lines = tuple(_break_line(text, session.source_map) for text in options.breakpoints)
        plan = plan_debug(session, lines, item)
        plan = replace(plan, type_names=_type_names(plan.session, new_client))
    except SessionError as exc:
        return _report(options, _failed(RunError("load", str(exc)), options), 1)
    except DebugPlanError as exc:
        return _report(options, _failed(RunError("validate", str(exc)), options), USAGE_ERROR)
    run = run_script(plan, options.expressions, options.hits, options.steps, _starter(options))
    if options.remote is not None and run.error is not None:
        run = replace(run, error=remote_options.on_machine(run.error, options))
    name = shared.source_name(session, options)
    return _report(options, run, 0 if run.ok else 1, name, session.source_map)


def _break_line(text: str, source_map: SourceMap) -> int:
    """A --break as the program's line: LINE, or PART:LINE in a part's own lines."""
    label, _, number = text.rpartition(":")
    index = source_map.part_named(label) if label else None
    if number.isdigit() and int(number) >= 1:
        if not label:
            return int(number)
        if index is not None and int(number) in range(1, len(source_map.lines_of(index)) + 1):
            return source_map.joined_line(index, int(number))
    names = ", ".join(part.label(i) for i, part in enumerate(source_map.parts))
    if label and index is None and names:
        problem = gettext("--break {text}: no source part {part}; the parts are {names}")
        raise DebugPlanError(problem.format(text=text, part=label, names=names))
    problem = gettext("--break {text}: give a line number from 1, or PART:LINE within the part")
    raise DebugPlanError(problem.format(text=text))


def _starter(options: argparse.Namespace) -> StartDebugger:
    """The debug process on this machine, or on the --remote one (set up there already)."""
    address = remote_options.remote_of(options)
    if address is None:
        return start_debugger
    batch = remote_options.batch_mode()
    return lambda plan: RemoteDebuggerProcess(plan, address, batch)


def _type_names(session: Session, new_client: NewClient) -> tuple[tuple[str, str], ...]:
    """What typedef'd names stand for, as the simulator builds the source; none when the
    build fails (the debug run reports why)."""
    with new_client(()) as worker:
        build = worker.build(session.source, session.build_options, session.device)
    return build.type_names if build.ok else ()


def _item(text: str) -> tuple[int, ...]:
    try:
        ids = tuple(int(part) for part in text.split(","))
    except ValueError:
        ids = ()
    if not 1 <= len(ids) <= 3 or min(ids) < 0:
        raise DebugPlanError(
            gettext("--item {item}: give a global id as X, X,Y or X,Y,Z (numbers from 0)").format(
                item=text
            )
        )
    return ids


def _failed(error: RunError, options: argparse.Namespace) -> DebugRun:
    asked = tuple(int(text) for text in options.breakpoints if text.isdigit())
    return DebugRun(ok=False, kernel="", breakpoints=asked, error=error)


def _report(
    options: argparse.Namespace,
    run: DebugRun,
    status: int,
    source: str = "",
    source_map: SourceMap | None = None,
) -> int:
    shared.print_report(
        options,
        run,
        debug_to_json,
        lambda r: format_debug(r, source or str(options.session), source_map),
        ensure_ascii=False,
    )
    return status
