"""The Outputs tab: every buffer of a run, its reference check, guard bands and export."""
