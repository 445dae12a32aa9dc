"""The measurement loops: a session on several devices, a local-size sweep, device peaks.

Each loop asks a `clstudio.backend.Backend` (the worker in the app and on the command
line) one request at a time, reports progress and stops between requests when asked.
"""

from clstudio.measurements.device_runs import run_on_devices
from clstudio.measurements.local_size_sweep import SweepPoint, SweepResult, sweep_local_sizes
from clstudio.measurements.peak_runner import measure_peaks

__all__ = ["SweepPoint", "SweepResult", "measure_peaks", "run_on_devices", "sweep_local_sizes"]
