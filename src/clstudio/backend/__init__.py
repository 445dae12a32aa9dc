"""The Backend protocol: what the app asks of an OpenCL backend, free of pyopencl."""

from clstudio.backend.interface import Backend, Builder, MeasuringBackend, Progress, Stepped

__all__ = ["Backend", "Builder", "MeasuringBackend", "Progress", "Stepped"]
