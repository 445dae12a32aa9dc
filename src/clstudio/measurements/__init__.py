"""The measurement loops: a session on several devices, a local-size sweep, device peaks.

Each loop asks a `clstudio.backend.Backend` (the worker in the app and on the command
line) one request at a time, reports progress and stops between requests when asked.
A program of several launches is measured one kernel at a time (program_kernels).
"""

from typing import TYPE_CHECKING

from clstudio.common.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from clstudio.measurements.device_runs import run_on_devices
    from clstudio.measurements.local_size_sweep import (
        SweepPoint,
        SweepResult,
        sweep_local_sizes,
        sweep_sizes,
    )
    from clstudio.measurements.peak_runner import measure_peaks
    from clstudio.measurements.portability_builds import (
        DevicePortability,
        PortabilityReport,
        portability_report,
    )
    from clstudio.measurements.program_kernels import (
        KernelChoiceError,
        chosen_kernel,
        kernel_global_size,
        kernel_times_per_repeat,
        program_kernels,
        with_kernel_local_size,
    )
else:
    lazy_exports(__name__, __file__)

__all__ = [
    "DevicePortability",
    "KernelChoiceError",
    "PortabilityReport",
    "SweepPoint",
    "SweepResult",
    "chosen_kernel",
    "kernel_global_size",
    "kernel_times_per_repeat",
    "measure_peaks",
    "portability_report",
    "program_kernels",
    "run_on_devices",
    "sweep_local_sizes",
    "sweep_sizes",
    "with_kernel_local_size",
]
