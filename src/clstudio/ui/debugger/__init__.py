"""The Debug dock: the paused work-item's ids, variables and memory, and the debugger's controls."""
