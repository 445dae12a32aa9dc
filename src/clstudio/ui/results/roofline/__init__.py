"""The Roofline tab: runs under the device's measured roofs."""
