"""The device explorer: the tree, the fields, the gauges, compare, discovery off the GUI thread."""
