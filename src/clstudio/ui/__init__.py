"""The Qt desktop application. Everything that imports Qt lives in this package."""
