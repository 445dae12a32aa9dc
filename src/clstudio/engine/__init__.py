"""The engine: the OpenCL host program for a session, from context to reference check."""

from clstudio.engine.backend import Backend, InProcessBackend, MeasuringBackend
from clstudio.engine.run import Engine

__all__ = ["Backend", "Engine", "InProcessBackend", "MeasuringBackend"]
