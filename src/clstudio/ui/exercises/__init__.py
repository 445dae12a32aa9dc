"""The Exercises panel: the list with statuses, the statement, checks and their results."""
