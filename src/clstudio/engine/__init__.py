"""The engine: the OpenCL host program for a session, from context to reference check."""

from clstudio.engine.backend import Backend, InProcessBackend
from clstudio.engine.run import Engine, scalar_bytes

__all__ = ["Backend", "Engine", "InProcessBackend", "scalar_bytes"]
