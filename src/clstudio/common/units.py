"""Human units for sizes and durations."""

from __future__ import annotations

from clstudio.common.translation import ngettext

_BYTE_UNITS = ("bytes", "KiB", "MiB", "GiB", "TiB", "PiB")


def format_bytes(count: int | float) -> str:
    """`4 MiB`, `3.44 GiB`, `1000 KiB`, `512 bytes`: binary units, about three digits."""
    value = float(count)
    for unit in _BYTE_UNITS:
        if abs(value) < 1024 or unit == _BYTE_UNITS[-1]:
            break
        value /= 1024
    if unit == "bytes":
        return ngettext("{count} byte", "{count} bytes", int(value)).format(count=int(value))
    decimals = 0 if abs(value) >= 100 else 1 if abs(value) >= 10 else 2
    text = f"{value:.{decimals}f}"
    if decimals:
        text = text.rstrip("0").rstrip(".")
    return f"{text} {unit}"


def format_seconds(seconds: float) -> str:
    """`412 ms`, `3.2 µs`, `1.50 s`: the unit that keeps the number readable."""
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.3g} µs"
    return f"{seconds * 1e9:.3g} ns"
