"""Where the host keeps, per device, the number of the last event it handed to the
application, so that after a restart of the station it acknowledges exactly those and takes
the rest: nothing lost, nothing repeated.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "cursors.json"
>>> JsonCursorStore(path).save("shoe:S1", 41)
>>> JsonCursorStore(path).load("shoe:S1"), JsonCursorStore(path).load("lockout:L1")
(41, 0)
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Protocol

__all__ = ["CursorStore", "JsonCursorStore", "MemoryCursorStore"]


class CursorStore(Protocol):
    def load(self, key: str) -> int: ...

    def save(self, key: str, number: int) -> None: ...


class MemoryCursorStore:
    """Cursors kept in memory (they survive a manager restart in the same process)."""

    def __init__(self) -> None:
        self.cursors: dict[str, int] = {}
        self._lock = threading.Lock()

    def load(self, key: str) -> int:
        with self._lock:
            return self.cursors.get(key, 0)

    def save(self, key: str, number: int) -> None:
        with self._lock:
            self.cursors[key] = number


class JsonCursorStore(MemoryCursorStore):
    """Cursors in a JSON file, written atomically (write, fsync, rename) on every save."""

    def __init__(self, path: Path | str) -> None:
        super().__init__()
        self.path = Path(path)
        if self.path.exists():
            self.cursors = {str(k): int(v) for k, v in json.loads(self.path.read_text()).items()}

    def save(self, key: str, number: int) -> None:
        with self._lock:
            self.cursors[key] = number
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_suffix(".tmp")
            with open(temporary, "w", encoding="utf-8") as handle:
                json.dump(self.cursors, handle)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, self.path)
