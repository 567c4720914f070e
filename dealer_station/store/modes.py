"""File modes of a table's data: readable by the station's account only.

The data directory and each table's directory are ``0700``; the database and its ``-wal`` and
``-shm`` files ``0600``; the audit log and the lock ``0640`` (the group may read the audit log,
e.g. an auditor's account). The store creates them so from the first start and tightens a
table's looser ones at every start (:func:`tighten`); ``dealer-station --check`` reports wrong
ones (:func:`wrong_modes`), the data directory's included.

>>> _allowed("table.sqlite3"), _allowed("audit.jsonl"), _allowed(None)
(384, 416, 448)
"""

from __future__ import annotations

import stat
from pathlib import Path

from dealer_station.store.paths import AUDIT_NAME, DATABASE_NAME

__all__ = ["tighten", "wrong_modes"]

_FILES = (DATABASE_NAME, f"{DATABASE_NAME}-wal", f"{DATABASE_NAME}-shm", AUDIT_NAME,
          "station.lock", "control.sock")  # the running station's socket (dealer_station.control)


def _allowed(name: str | None) -> int:
    """The loosest mode allowed: directories (``None``) 0700, database files 0600, the rest
    0640."""
    if name is None:
        return 0o700
    return 0o600 if name.startswith(DATABASE_NAME) else 0o640


def _paths(directory: Path) -> list[tuple[Path, int]]:
    found = [(directory.parent, _allowed(None)), (directory, _allowed(None))]
    found += [(directory / name, _allowed(name)) for name in _FILES]
    return [(path, allowed) for path, allowed in found if path.exists()]


def wrong_modes(directory: Path) -> list[str]:
    """The data of the table in ``directory`` whose mode allows more than it should, in words
    (``path is 0644, should be 0600``)."""
    wrong = []
    for path, allowed in _paths(directory):
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & ~allowed:
            wrong.append(f"{path} is {mode:04o}, should be {allowed:04o}")
    return wrong


def tighten(directory: Path) -> list[str]:
    """Take the extra permissions away from the table's directory and files (not the data
    directory above it, which may be the operator's: ``--check`` reports it); what was
    changed."""
    changed = []
    for path, allowed in _paths(directory)[1:]:
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & ~allowed:
            try:
                path.chmod(mode & allowed)
            except OSError:
                continue  # not ours (a data directory made by root): --check reports it
            changed.append(f"{path} was {mode:04o}, now {mode & allowed:04o}")
    return changed
