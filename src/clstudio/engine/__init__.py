"""The engine: the OpenCL host program for a session, from context to reference check."""
