"""The Run button and its jobs: a run, a check on Oclgrind, a sweep, runs on devices.

Check mode itself, which takes the workbench, is modes/check_mode."""
