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
``diagnostic`` (technician actions), ``recovery`` (what the station did after a crash);
the store's own: ``state`` (accounts, configuration, meters, jackpots, sessions sealed),
``checkpoint`` (see :mod:`dealer_station.store.database`), ``closed`` (a clean close, see
:mod:`dealer_station.store.closing`), ``segment``/``archive``/``retire`` (archiving).

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
from collections.abc import Callable, Mapping, Sequence
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
    "chain_block",
    "fast_hash",
    "hash_of",
    "last_lines",
    "make_entry",
    "read_lines",
    "stream",
    "utc_now",
    "verify",
    "verify_lines",
]

#: The ``prev`` of the first record.
GENESIS = "0" * 64


class AuditError(OSError):
    """The audit log is broken, missing or does not match the database: the station refuses to
    start (or to go on) rather than write to an untrustworthy trail."""


#: The encoder of :func:`canonical_json`, made once (``json.dumps`` with these options makes a
#: new one at every call, the larger part of the cost for the small values of each record).
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                              allow_nan=False)


def canonical_json(value: Any) -> str:
    """The one textual form of a JSON value: sorted keys, no insignificant spaces, UTF-8 kept
    (``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
    allow_nan=False)``).

    >>> canonical_json({"b": 1, "a": [1, "é"]})
    '{"a":[1,"é"],"b":1}'
    """
    return _CANONICAL.encode(value)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def utc_now() -> str:
    """The current time as an ISO 8601 UTC string with microseconds (``...Z``).

    >>> import re
    >>> bool(re.fullmatch(r"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z", utc_now()))
    True
    """
    return datetime.now(UTC).isoformat(timespec="microseconds")[:-6] + "Z"  # +00:00 -> Z


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One audit record: its sequence, canonical line (without newline) and hash."""

    sequence: int
    line: str
    hash: str
    kind: str = ""

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
    data_text: str | None = None,
) -> AuditEntry:
    """Build the audit record number ``sequence`` following the record whose hash is ``prev``.
    ``data_text``: ``canonical_json(dict(data))`` when the caller has it already (the journal
    row of an action holds the same text), so the data is serialized once.

    The line is the canonical JSON of the record with its ``hash``, and the hash is that of the
    same text without it; both are put together from the canonical text of the data and of the
    fixed-shape fields (keys sorted: actor, data, hash, kind, prev, round, seq, table, time):

    >>> entry = make_entry(1, GENESIS, "config", {"minimum": 500}, time="t", actor="S1")
    >>> entry.line.startswith('{"actor":"S1","data":{"minimum":500},"hash":"')
    True
    >>> len(entry.hash)
    64
    >>> body = {"seq": 1, "time": "t", "kind": "config", "actor": "S1", "table": None,
    ...         "round": None, "data": {"minimum": 500}, "prev": GENESIS}
    >>> entry.hash == _digest(canonical_json(body))
    True
    >>> entry.line == canonical_json({**body, "hash": entry.hash})
    True
    """
    head = (f'{{"actor":{canonical_json(actor)},"data":'
            f'{canonical_json(dict(data)) if data_text is None else data_text}')
    tail = canonical_json({"kind": kind, "prev": prev, "round": round_id, "seq": sequence,
                           "table": table, "time": time or utc_now()})[1:]
    own = _digest(f"{head},{tail}")
    return AuditEntry(sequence, f'{head},"hash":"{own}",{tail}', own, kind)


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


_sha256 = hashlib.sha256


def fast_hash(line: str | bytes, sequence: int, prev: str) -> str | None:
    """The hash of ``line`` when it is the unaltered record ``sequence`` chained after ``prev``;
    ``None`` otherwise (then :func:`verify_lines` says why). ``line`` may be the line's UTF-8
    bytes (as read from a file).

    Works on the text: a record is written canonically, so the line without its top-level
    ``hash`` field (the last one: only fixed-shape fields follow it) is exactly the text that
    was hashed. A line that hashes to its own ``hash`` is byte for byte the line written.

    >>> entry = make_entry(1, GENESIS, "sign_in", {"hash": "x"}, time="t")
    >>> fast_hash(entry.line, 1, GENESIS) == entry.hash
    True
    >>> fast_hash(entry.line.replace("sign_in", "sign_on"), 1, GENESIS) is None
    True
    """
    raw = line.encode("utf-8") if isinstance(line, str) else line
    own = _fast_hash(raw, str(sequence).encode(), prev.encode())
    return None if own is None else own.decode()


def _fast_hash(line: bytes, sequence: bytes, prev: bytes) -> bytes | None:
    at = line.rfind(b',"hash":"')
    if at < 0 or line[at + 73:at + 74] != b'"':
        return None
    own = line[at + 9:at + 73]
    body = line[:at] + line[at + 74:]
    if _sha256(body).hexdigest().encode() != own:
        return None
    where = body.rfind(b',"prev":"')
    if where < 0 or body[where + 9:where + 73] != prev:
        return None
    where = body.rfind(b',"seq":')
    if where < 0 or body[where + 7:where + 8 + len(sequence)] != sequence + b",":
        return None
    return own


def hash_of(line: str) -> str:
    """The ``hash`` field of a record line (as written; :func:`fast_hash` checks it).

    >>> entry = make_entry(1, GENESIS, "sign_in", {}, time="t")
    >>> hash_of(entry.line) == entry.hash
    True
    """
    at = line.rfind(',"hash":"')
    return line[at + 9:at + 73] if at >= 0 else ""


def _problem(line: str, index: int, prev: str) -> str:
    """Why ``line`` is not record ``index`` chained after ``prev``, in words."""
    try:
        record = json.loads(line)
    except ValueError:
        return "not valid JSON (edited or damaged)"
    if not isinstance(record, dict) or not {"seq", "hash", "prev"} <= record.keys():
        return "not an audit record (edited or damaged)"
    if canonical_json(record) != line:
        return "not in canonical form (edited)"
    sequence = record["seq"]
    if sequence != index:
        return f"sequence {sequence} where {index} was expected (records deleted or reordered)"
    own = record.pop("hash")
    if _digest(canonical_json(record)) != own:
        return "content does not match its hash (edited)"
    if record["prev"] != prev:
        return ("does not chain to the record before it (a record was edited, removed or "
                "inserted before it)")
    return "not the record written (edited)"


def verify_lines(
    lines: Sequence[str],
    *,
    expected_count: int | None = None,
    expected_head: str | None = None,
    partial_tail: str | None = None,
    first: int = 1,
    prev: str = GENESIS,
) -> VerifyReport:
    """Recompute the chain over ``lines`` (without newlines) and report the first broken record.

    ``lines`` are records ``first``, ``first + 1``, ...; the first chains after ``prev`` (the
    whole log: 1 and :data:`GENESIS`; a tail after a checkpoint: its sequence and ``prev``).
    ``expected_count`` / ``expected_head`` (from the database) detect a truncated or replaced
    tail; ``partial_tail`` is an unterminated last line (a torn write), reported as broken.
    ``count`` in the report is the last sound record's sequence.
    """
    index = first - 1
    for index, line in enumerate(lines, start=first):
        own = fast_hash(line, index, prev)
        if own is None:
            return VerifyReport(False, index - 1, prev,
                                f"record {index}: {_problem(line, index, prev)}", index,
                                partial_tail)
        prev = own
    return _ending(index, prev, expected_count, expected_head, partial_tail)


def _ending(count: int, prev: str, expected_count: int | None, expected_head: str | None,
            partial_tail: str | None) -> VerifyReport:
    """The report once every complete record up to ``count`` verified."""
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
            f"{expected_count}): appended outside the station, or the database was replaced "
            "by an older copy or lost its -wal file", expected_count + 1)
    if expected_head is not None and count and prev != expected_head:
        return VerifyReport(False, count - 1, prev,
                            f"record {count}: does not match the head hash in the database "
                            "(the last record was edited or replaced)", count)
    return VerifyReport(True, count, prev)


#: A record number no walk reaches.
_NEVER = 1 << 62


def chain_block(data: bytes, index: int, last: bytes,
                visit: Callable[[int, str, int], None] | None = None,
                position: int = -1, until: int | None = None) -> tuple[int, bytes, int]:
    """Walk the record lines at the start of ``data`` (UTF-8, each ended by a newline) that
    follow record ``index`` whose hash is ``last``, up to record ``until`` (all when ``None``):
    the number and hash of the last sound record and where the line after it begins in
    ``data`` (a line not sound, an unterminated one, or the end). Each record is accepted
    exactly when :func:`fast_hash` accepts it (its own hash, ``prev``, ``seq``); the common case
    is decided on ``data`` in place (no line copied, no text decoded).

    ``visit(number, line, offset)`` is called for the sound records (``offset``: where the line
    begins, counted from ``position``; -1 when ``position`` is). A ``visit`` with a ``wants()``
    method is called only for the records it asks for (``wants()``: the lowest record number
    it still wants, ``None`` for none; one already passed is shown the next record), so a walk
    that looks at a few records (the witnessed heads) keeps the pace of one that looks at none.

    >>> first = make_entry(1, GENESIS, "sign_in", {}, time="t")
    >>> second = make_entry(2, first.hash, "sign_out", {}, time="t")
    >>> data = f"{first.line}\\n{second.line}\\n".encode()
    >>> chain_block(data, 0, GENESIS.encode()) == (2, second.hash.encode(), len(data))
    True
    >>> chain_block(data, 1, first.hash.encode())[0]  # the first is not record 2
    1
    """
    wants = getattr(visit, "wants", None)
    want = _NEVER
    if visit is not None:
        found = wants() if wants is not None else index + 1
        want = _NEVER if found is None else int(found)
    stop = _NEVER if until is None else until
    sha = _sha256
    find, rfind = data.find, data.rfind
    start = 0
    while index < stop:
        end = find(b"\n", start)
        if end < 0:
            break
        at = rfind(b',"hash":"', start, end)
        if at < 0 or at + 74 > end or data[at + 73] != 34:
            break
        own = data[at + 9:at + 73]
        if sha(data[start:at] + data[at + 74:end]).hexdigest().encode() != own:
            break
        sequence = b"%d," % (index + 1)
        where = rfind(b',"prev":"', at + 74, end)
        other = rfind(b',"seq":', at + 74, end)
        # a field not where a record written puts it: decided on the line alone
        if (where < 0 or data[where + 9:where + 73] != last or other < 0
                or data[other + 7:other + 7 + len(sequence)] != sequence) and _fast_hash(
                    data[start:end], sequence[:-1], last) != own:
            break
        index += 1
        last = own
        if index >= want:
            assert visit is not None
            visit(index, data[start:end].decode("utf-8", errors="replace"),
                  -1 if position < 0 else position + start)
            found = wants() if wants is not None else index + 1
            want = _NEVER if found is None else max(int(found), index + 1)
        start = end + 1
    return index, last, start


def stream(path: Path, *, offset: int = 0, first: int = 1, prev: str = GENESIS,
           expected_count: int | None = None, expected_head: str | None = None,
           visit: Callable[[int, str, int], None] | None = None,
           until: int | None = None, chunk: int = 1 << 20) -> VerifyReport:
    """Verify the audit log at ``path`` from byte ``offset`` (where record ``first``, chained
    after ``prev``, begins) to its end (or record ``until``), in constant memory;
    ``visit(sequence, line, offset)`` is called for every sound record (``offset``: where its
    line begins), or for those it ``wants()`` (see :func:`chain_block`)."""
    index = first - 1
    position = offset
    rest = b""
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below
    except FileNotFoundError:
        return _ending(index, prev, expected_count, expected_head, None)
    last = prev.encode()
    if until is not None and until <= index:
        until = None  # never reached: walked to the end
    with handle:
        handle.seek(offset)
        while True:
            block = handle.read(chunk)
            if not block:
                break
            data = rest + block
            index, last, used = chain_block(data, index, last, visit, position, until)
            if index == until:
                return VerifyReport(True, index, last.decode())
            end = data.find(b"\n", used)
            if end >= 0:
                line = data[used:end].decode("utf-8", errors="replace")
                prev = last.decode()
                return VerifyReport(False, index, prev,
                                    f"record {index + 1}: {_problem(line, index + 1, prev)}",
                                    index + 1)
            rest = data[used:]
            position += used
    prev = last.decode()
    tail = rest.decode("utf-8", errors="replace") or None
    return _ending(index, prev, expected_count, expected_head, tail)


def read_lines(path: Path, *, offset: int = 0,
               limit: int | None = None) -> tuple[list[str], str | None]:
    """The complete lines of the audit log at ``path`` from byte ``offset`` (at most ``limit``
    of them) and an unterminated tail, if any. A missing file reads as empty."""
    try:
        with open(path, "rb") as handle:
            handle.seek(offset)
            if limit is None:
                raw = handle.read()
            else:
                raw = b"".join(handle.readline() for _ in range(limit))
    except FileNotFoundError:
        return [], None
    text = raw.decode("utf-8", errors="replace")
    parts = text.split("\n")
    tail = parts.pop()
    return parts, (tail or None)


def last_lines(path: Path, count: int) -> list[str]:
    """The last ``count`` complete lines of the log at ``path`` (read from the end)."""
    if count <= 0:
        return []
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below
    except FileNotFoundError:
        return []
    with handle:
        end = handle.seek(0, os.SEEK_END)
        data = b""
        while end > 0 and data.count(b"\n") <= count:
            start = max(0, end - (1 << 16))
            handle.seek(start)
            data = handle.read(end - start) + data
            end = start
    parts = data.split(b"\n")
    parts.pop()  # after the last newline: an unterminated tail, or nothing
    if end > 0:
        parts.pop(0)  # the first part may be cut
    return [part.decode("utf-8", errors="replace") for part in parts[-count:]]


def verify(path: Path, *, expected_count: int | None = None,
           expected_head: str | None = None) -> VerifyReport:
    """Verify the whole audit log file at ``path`` from its first record, streaming (see
    :func:`stream`)."""
    return stream(path, expected_count=expected_count, expected_head=expected_head)


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
