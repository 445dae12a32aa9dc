"""The engine: the OpenCL host program for a session, from context to reference check."""

from clstudio.engine.backend import Backend, InProcessBackend
from clstudio.engine.check_run import check_session
from clstudio.engine.run import Engine

__all__ = ["Backend", "Engine", "InProcessBackend", "check_session"]
