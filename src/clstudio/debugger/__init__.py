"""The kernel debugger: Oclgrind's interactive debugger driven over a pipe, its answers as data."""

from typing import TYPE_CHECKING

from clstudio.common.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from clstudio.debugger.answers import (
        InfoAnswer,
        StopAnswer,
        parse_backtrace,
        parse_dump,
        parse_info,
        parse_stop,
        parse_values,
        split_fenced,
    )
    from clstudio.debugger.debug_plan import DebugPlan, DebugPlanError, plan_debug
    from clstudio.debugger.debug_results import (
        BARRIER,
        BREAKPOINT,
        ENDED,
        ERROR,
        FINISHED,
        NOT_STARTED,
        REASONS,
        STEP,
        SWITCHED,
        BarrierState,
        DebugRun,
        DebugStop,
        KernelInfo,
        MemoryView,
        PausedState,
        Value,
        WorkItemIds,
    )
    from clstudio.debugger.declarations import Declaration, kernel_declarations
    from clstudio.debugger.driver import DebugDriver
    from clstudio.debugger.inspection import expression_problem
    from clstudio.debugger.report import DEBUG_FORMAT, DEBUG_VERSION, debug_to_json, format_debug
    from clstudio.debugger.scripted import run_script
    from clstudio.debugger.values import as_declared, parse_value, read_elements, value_text
else:
    lazy_exports(__name__, __file__)

__all__ = [
    "BARRIER",
    "BREAKPOINT",
    "DEBUG_FORMAT",
    "DEBUG_VERSION",
    "ENDED",
    "ERROR",
    "FINISHED",
    "NOT_STARTED",
    "REASONS",
    "STEP",
    "SWITCHED",
    "BarrierState",
    "DebugDriver",
    "DebugPlan",
    "DebugPlanError",
    "DebugRun",
    "DebugStop",
    "Declaration",
    "InfoAnswer",
    "KernelInfo",
    "MemoryView",
    "PausedState",
    "StopAnswer",
    "Value",
    "WorkItemIds",
    "as_declared",
    "debug_to_json",
    "expression_problem",
    "format_debug",
    "kernel_declarations",
    "parse_backtrace",
    "parse_dump",
    "parse_info",
    "parse_stop",
    "parse_value",
    "parse_values",
    "plan_debug",
    "read_elements",
    "run_script",
    "split_fenced",
    "value_text",
]
