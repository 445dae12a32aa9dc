"""Check mode: a session run once on the Oclgrind simulator, its reports grouped into problems.

Not to be confused with `clstudio.validation`, what is validated before any run, nor with
grading an exercise (`clstudio.exercises.grading`).
"""

from typing import TYPE_CHECKING

from clstudio.common.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from clstudio.checkmode.check_plan import (
        BUILD_OPTIONS,
        GET_OCLGRIND,
        LOG_NAME,
        MAX_ERRORS,
        CheckPlan,
        check_environment,
        opencl_2_feature,
        opencl_2_message,
        plan_check,
    )
    from clstudio.checkmode.check_results import (
        KIND_SEVERITIES,
        CheckProblem,
        CheckResult,
        WorkItem,
    )
    from clstudio.checkmode.problems import find_problems
    from clstudio.checkmode.reports import ParsedLog, Report, Side, parse_log
    from clstudio.checkmode.sentences import BufferRegion
    from clstudio.devices import SIMULATOR_PLATFORM
else:
    lazy_exports(__name__, __file__)

__all__ = [
    "BUILD_OPTIONS",
    "GET_OCLGRIND",
    "KIND_SEVERITIES",
    "LOG_NAME",
    "MAX_ERRORS",
    "SIMULATOR_PLATFORM",
    "BufferRegion",
    "CheckPlan",
    "CheckProblem",
    "CheckResult",
    "ParsedLog",
    "Report",
    "Side",
    "WorkItem",
    "check_environment",
    "find_problems",
    "opencl_2_feature",
    "opencl_2_message",
    "parse_log",
    "plan_check",
]
