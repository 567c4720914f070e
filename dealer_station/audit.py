"""The append-only, hash-chained audit log of a table.

One canonical JSON record per line (keys sorted, no spaces, UTF-8). Every record carries its
sequence number, the SHA-256 ``hash`` of its own canonical form without the ``hash`` field, and
``prev``: the hash of the record before it (:data:`GENESIS` for the first). Editing, deleting,
reordering or truncating records breaks the chain; :func:`verify` finds the first record that
breaks it. Truncation of the tail is caught by comparing with the head (sequence and hash) that the
station stores in its database (see :mod:`dealer_station.store.database`).

What goes in (the ``kind`` of a record): ``action`` (every round action record), ``round`` (a round
started, completed or voided), ``config`` (configuration change), ``sign_in``, ``sign_in_failed``,
``sign_out``, ``validation`` (supervisor validation of a progressive payout), ``device`` (fault,
recovery, lockout), ``meter`` (every meter journal entry), ``user`` (account changes),
``diagnostic`` (technician actions), ``recovery`` (what the station did after a crash).

The audit log is kept apart from diagnostics: :mod:`dealer_station.logs` writes the developer's
and the operator's log; nothing here goes through structlog.

>>> first = make_entry(1, GENESIS, "sign_in", {"user": "S1"}, time="2026-01-01T00:00:00Z")
>>> second = make_entry(2, first.hash, "sign_out", {"user": "S1"}, time="2026-01-01T00:01:00Z")
>>> report = verify_lines([first.line, second.line])
>>> report.ok, report.count, report.head == second.hash
(True, 2, True)
>>> verify_lines([second.line, first.line]).problem
'record 1: sequence 2 where 1 was expected (records deleted or reordered)'
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = [
    "GENESIS",
    "AuditEntry",
    "AuditError",
    "VerifyReport",
    "append_line",
    "canonical_json",
    "make_entry",
    "read_lines",
    "utc_now",
    "verify",
    "verify_lines",
]

#: The ``prev`` of the first record.
GENESIS = "0" * 64


class AuditError(OSError):
    """The audit log is broken, missing or does not match the database: the station refuses to
    start (or to go on) rather than write to an untrustworthy trail."""


def canonical_json(value: Any) -> str:
    """The one textual form of a JSON value: sorted keys, no insignificant spaces, UTF-8 kept.

    >>> canonical_json({"b": 1, "a": [1, "é"]})
    '{"a":[1,"é"],"b":1}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def utc_now() -> str:
    """The current time as an ISO 8601 UTC string with microseconds (``...Z``)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One audit record: its sequence, canonical line (without newline) and hash."""

    sequence: int
    line: str
    hash: str

    @property
    def data(self) -> dict[str, Any]:
        value: dict[str, Any] = json.loads(self.line)
        return value


def make_entry(
    sequence: int,
    prev: str,
    kind: str,
    data: Mapping[str, Any],
    *,
    time: str | None = None,
    actor: str | None = None,
    table: str | None = None,
    round_id: int | None = None,
) -> AuditEntry:
    """Build the audit record number ``sequence`` following the record whose hash is ``prev``.

    >>> entry = make_entry(1, GENESIS, "config", {"minimum": 500}, time="t", actor="S1")
    >>> entry.line.startswith('{"actor":"S1","data":{"minimum":500},"hash":"')
    True
    >>> len(entry.hash)
    64
    """
    body: dict[str, Any] = {
        "seq": sequence,
        "time": time or utc_now(),
        "kind": kind,
        "actor": actor,
        "table": table,
        "round": round_id,
        "data": dict(data),
        "prev": prev,
    }
    own = _digest(canonical_json(body))
    body["hash"] = own
    return AuditEntry(sequence, canonical_json(body), own)


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """What :func:`verify` found: ``ok``; ``count`` of sound records before the first problem;
    ``head`` the hash of the last sound record; ``problem`` the first broken or missing record in
    words, and ``broken_at`` its sequence number (1-based), when there is one."""

    ok: bool
    count: int
    head: str
    problem: str | None = None
    broken_at: int | None = None
    partial_tail: str | None = None


def verify_lines(
    lines: Sequence[str],
    *,
    expected_count: int | None = None,
    expected_head: str | None = None,
    partial_tail: str | None = None,
) -> VerifyReport:
    """Recompute the chain over ``lines`` (without newlines) and report the first broken record.

    ``expected_count`` / ``expected_head`` (from the database) detect a truncated or replaced
    tail; ``partial_tail`` is an unterminated last line (a torn write), reported as broken.
    """
    prev = GENESIS
    for index, line in enumerate(lines, start=1):

        def broken(reason: str, at: int = index, count: int = index - 1,
                   head: str = prev) -> VerifyReport:
            return VerifyReport(False, count, head, f"record {at}: {reason}", at, partial_tail)

        try:
            record = json.loads(line)
        except ValueError:
            return broken("not valid JSON (edited or damaged)")
        if not isinstance(record, dict) or not {"seq", "hash", "prev"} <= record.keys():
            return broken("not an audit record (edited or damaged)")
        if canonical_json(record) != line:
            return broken("not in canonical form (edited)")
        sequence = record["seq"]
        if sequence != index:
            return broken(f"sequence {sequence} where {index} was expected "
                          "(records deleted or reordered)")
        own = record.pop("hash")
        if _digest(canonical_json(record)) != own:
            return broken("content does not match its hash (edited)")
        if record["prev"] != prev:
            return broken("does not chain to the record before it (a record was edited, "
                          "removed or inserted before it)")
        prev = own
    count = len(lines)
    if partial_tail:
        return VerifyReport(False, count, prev,
                            f"record {count + 1}: incomplete (torn write or truncated)",
                            count + 1, partial_tail)
    if expected_count is not None and count < expected_count:
        return VerifyReport(
            False, count, prev,
            f"record {count + 1}: missing (the log ends at record {count} but the database "
            f"records {expected_count}: truncated)", count + 1)
    if expected_count is not None and count > expected_count:
        return VerifyReport(
            False, expected_count, prev,
            f"record {expected_count + 1}: not known to the database (which records "
            f"{expected_count}): appended outside the station or the database was replaced",
            expected_count + 1)
    if expected_head is not None and count and prev != expected_head:
        return VerifyReport(False, count - 1, prev,
                            f"record {count}: does not match the head hash in the database "
                            "(the last record was edited or replaced)", count)
    return VerifyReport(True, count, prev)


def read_lines(path: Path) -> tuple[list[str], str | None]:
    """The complete lines of the audit log at ``path`` and an unterminated tail, if any.

    A missing file reads as empty."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return [], None
    text = raw.decode("utf-8", errors="replace")
    parts = text.split("\n")
    tail = parts.pop()
    return parts, (tail or None)


def verify(path: Path, *, expected_count: int | None = None,
           expected_head: str | None = None) -> VerifyReport:
    """Verify the audit log file at ``path`` (see :func:`verify_lines`)."""
    lines, tail = read_lines(path)
    return verify_lines(lines, expected_count=expected_count, expected_head=expected_head,
                        partial_tail=tail)


def append_line(path: Path, line: str) -> None:
    """Append one record line durably: a single ``write`` with ``O_APPEND``, then ``fsync``."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o640)
    try:
        data = (line + "\n").encode("utf-8")
        written = os.write(fd, data)
        if written != len(data):
            raise AuditError(f"audit log {path}: short write ({written} of {len(data)} bytes)")
        os.fsync(fd)
    finally:
        os.close(fd)
