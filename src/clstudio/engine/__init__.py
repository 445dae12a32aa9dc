"""The engine: the OpenCL host program for a session, from context to reference check."""

from clstudio.engine.backend import Backend, InProcessBackend, MeasuringBackend
from clstudio.engine.check_run import check_session
from clstudio.engine.host_steps import reference_namespace, scalar_bytes
from clstudio.engine.reference_check import check_reference
from clstudio.engine.run import Engine
from clstudio.engine.stepping import HostStepper, StepKeeper, launch_failure

__all__ = [
    "Backend",
    "Engine",
    "HostStepper",
    "InProcessBackend",
    "MeasuringBackend",
    "StepKeeper",
    "check_reference",
    "check_session",
    "launch_failure",
    "reference_namespace",
    "scalar_bytes",
]
