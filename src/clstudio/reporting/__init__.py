"""A run told to people and programs: the --json report, run statistics, buffer export."""

from clstudio.reporting.buffer_export import lane_names, save_csv, save_npy
from clstudio.reporting.finished_run import FinishedRun
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
    "FinishedRun",
    "KernelStats",
    "TimelineBar",
    "bandwidth_gb_s",
    "buffer_traffic",
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
