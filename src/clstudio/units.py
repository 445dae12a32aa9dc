"""Human units for sizes and durations."""

from __future__ import annotations

_BYTE_UNITS = ("bytes", "KiB", "MiB", "GiB", "TiB", "PiB")


def format_bytes(count: int | float) -> str:
    """`4 MiB`, `3.44 GiB`, `512 bytes`: binary units, three significant digits."""
    value = float(count)
    for unit in _BYTE_UNITS:
        if abs(value) < 1024 or unit == _BYTE_UNITS[-1]:
            if unit == "bytes":
                return f"{int(value)} bytes"
            return f"{value:.3g} {unit}"
        value /= 1024
    raise AssertionError("unreachable")


def format_seconds(seconds: float) -> str:
    """`412 ms`, `3.2 µs`, `1.50 s`: the unit that keeps the number readable."""
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.3g} µs"
    return f"{seconds * 1e9:.3g} ns"
