"""Measured traffic: which work-item touched which element of each buffer (instrumented)."""

from typing import TYPE_CHECKING

from clstudio.common.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from clstudio.traffic.instrumented_source import (
        CAPACITY_ARG,
        LOG_ARG,
        STRIDE_ARG,
        WRAPPED,
        Access,
        InstrumentedKernel,
        TracedBuffer,
        TrafficRefusal,
        instrument,
    )
    from clstudio.traffic.log_analysis import LogReading
    from clstudio.traffic.traffic_plan import TrafficPlan, kernel_first_launch, plan_traffic
    from clstudio.traffic.traffic_result import (
        KIND_CODES,
        LINE_BYTES,
        NEIGHBOURS,
        AccessTraffic,
        BufferTraffic,
        GroupTrace,
        TrafficResult,
    )
else:
    lazy_exports(__name__, __file__)

__all__ = [
    "CAPACITY_ARG",
    "KIND_CODES",
    "LINE_BYTES",
    "LOG_ARG",
    "NEIGHBOURS",
    "STRIDE_ARG",
    "WRAPPED",
    "Access",
    "AccessTraffic",
    "BufferTraffic",
    "GroupTrace",
    "InstrumentedKernel",
    "LogReading",
    "TracedBuffer",
    "TrafficPlan",
    "TrafficRefusal",
    "TrafficResult",
    "instrument",
    "kernel_first_launch",
    "plan_traffic",
]
