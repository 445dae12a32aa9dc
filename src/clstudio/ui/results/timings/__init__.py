"""The Timings tab: each command's time, the repeats, the timeline and earlier runs."""
