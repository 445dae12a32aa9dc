"""OpenCL platforms and devices: discovery, the field catalogue, raw queries, selectors, limits."""
