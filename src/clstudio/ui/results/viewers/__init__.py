"""A buffer in the viewer that fits it: line, image, histogram or table."""
