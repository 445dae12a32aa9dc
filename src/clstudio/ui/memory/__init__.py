"""The Memory tab: measured traffic per buffer, a work-group played back, lines per access."""
