"""The isolated worker process: OpenCL work that runs user code happens here.

A kernel that loops forever, writes out of bounds or crashes the compiler takes
down only the worker; `client.WorkerClient` notices, restarts it and reports why.
"""
