"""Where the host keeps, per device, the numbering and number of the last event it handed to
the application, so that after a restart of the station it acknowledges exactly those and takes
the rest: nothing lost, nothing repeated (``docs/protocol.md``, section 6).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "cursors.json"
>>> JsonCursorStore(path).save("shoe:S1", Cursor(0x5EED, 41))
>>> JsonCursorStore(path).load("shoe:S1"), JsonCursorStore(path).load("lockout:L1")
(Cursor(epoch=24301, number=41), Cursor(epoch=0, number=0))
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Protocol

from drivers.numbering import Cursor

__all__ = ["CursorError", "CursorStore", "JsonCursorStore", "MemoryCursorStore"]


class CursorError(ValueError):
    """The cursor file does not hold what this module writes."""


class CursorStore(Protocol):
    def load(self, key: str) -> Cursor: ...

    def save(self, key: str, cursor: Cursor) -> None: ...


class MemoryCursorStore:
    """Cursors kept in memory (they survive a manager restart in the same process)."""

    def __init__(self) -> None:
        self.cursors: dict[str, Cursor] = {}
        self._lock = threading.Lock()

    def load(self, key: str) -> Cursor:
        with self._lock:
            return self.cursors.get(key, Cursor())

    def save(self, key: str, cursor: Cursor) -> None:
        with self._lock:
            self.cursors[key] = cursor


def _u32(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 0xFFFFFFFF:
        raise CursorError(f"{where}: {value!r} is not an event number (0 to 4294967295)")
    return value


def _cursor(value: object, key: str) -> Cursor:
    if isinstance(value, int) and not isinstance(value, bool):  # written before epochs
        return Cursor(0, _u32(value, key))
    if isinstance(value, dict) and set(value) == {"epoch", "number"}:
        return Cursor(_u32(value["epoch"], f"{key} epoch"), _u32(value["number"], key))
    raise CursorError(f"{key}: {value!r} is not a cursor")


class JsonCursorStore(MemoryCursorStore):
    """Cursors in a JSON file, written atomically (write, fsync, rename) on every save."""

    def __init__(self, path: Path | str) -> None:
        super().__init__()
        self.path = Path(path)
        if self.path.exists():
            try:
                raw = json.loads(self.path.read_text(encoding="utf-8"))
            except (ValueError, UnicodeDecodeError, RecursionError) as error:
                raise CursorError(f"{self.path}: not a cursor file ({error})") from error
            if not isinstance(raw, dict):
                raise CursorError(f"{self.path}: not a cursor file")
            self.cursors = {str(k): _cursor(v, f"{self.path} {k}") for k, v in raw.items()}

    def save(self, key: str, cursor: Cursor) -> None:
        with self._lock:
            self.cursors[key] = cursor
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_suffix(".tmp")
            with open(temporary, "w", encoding="utf-8") as handle:
                json.dump(
                    {k: {"epoch": c.epoch, "number": c.number} for k, c in self.cursors.items()},
                    handle,
                )
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, self.path)
