"""File > Capture a Program… and File > Open Capture…: a learner's own program run under
capture from the window, and the list of a capture's launches (docs/capture.md)."""
