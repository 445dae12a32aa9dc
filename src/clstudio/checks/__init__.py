"""What can be told before a run: validation, argument defaults, the index space."""
