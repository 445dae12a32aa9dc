"""A run told to people and programs: the --json reports, run statistics, the finished run."""

from clstudio.reporting.check_report import check_to_json, format_check
from clstudio.reporting.finished_run import FinishedRun
from clstudio.reporting.run_report import format_summary, result_to_json
from clstudio.reporting.run_stats import (
    BufferTraffic,
    KernelStats,
    bandwidth_gb_s,
    buffer_traffic,
    gflop_s,
    kernel_stats,
)

__all__ = [
    "BufferTraffic",
    "FinishedRun",
    "KernelStats",
    "bandwidth_gb_s",
    "buffer_traffic",
    "check_to_json",
    "format_check",
    "format_summary",
    "gflop_s",
    "kernel_stats",
    "result_to_json",
]
