"""The store's refusal, shared by its modules (re-exported by :mod:`.database`)."""

from __future__ import annotations

__all__ = ["StoreError"]


class StoreError(OSError):
    """The table's storage cannot be trusted or opened: the station refuses to start."""
