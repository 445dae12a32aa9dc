"""A run told to people and programs: the --json reports, run statistics, buffer export."""

from clstudio.reporting.buffer_export import lane_names, save_csv, save_npy
from clstudio.reporting.check_report import check_to_json, format_check
from clstudio.reporting.run_report import format_summary, result_to_json
from clstudio.reporting.run_stats import (
    PHASES,
    BufferTraffic,
    KernelStats,
    TimelineBar,
    bandwidth_gb_s,
    buffer_traffic,
    gflop_s,
    kernel_stats,
    timeline,
    timeline_rows,
)

__all__ = [
    "PHASES",
    "BufferTraffic",
    "KernelStats",
    "TimelineBar",
    "bandwidth_gb_s",
    "buffer_traffic",
    "check_to_json",
    "format_check",
    "format_summary",
    "gflop_s",
    "kernel_stats",
    "lane_names",
    "result_to_json",
    "save_csv",
    "save_npy",
    "timeline",
    "timeline_rows",
]
