"""Measured counts: the operations and bytes a kernel executed, as Oclgrind counts them."""

from typing import TYPE_CHECKING

from clstudio.common.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from clstudio.counts.count_plan import (
        FULL_RANGE_LIMIT,
        CountPlan,
        Sampling,
        count_environment,
        plan_count,
    )
    from clstudio.counts.count_result import CountResult
    from clstudio.counts.instruction_counts import (
        FLOPS_PER_OPERATION,
        KINDS,
        SPACES,
        ExecutedCounts,
        OperationCounts,
        classify,
        read_counts,
    )
    from clstudio.counts.lane_widths import CountingError, LaneWidths, call_lanes, lane_widths
else:
    lazy_exports(__name__, __file__)

__all__ = [
    "FLOPS_PER_OPERATION",
    "FULL_RANGE_LIMIT",
    "KINDS",
    "SPACES",
    "CountPlan",
    "CountResult",
    "CountingError",
    "ExecutedCounts",
    "LaneWidths",
    "OperationCounts",
    "Sampling",
    "call_lanes",
    "classify",
    "count_environment",
    "lane_widths",
    "plan_count",
    "read_counts",
]
