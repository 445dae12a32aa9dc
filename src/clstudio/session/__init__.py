"""The session: its versioned file format, readers, argument specs, sample pictures, gallery."""
