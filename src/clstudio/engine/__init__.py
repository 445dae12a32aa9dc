"""The engine: the OpenCL host program for a session, from context to reference check."""

from clstudio.engine.backend import Backend, InProcessBackend, MeasuringBackend
from clstudio.engine.check_run import check_session
from clstudio.engine.run import Engine, scalar_bytes

__all__ = [
    "Backend",
    "Engine",
    "InProcessBackend",
    "MeasuringBackend",
    "check_session",
    "scalar_bytes",
]
