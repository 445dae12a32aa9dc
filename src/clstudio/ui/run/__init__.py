"""The Run button and its controllers: a run, a check on Oclgrind, a sweep, runs on devices."""
