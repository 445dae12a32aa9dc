"""The Run button and its controller: a run in the worker, progress, Stop."""
