"""The engine: the OpenCL host program for a session, from context to reference check."""

from clstudio.engine.buffers import reading_back_into
from clstudio.engine.check_run import check_session
from clstudio.engine.count_run import count_session
from clstudio.engine.device_program import launch_failure
from clstudio.engine.in_process import InProcessBackend
from clstudio.engine.run import Engine
from clstudio.engine.stepping import HostStepper, StepKeeper
from clstudio.engine.traffic_run import measure_traffic

__all__ = [
    "Engine",
    "HostStepper",
    "InProcessBackend",
    "StepKeeper",
    "check_session",
    "count_session",
    "launch_failure",
    "measure_traffic",
    "reading_back_into",
]
