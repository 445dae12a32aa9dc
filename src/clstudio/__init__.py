"""CL Studio: a desktop OpenCL explorer and kernel playground."""

__version__ = "0.1.0"
