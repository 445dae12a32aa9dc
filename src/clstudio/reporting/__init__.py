"""A run told to people and programs: the --json report, run statistics, buffer export."""
