"""`clstudio debug SESSION --break LINE ...`: stop a work-item on Oclgrind, print what it sees."""

from __future__ import annotations

import argparse
from dataclasses import replace

from clstudio.cli import session_commands as shared
from clstudio.common import N_, KernelSignature, RunError, gettext
from clstudio.debugger import (
    DebugPlanError,
    DebugRun,
    debug_to_json,
    expression_problem,
    format_debug,
    plan_debug,
    run_script,
    typedef_names,
)
from clstudio.session import Session, SessionError, load_session
from clstudio.worker.client import WorkerClient

NAME = "debug"
HELP = N_("stop a work-item at breakpoints on the Oclgrind simulator and print its values")
USAGE_ERROR = 2  # as argparse exits for a command line it cannot parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shared.add_session_argument(parser)
    parser.add_argument(
        "--break",
        dest="breakpoints",
        metavar="LINE",
        type=int,
        action="append",
        required=True,
        help=gettext("stop at this source line (repeat for more)"),
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


def execute(options: argparse.Namespace) -> int:
    """0 when the work-item stopped at a breakpoint and nothing failed; 1 when the run failed
    or never stopped there; 2 when the command asks for what cannot be."""
    try:
        item = _item(options.item)
        problems = [p for e in options.expressions if (p := expression_problem(e))]
        if problems:
            raise DebugPlanError(problems[0])
        if options.steps < 0 or options.hits < 1:
            raise DebugPlanError(gettext("--steps must be 0 or more, and --hits 1 or more"))
        session = load_session(options.session)
        plan = plan_debug(session, tuple(options.breakpoints), item)
        plan = replace(plan, type_names=tuple(typedef_names(_signatures(plan.session)).items()))
    except SessionError as exc:
        return _report(options, _failed(RunError("load", str(exc)), options), 1)
    except DebugPlanError as exc:
        return _report(options, _failed(RunError("validate", str(exc)), options), USAGE_ERROR)
    run = run_script(plan, options.expressions, options.hits, options.steps)
    return _report(options, run, 0 if run.ok else 1, session.source_file or str(options.session))


def _signatures(session: Session) -> tuple[KernelSignature, ...]:
    """The kernels as the simulator builds them, which say what typedef'd names stand for;
    none when the build fails (the debug run reports why)."""
    with WorkerClient() as worker:
        build = worker.build(session.source, session.build_options, session.device)
    return build.kernels if build.ok else ()


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
    return DebugRun(ok=False, kernel="", breakpoints=tuple(options.breakpoints), error=error)


def _report(options: argparse.Namespace, run: DebugRun, status: int, source: str = "") -> int:
    shared.print_report(
        options,
        run,
        debug_to_json,
        lambda r: format_debug(r, source or str(options.session)),
        ensure_ascii=False,
    )
    return status
