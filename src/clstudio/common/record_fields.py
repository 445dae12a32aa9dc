"""Fields of a frozen record that a --json report copies as they are, under their own names:
one comprehension instead of a `"name": record.name` line a key in every report."""

from __future__ import annotations

from typing import Any


def record_fields(record: object, *names: str) -> dict[str, Any]:
    """The named fields of `record`, in the order given (the report's documented order)."""
    return {name: getattr(record, name) for name in names}
