"""The fault corpus leaves no shared-memory block and no worker process behind."""

from leftover_workers import no_leftover_workers

__all__ = ["no_leftover_workers"]
