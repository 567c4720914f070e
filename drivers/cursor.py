"""Where the host keeps, per device, the numbering and number of the last event it handed to
the application, and the numberings it has left with the last event taken in each, so that
after a restart of the station it acknowledges exactly those and takes the rest, and an older
numbering answering again delivers nothing twice (``docs/protocol.md``, section 6).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "cursors.json"
>>> JsonCursorStore(path).save("shoe:S1", Cursor(0x5EED, 41))
>>> JsonCursorStore(path).load("shoe:S1"), JsonCursorStore(path).load("lockout:L1")
(Cursor(epoch=24301, number=41), Cursor(epoch=0, number=0))
>>> JsonCursorStore(path).save("shoe:S1", Cursor(0x9C3A, 2), left={0x5EED: 41})
>>> JsonCursorStore(path).load("shoe:S1"), JsonCursorStore(path).load_left("shoe:S1")
(Cursor(epoch=39994, number=2), {24301: 41})
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from drivers.numbering import Cursor

__all__ = ["CursorError", "CursorStore", "JsonCursorStore", "MemoryCursorStore"]


class CursorError(ValueError):
    """The cursor file does not hold what this module writes."""


class CursorStore(Protocol):
    def load(self, key: str) -> Cursor: ...

    def load_left(self, key: str) -> dict[int, int]: ...

    def save(self, key: str, cursor: Cursor, left: Mapping[int, int] | None = None) -> None: ...


class MemoryCursorStore:
    """Cursors kept in memory (they survive a manager restart in the same process)."""

    def __init__(self) -> None:
        self.cursors: dict[str, Cursor] = {}
        #: Per device, the numberings left (epoch: the last event taken in it).
        self.left: dict[str, dict[int, int]] = {}
        self._lock = threading.Lock()

    def load(self, key: str) -> Cursor:
        with self._lock:
            return self.cursors.get(key, Cursor())

    def load_left(self, key: str) -> dict[int, int]:
        with self._lock:
            return dict(self.left.get(key, {}))

    def save(self, key: str, cursor: Cursor, left: Mapping[int, int] | None = None) -> None:
        """Record ``cursor`` (and, given, the numberings left: ``None`` keeps those known)."""
        with self._lock:
            self._keep(key, cursor, left)

    def _keep(self, key: str, cursor: Cursor, left: Mapping[int, int] | None) -> None:
        self.cursors[key] = cursor
        if left is not None:
            self.left[key] = dict(left)


def _u32(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 0xFFFFFFFF:
        raise CursorError(f"{where}: {value!r} is not an event number (0 to 4294967295)")
    return value


def _cursor(value: object, key: str) -> Cursor:
    if isinstance(value, int) and not isinstance(value, bool):  # written before epochs
        return Cursor(0, _u32(value, key))
    if isinstance(value, dict) and set(value) - {"left"} == {"epoch", "number"}:
        return Cursor(_u32(value["epoch"], f"{key} epoch"), _u32(value["number"], key))
    raise CursorError(f"{key}: {value!r} is not a cursor")


def _left(value: object, key: str) -> dict[int, int]:
    """The numberings left, written as ``[[epoch, number], ...]`` (none before they were)."""
    listed = value.get("left", []) if isinstance(value, dict) else []
    if not isinstance(listed, list):
        raise CursorError(f"{key} left: {listed!r} is not a list of numberings")
    left: dict[int, int] = {}
    for pair in listed:
        if not isinstance(pair, list) or len(pair) != 2:
            raise CursorError(f"{key} left: {pair!r} is not an epoch and an event number")
        left[_u32(pair[0], f"{key} left epoch")] = _u32(pair[1], f"{key} left")
    return left


def _written(cursor: Cursor, left: Mapping[int, int]) -> dict[str, object]:
    written: dict[str, object] = {"epoch": cursor.epoch, "number": cursor.number}
    if left:
        written["left"] = [[epoch, number] for epoch, number in left.items()]
    return written


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
            self.left = {str(k): found for k, v in raw.items()
                         if (found := _left(v, f"{self.path} {k}"))}

    def save(self, key: str, cursor: Cursor, left: Mapping[int, int] | None = None) -> None:
        with self._lock:
            self._keep(key, cursor, left)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_suffix(".tmp")
            with open(temporary, "w", encoding="utf-8") as handle:
                json.dump(
                    {k: _written(c, self.left.get(k, {})) for k, c in self.cursors.items()},
                    handle,
                )
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, self.path)
