"""A run told to people and programs: the --json reports, run statistics, the finished run."""

from typing import TYPE_CHECKING

from clstudio.common.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from clstudio.reporting.check_report import check_to_json, format_check
    from clstudio.reporting.compile_report import (
        COMPILE_FORMAT,
        COMPILE_VERSION,
        EMITS,
        comparison_text,
        compile_to_json,
        format_compile,
        remark_text,
        summary_text,
    )
    from clstudio.reporting.count_report import (
        COUNTS_FORMAT,
        COUNTS_VERSION,
        counts_to_json,
        format_counts,
    )
    from clstudio.reporting.device_comparison import (
        OutputDifference,
        compare_outputs,
        device_runs_to_json,
        format_comparison,
    )
    from clstudio.reporting.device_kind import device_kind_line, device_kind_note
    from clstudio.reporting.finished_run import FinishedRun
    from clstudio.reporting.kernel_roofline import kernel_point
    from clstudio.reporting.kernel_shares import KernelShare, kernel_shares
    from clstudio.reporting.launch_figures import program_times_ns
    from clstudio.reporting.lesson_times import (
        LaterLaunches,
        LessonStepTime,
        later_launches,
        lesson_times,
    )
    from clstudio.reporting.peak_report import (
        TEST_TITLES,
        PeaksFormatError,
        format_peaks,
        format_value,
        peaks_from_json,
        peaks_to_json,
    )
    from clstudio.reporting.peak_store import (
        PeakStoreError,
        latest_peaks,
        load_peaks,
        save_peaks,
        store_path,
    )
    from clstudio.reporting.report_opening import error_json, simulator_opening
    from clstudio.reporting.roofline import (
        DEFAULT_OPS_PER_ITEM,
        Roof,
        RooflinePoint,
        Roofs,
        binding_limit,
        declared_ops_per_item,
        measured_point,
        point_of,
        roofs_of,
    )
    from clstudio.reporting.run_report import format_summary, result_to_json
    from clstudio.reporting.run_stats import (
        BufferTraffic,
        KernelStats,
        bandwidth_gb_s,
        buffer_traffic,
        gflop_s,
        kernel_stats,
    )
    from clstudio.reporting.timer_notes import (
        QUANTISATION_STEPS,
        WATCHDOG_FIELD,
        repeats_for,
        timer_resolution_note,
        watchdog_note,
    )
    from clstudio.reporting.traffic_report import (
        TRAFFIC_FORMAT,
        TRAFFIC_VERSION,
        coalescing_words,
        format_traffic,
        sampling_words,
        times_words,
        traffic_to_json,
    )
    from clstudio.session import named_build_log  # one rule, used below the reports too
else:
    lazy_exports(__name__, __file__)

__all__ = [
    "COMPILE_FORMAT",
    "COMPILE_VERSION",
    "COUNTS_FORMAT",
    "COUNTS_VERSION",
    "DEFAULT_OPS_PER_ITEM",
    "EMITS",
    "QUANTISATION_STEPS",
    "TEST_TITLES",
    "TRAFFIC_FORMAT",
    "TRAFFIC_VERSION",
    "WATCHDOG_FIELD",
    "BufferTraffic",
    "FinishedRun",
    "KernelShare",
    "KernelStats",
    "LaterLaunches",
    "LessonStepTime",
    "OutputDifference",
    "PeakStoreError",
    "PeaksFormatError",
    "Roof",
    "RooflinePoint",
    "Roofs",
    "bandwidth_gb_s",
    "binding_limit",
    "buffer_traffic",
    "check_to_json",
    "coalescing_words",
    "compare_outputs",
    "comparison_text",
    "compile_to_json",
    "counts_to_json",
    "declared_ops_per_item",
    "device_kind_line",
    "device_kind_note",
    "device_runs_to_json",
    "error_json",
    "format_check",
    "format_comparison",
    "format_compile",
    "format_counts",
    "format_peaks",
    "format_summary",
    "format_traffic",
    "format_value",
    "gflop_s",
    "kernel_point",
    "kernel_shares",
    "kernel_stats",
    "later_launches",
    "latest_peaks",
    "lesson_times",
    "load_peaks",
    "measured_point",
    "named_build_log",
    "peaks_from_json",
    "peaks_to_json",
    "point_of",
    "program_times_ns",
    "remark_text",
    "repeats_for",
    "result_to_json",
    "roofs_of",
    "sampling_words",
    "save_peaks",
    "simulator_opening",
    "store_path",
    "summary_text",
    "timer_resolution_note",
    "times_words",
    "traffic_to_json",
    "watchdog_note",
]
