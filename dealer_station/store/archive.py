"""Sealed day segments of a table's records, for the regulator (issue 17).

A segment holds, for the days up to and including ``through`` not sealed before, the audit
records of those days (a contiguous run of the chain: it begins where the previous segment
ended, so each segment's ``prev`` is the previous one's ``head``) and every round finished in
them (the round's row and its journal records). It is one gzip'd JSON-lines file in the
table's ``archive/`` directory::

    {"format":1,"segment":3,"table":"LIR-4","through":"2026-05-01","first":…,"last":…,
     "prev":"…","head":"…","rounds":[…]}          the header
    {"actor":…,"data":…,"hash":…,…}                each audit record, as in the log
    {"archived_round":{…row…},"records":[…]}        each round finished in it (its document
                                                    without its records when they are the
                                                    journal's: "records_in_journal":true)

Sealing records a ``segment`` audit record (the file's SHA-256, its first and last record and
head) in the chain, which is witnessed like every round's end. A segment verifies on its own
(:func:`verify_segment`: the chain inside it from ``prev`` to ``head``, every round's journal
records equal to its action records, its status and payments to its round records), so it can
be handed over and checked away from the table.

Each round is its own gzip member of the file, its place (offset, length) kept in the
database's ``archived_rounds``, so one round is read back by decompressing a few kilobytes
(``history`` and the supervisor's History page find archived rounds through the same index as
live ones, :func:`archived_round`).

Once a segment is sealed, witnessed, and its file read back from disk and verified, its rounds
are removed from the live store (:func:`remove_sealed`): a checkpoint is sealed after it (the
live store is proven from there: ``segments.live_from``), the rounds' journal rows and documents
are deleted in one transaction with an ``archive`` audit record, and then the sealed part of the
audit log is released to the file system (a hole punched: the offsets the database keeps stay
valid and a running reader or appender is undisturbed). A crash at any point loses nothing: up
to the commit the live store still holds everything; after it the segment does, and punching
is repeated by the next removal. ``audit verify`` walks the segments (each file's SHA-256 as
recorded, its chain, the next one's ``prev``) and then the live log from where the last removed
segment ends (:func:`chain`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gzip
import hashlib
import itertools
import json
import os
import sqlite3
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Protocol

from dealer_station import audit
from dealer_station.store import compact, journal_lines, round_payments
from dealer_station.store.database import Store, StoreError
from dealer_station.store.paths import AUDIT_NAME, DATABASE_NAME, OUTBOX_NAME

__all__ = ["REMOVE_PER_ROUND", "Cancelled", "Prepared", "Reader", "Segment", "archived_round",
           "chain", "check_for_removal", "counted", "day_end", "delete_retired_files", "due",
           "each_listed", "expired", "file_sha256", "indexed", "listed", "live_rounds",
           "prepare", "record", "release_log", "remove_sealed", "retire", "retired_through",
           "seal_through", "segment", "segments", "unfinished_removal", "verify_segment"]

ARCHIVE_DIRECTORY = "archive"


@dataclass(frozen=True, slots=True)
class Segment:
    """One sealed segment as the database records it."""

    number: int
    through: str
    first: int
    last: int
    head: str
    end_offset: int
    file: str
    sha256: str
    rounds: tuple[int, ...]
    #: The checkpoint from which the live store is proven once this segment's rounds were
    #: removed from it (``None``: they are still in the live store too).
    live_from: int | None = None
    #: When the segment's file was deleted after the kept time (``None``: it is kept); its
    #: row (first, last, head, SHA-256) stays: the chain after it is proven from its head.
    retired: str | None = None
    #: The ``retire`` audit record that retired it.
    retired_by: int | None = None
    #: How many rounds it holds (a segment listed, :func:`listed`, is read without ``rounds``,
    #: its round list: a year of them would be a million ids held for a list of days).
    round_count: int = -1

    def __post_init__(self) -> None:
        if self.round_count < 0:
            object.__setattr__(self, "round_count", len(self.rounds))


def _segment(row: Any) -> Segment:
    whole = "rounds" in row.keys()  # noqa: SIM118 (a Row's ``in`` looks at its values)
    return Segment(row["number"], row["through"], row["first"], row["last"], row["head"],
                   row["end_offset"], row["file"], row["sha256"],
                   tuple(json.loads(row["rounds"])) if whole else (), row["live_from"],
                   row["retired"], row["retired_by"],
                   len(json.loads(row["rounds"])) if whole else row["round_count"])


_SEGMENTS = ("SELECT s.*, r.live_from, t.time AS retired, t.seq AS retired_by FROM segments AS s "
             "LEFT JOIN segment_removals AS r ON r.segment = s.number "
             "LEFT JOIN segment_retirements AS t ON t.segment = s.number")


def _without_rounds(select: str) -> str:
    """The segments query reading each segment's number of rounds, not its list of them."""
    return select.replace("SELECT s.*", "SELECT s.number, s.through, s.first, s.last, s.head, "
                          "s.end_offset, s.file, s.sha256, json_array_length(s.rounds) AS "
                          "round_count", 1)


def _segments_sql(connection: sqlite3.Connection) -> str | None:
    """The segments query for a database read directly (``None``: no segment was ever
    removed; a database from before retirements has none retired)."""
    names = {row[0] for row in connection.execute(
        "SELECT name FROM sqlite_master WHERE name IN ('segment_removals', "
        "'segment_retirements')")}
    if "segment_removals" not in names:
        return None
    if "segment_retirements" in names:
        return _SEGMENTS
    return _SEGMENTS.replace("t.time AS retired, t.seq AS retired_by", "NULL AS retired, "
                             "NULL AS retired_by").replace(
        " LEFT JOIN segment_retirements AS t ON t.segment = s.number", "")


def segments(store: Store, *, unremoved: bool = False) -> list[Segment]:
    """The sealed segments, oldest first (``unremoved``: only those whose rounds have not
    begun to leave the live store)."""
    where = " WHERE r.live_from IS NULL" if unremoved else ""
    return [_segment(row) for row in store.query(_SEGMENTS + where + " ORDER BY number")]


def listed(store: Store, *, kept: bool | None = None, newest: int | None = None
           ) -> list[Segment]:
    """The sealed segments oldest first, as lists show them: without their round lists
    (``round_count`` only; :func:`segment` reads one whole). ``kept``: only those kept on the
    table (``True``) or retired after the kept time (``False``); ``newest``: only the last so
    many of them."""
    where = {None: "", True: " WHERE t.time IS NULL", False: " WHERE t.time IS NOT NULL"}[kept]
    sql = _without_rounds(_SEGMENTS) + where + " ORDER BY s.number DESC"
    rows = store.query(sql + (f" LIMIT {int(newest)}" if newest is not None else ""))
    return [_segment(row) for row in reversed(rows)]


def each_listed(store: Store, *, kept: bool | None = None) -> Iterator[Segment]:
    """The segments of :func:`listed` oldest first, read one at a time."""
    where = {None: "", True: " WHERE t.time IS NULL", False: " WHERE t.time IS NOT NULL"}[kept]
    cursor = store.connection.execute(_without_rounds(_SEGMENTS) + where + " ORDER BY s.number")
    try:
        for row in cursor:
            yield _segment(row)
    finally:
        cursor.close()


def counted(store: Store, *, kept: bool) -> tuple[int, Segment | None]:
    """How many segments are kept on the table (``kept``) or retired, and the oldest of
    them."""
    where = "t.time IS NULL" if kept else "t.time IS NOT NULL"
    count = store.query("SELECT COUNT(*) FROM segments AS s LEFT JOIN segment_retirements AS t "
                        f"ON t.segment = s.number WHERE {where}")[0][0]
    rows = store.query(_without_rounds(_SEGMENTS) + f" WHERE {where} ORDER BY s.number LIMIT 1")
    return int(count), (_segment(rows[0]) if rows else None)


def segment(store: Store, number: int) -> Segment | None:
    """Segment ``number`` (``None``: there is none)."""
    rows = store.query(_SEGMENTS + " WHERE s.number = ?", (number,))
    return _segment(rows[0]) if rows else None


def _next_day(day: str) -> str:
    return (date.fromisoformat(day) + timedelta(days=1)).isoformat()


def _lines_through(path: Path, offset: int, first: int, end: str, until_seq: int
                   ) -> Iterator[tuple[str, int]]:
    """The complete audit lines from byte ``offset`` (record ``first``, at most record
    ``until_seq``) whose time is before ``end``, with the offset after each."""
    with open(path, "rb") as handle:
        handle.seek(offset)
        for number, raw in enumerate(handle, start=first):
            if not raw.endswith(b"\n") or number > until_seq:
                return
            line = raw[:-1].decode("utf-8")
            if _record_time(line) >= end:
                return
            offset += len(raw)
            yield line, offset


def _record_time(line: str) -> str:
    """The ``time`` of an audit record line: read off its end when the line is written
    canonically (``time`` is the last key: ``...,"time":"2026-05-01T08:00:00.000000Z"}``),
    else parsed (a day's sealing reads every record of the day).

    >>> from dealer_station.audit import GENESIS, make_entry
    >>> entry = make_entry(1, GENESIS, "a", {"time": "x"}, time="2026-05-01T08:00:00.000001Z")
    >>> _record_time(entry.line)
    '2026-05-01T08:00:00.000001Z'
    >>> _record_time('{"time": "2026-05-01T08:00:00Z", "seq": 1}')
    '2026-05-01T08:00:00Z'
    """
    if line.endswith('Z"}') and line[-38:-29] == ',"time":"':
        return line[-29:-2]
    return str(json.loads(line)["time"])


def day_end(through: str, day_ends: str = "00:00") -> str:
    """When the day ``through`` ends (UTC), the day ending at ``day_ends`` (``HH:MM``) of
    the next calendar day (a gaming day that ends at 06:00, a shift's end).

    >>> day_end("2026-05-01", "06:00")
    '2026-05-02T06:00'
    """
    parts = day_ends.split(":")
    if len(parts) not in (2, 3) or not all(len(p) == 2 and p.isdigit() for p in parts) or (
            int(parts[0]) > 23 or any(int(p) > 59 for p in parts[1:])):
        raise ValueError(f"a day's end is HH:MM (UTC), not {day_ends!r}")
    return f"{_next_day(through)}T{day_ends}"


class Reader:
    """What sealing reads: the table's directory, id and database (read-only). The station's
    :class:`Store` is one; :meth:`beside` opens a connection of its own, for sealing on a
    thread beside the running station (SQLite's WAL lets it read while the station writes)."""

    def __init__(self, directory: Path, table: str, connection: sqlite3.Connection) -> None:
        self.directory = directory
        self.table = table
        self.connection = connection

    @classmethod
    def beside(cls, directory: Path, table: str) -> Reader:
        connection = sqlite3.connect(f"file:{directory / DATABASE_NAME}?mode=ro", uri=True,
                                     check_same_thread=False)
        connection.row_factory = sqlite3.Row
        return cls(directory, table, connection)

    @property
    def audit_path(self) -> Path:
        return self.directory / AUDIT_NAME

    def query(self, sql: str, parameters: Any = ()) -> list[sqlite3.Row]:
        return self.connection.execute(sql, parameters).fetchall()

    def close(self) -> None:
        self.connection.close()


class _Source(Protocol):
    directory: Path
    table: str

    @property
    def audit_path(self) -> Path: ...

    def query(self, sql: str, parameters: Any = ()) -> list[sqlite3.Row]: ...


@dataclass(frozen=True, slots=True)
class Prepared:
    """A segment written, synced and verified on disk, not yet recorded in the database
    (:func:`prepare`, then :func:`record`)."""

    segment: Segment
    places: tuple[tuple[int, int, int, int], ...]  # round id, offset, length, records


class Cancelled(Exception):
    """Sealing was stopped (the station closes); nothing was recorded."""


def prepare(source: _Source, through: str, *, day_ends: str = "00:00", until_seq: int,
            progress: Callable[[int], None] | None = None,
            cancelled: Callable[[], bool] = lambda: False) -> Prepared | None:
    """Write the next segment: every audit record up to the end of day ``through`` (UTC,
    ``YYYY-MM-DD``; the day ends at ``day_ends`` of the next day) and at most record
    ``until_seq`` not sealed yet, with the rounds finished in them; ``None`` when there is
    nothing to seal. The file is written, synced, renamed into place and read back (its
    SHA-256, :func:`verify_segment`); nothing is recorded (:func:`record` does that), so this
    runs beside the station, reading only. ``progress(records)`` is told how far it is."""
    date.fromisoformat(through)  # a ValueError names a wrong day
    end = day_end(through, day_ends)
    last = source.query(_SEGMENTS + " ORDER BY number DESC LIMIT 1")
    before = _segment(last[0]) if last else None
    first = before.last + 1 if before else 1
    prev = before.head if before else audit.GENESIS
    offset = before.end_offset if before else 0
    if before is not None and through <= before.through:
        return None
    # first pass: verify and find the rounds finished (constant memory: a day of play is
    # read twice rather than held)
    count, head, end_offset = 0, prev, offset
    finished: list[int] = []
    for line, after in _lines_through(source.audit_path, offset, first, end, until_seq):
        own = audit.fast_hash(line, first + count, head)
        if own is None:
            problem = audit.verify_lines([line], first=first + count, prev=head).problem
            raise StoreError(f"cannot seal: the audit log does not verify: {problem}")
        if '"kind":"round"' in line:
            entry = json.loads(line)
            if entry["kind"] == "round" and entry["data"].get("event") in _STATUS:
                finished.append(entry["round"])
        head, end_offset, count = own, after, count + 1
        if count % 4096 == 0:
            if cancelled():
                raise Cancelled()
            if progress is not None:
                progress(count)
    if not count:
        return None
    number = before.number + 1 if before else 1
    header = {"format": 1, "segment": number, "table": source.table, "through": through,
              "first": first, "last": first + count - 1, "prev": prev,
              "head": head, "rounds": finished}
    lines = _until_cancelled((line for line, _after in itertools.islice(
        _lines_through(source.audit_path, offset, first, end, until_seq), count)), cancelled)
    directory = source.directory / ARCHIVE_DIRECTORY
    directory.mkdir(mode=0o700, exist_ok=True)
    _clear_unrecorded(directory, source.table, number)
    name = f"{source.table}-{number:05d}-through-{through}.jsonl.gz"
    digest, places = _write(directory / name, header, lines,
                            _round_rows(source, finished, cancelled))
    _sync_directory(directory)
    if progress is not None:
        progress(count)
    if _sha256(directory / name) != digest:
        raise StoreError(f"segment {number}: {directory / name} read back differs from what "
                         "was written")
    _header, problem = verify_segment(directory / name)
    if problem is not None:
        raise StoreError(f"segment {number} does not verify once written ({problem})")
    return Prepared(Segment(number, through, first, first + count - 1, head, end_offset, name,
                            digest, tuple(finished)),
                    tuple((round_id, *place) for round_id, place in places.items()))


def _until_cancelled(lines: Iterator[str], cancelled: Callable[[], bool]) -> Iterator[str]:
    for number, line in enumerate(lines):
        if number % 4096 == 0 and cancelled():
            raise Cancelled()
        yield line


def _clear_unrecorded(directory: Path, table: str, number: int) -> None:
    """Remove what a sealing cut off left behind: a partial file, a segment file numbered
    ``number`` or later that the database never recorded."""
    for path in directory.glob(f"{table}-*"):
        parts = path.name[len(table) + 1:].split("-", 1)
        if path.suffix == ".partial" or (parts[0].isdigit() and int(parts[0]) >= number):
            path.unlink(missing_ok=True)


def record(store: Store, prepared: Prepared) -> Segment:
    """Record the segment ``prepared`` (its file on disk) in the database with a witnessed
    ``segment`` audit record; refused when another segment was recorded meanwhile."""
    sealed = prepared.segment
    path = store.directory / ARCHIVE_DIRECTORY / sealed.file
    with store.transaction() as work:
        latest = work.execute("SELECT COALESCE(MAX(number), 0) FROM segments").fetchone()[0]
        if int(latest) != sealed.number - 1:
            raise StoreError(f"segment {sealed.number} was prepared after segment "
                             f"{sealed.number - 1}, but segment {latest} is the last now")
        if not path.exists():
            raise StoreError(f"segment {sealed.number}: {path} is gone")
        work.execute(
            "INSERT INTO segments (number, through, first, last, head, end_offset, file, "
            "sha256, rounds, time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (sealed.number, sealed.through, sealed.first, sealed.last, sealed.head,
             sealed.end_offset, sealed.file, sealed.sha256, json.dumps(list(sealed.rounds)),
             audit.utc_now()))
        work.connection.executemany(
            "INSERT OR REPLACE INTO archived_rounds (round_id, segment, offset, length, records)"
            " VALUES (?, ?, ?, ?, ?)", [(round_id, sealed.number, at, length, count)
                                        for round_id, at, length, count in prepared.places])
        work.audit("segment", {"segment": sealed.number, "through": sealed.through,
                               "file": sealed.file, "sha256": sealed.sha256,
                               "first": sealed.first, "last": sealed.last,
                               "head": sealed.head, "rounds": len(sealed.rounds)})
    return sealed


def seal_through(store: Store, through: str, *, day_ends: str = "00:00") -> Segment | None:
    """Seal every audit record up to the end of day ``through`` not sealed yet, with the
    rounds finished in them, as the next segment (:func:`prepare` then :func:`record`, at
    once); ``None`` when there is nothing to seal."""
    prepared = prepare(store, through, day_ends=day_ends, until_seq=store.audit_state.seq)
    return record(store, prepared) if prepared is not None else None


def _round_rows(store: _Source, finished: list[int],
                cancelled: Callable[[], bool] = lambda: False) -> Iterator[dict[str, Any]]:
    for round_id in finished:
        if cancelled():
            raise Cancelled()
        row = dict(store.query("SELECT * FROM rounds WHERE id = ?", (round_id,))[0])
        if row["document"] and f'"{round_payments.MARKER}"' in row["document"]:
            # the segment's document holds its payments (kept once in the live store: in its
            # completion's audit record, whose part of the log is released after the removal)
            row["document"] = audit.canonical_json(dict(round_payments.attached(
                store, round_id, json.loads(row["document"])) or {}))
        rows = store.query("SELECT round_id, sequence, record, line, action, actor, time FROM "
                           "records WHERE round_id = ? ORDER BY sequence", (round_id,))
        records = [{"sequence": r["sequence"], "action": r["action"],
                    "record": json.loads(text), "actor": r["actor"], "time": r["time"]}
                   for r, text in zip(rows, journal_lines.texts(store, rows), strict=True)]
        yield {"archived_round": row, "records": records}


def _write(path: Path, header: dict[str, Any], lines: Iterable[str],
           rounds: Iterator[dict[str, Any]]) -> tuple[str, dict[int, tuple[int, int, int]]]:
    """Write the segment file (synced, then renamed into place): the header and the audit
    records as one gzip member, then each round as a member of its own; its SHA-256 and
    where each round's member lies (offset, length) with its number of journal records."""
    partial = path.with_suffix(".partial")
    places: dict[int, tuple[int, int, int]] = {}
    try:
        with open(partial, "wb") as raw:
            with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
                out.write((audit.canonical_json(header) + "\n").encode())
                for line in lines:
                    out.write((line + "\n").encode())
            for entry in rounds:
                at = raw.tell()
                raw.write(gzip.compress((audit.canonical_json(entry) + "\n").encode(), mtime=0))
                places[int(entry["archived_round"]["id"])] = (at, raw.tell() - at,
                                                              len(entry["records"]))
            raw.flush()
            os.fsync(raw.fileno())
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.chmod(partial, 0o640)
    os.replace(partial, path)
    return _sha256(path), places


def file_sha256(path: Path) -> str:
    """The SHA-256 of the file at ``path`` (read in blocks: a segment of any size)."""
    return _sha256(path)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _sync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


_STATUS = {"completed": "complete", "voided": "void"}


def verify_segment(path: Path) -> tuple[dict[str, Any], str | None]:
    """The segment file's header, and the first thing in it that does not verify (in words),
    or ``None``: the chain inside it from its ``prev`` to its ``head``, and every round's
    journal records, status, void reason and payments against its audit records. Streamed:
    what is held is a digest per action record, not the records."""
    header: dict[str, Any] = {}
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            header = json.loads(handle.readline())
            return header, _verify_body(header, handle)
    except (OSError, ValueError, EOFError, KeyError, TypeError) as error:
        return header, f"{path}: not a readable segment ({error})"


def _digest(value: Any) -> str:
    return hashlib.sha256(audit.canonical_json(value).encode()).hexdigest()


def _verify_body(header: dict[str, Any], handle: Iterable[str]) -> str | None:
    """The first problem of the lines after the header (see :func:`verify_segment`)."""
    name = f"segment {header.get('segment')}"
    number, prev = int(header["first"]), str(header["prev"])
    actions: dict[tuple[Any, Any], str] = {}
    finished: dict[Any, tuple[str, str | None]] = {}
    ended = False
    for raw in handle:
        text = raw.rstrip("\n")
        if text.startswith('{"archived_round"'):
            if not ended:
                problem = _chain_end(name, number - 1, prev, header)
                if problem is not None:
                    return problem
                ended = True
            problem = _round_problem(json.loads(text), actions, finished)
            if problem is not None:
                return problem
            continue
        if ended:
            return f"{name}: an audit record after the rounds (inserted)"
        own = audit.fast_hash(text, number, prev)
        if own is None:
            problem = audit.verify_lines([text], first=number, prev=prev).problem
            return f"{name}: {problem}"
        entry = json.loads(text)
        if entry["kind"] == "action":
            actions[(entry["round"], entry["data"].get("sequence"))] = _digest(entry["data"])
        elif entry["kind"] == "round" and entry["data"].get("event") in _STATUS:
            payments = entry["data"].get("payments")
            finished[entry["round"]] = (_STATUS[entry["data"]["event"]],
                                        None if payments is None else _digest(payments))
        prev, number = own, number + 1
    return None if ended else _chain_end(name, number - 1, prev, header)


def _chain_end(name: str, count: int, head: str, header: dict[str, Any]) -> str | None:
    if count != header["last"] or head != header["head"]:
        return (f"{name}: its records end at {count} ({head[:16]}…), not at the head its "
                "header names")
    return None


def _round_problem(item: dict[str, Any], actions: dict[tuple[Any, Any], str],
                   finished: dict[Any, tuple[str, str | None]]) -> str | None:
    row = item["archived_round"]
    event = finished.get(row["id"])
    if event is None or event[0] != row["status"]:
        return f"round {row['id']}: its status is not the one its records end with"
    document = json.loads(row["document"]) if row["document"] else {}
    if event[1] is not None and _digest(document.get("payments")) != event[1]:
        return f"round {row['id']}: its payments differ from its audit record"
    for record in item["records"]:
        found = actions.get((row["id"], record["sequence"]))
        if found is not None and found != _digest(record["record"]):
            return (f"round {row['id']} record {record['sequence']} differs from its audit "
                    "record")
    return None


def archived_round(store: Store, round_id: int) -> dict[str, Any] | None:
    """Round ``round_id`` as its segment holds it (``{"archived_round": row, "records":
    [...]}``), read through the index (one gzip member of a few kilobytes); ``None`` when the
    round is not archived."""
    rows = store.query("SELECT a.offset, a.length, s.file, s.number, s.through, t.time AS "
                       "retired FROM archived_rounds AS a JOIN segments AS s ON s.number = "
                       "a.segment LEFT JOIN segment_retirements AS t ON t.segment = s.number "
                       "WHERE a.round_id = ?", (round_id,))
    if not rows:
        return None
    if rows[0]["retired"] is not None:
        raise StoreError(f"round {round_id} was archived in segment {rows[0]['number']} (the "
                         f"day {rows[0]['through']}), deleted from this table on "
                         f"{rows[0]['retired'][:10]} after the kept time (archive_keep_days): "
                         "the regulator's export of that segment holds it")
    path = store.directory / ARCHIVE_DIRECTORY / rows[0]["file"]
    try:
        with open(path, "rb") as handle:
            handle.seek(rows[0]["offset"])
            data = handle.read(rows[0]["length"])
        value: dict[str, Any] = json.loads(zlib.decompress(data, wbits=31))
    except (OSError, ValueError, zlib.error) as error:
        raise StoreError(f"round {round_id} is archived in {path}, which cannot be read "
                         f"({error}); `dealer-station audit verify` checks the segments"
                         ) from None
    if value.get("archived_round", {}).get("id") != round_id:
        raise StoreError(f"round {round_id} is not where the index says in {path} (the "
                         "segment was changed); `dealer-station audit verify` checks it")
    return value


def due(day_ends: str, now: str) -> str:
    """The last day (``YYYY-MM-DD``) that has ended by ``now`` (UTC ISO time) when days end
    at ``day_ends`` (``HH:MM`` UTC).

    >>> due("06:00", "2026-05-02T05:59:00Z"), due("06:00", "2026-05-02T06:00:00Z")
    ('2026-04-30', '2026-05-01')
    """
    today = now[:10]
    yesterday = (date.fromisoformat(today) - timedelta(days=1)).isoformat()
    return yesterday if now >= day_end(yesterday, day_ends) else (
        date.fromisoformat(yesterday) - timedelta(days=1)).isoformat()


def indexed(store: Store, segment: Segment) -> bool:
    """Whether every round of ``segment`` can be read back from it through the index (a
    segment sealed before the index existed cannot: its rounds stay in the live store)."""
    ids = _round_ids(store, segment)
    if not ids:
        return True
    # by the key's range (the index holds every round ever archived)
    count = store.query("SELECT COUNT(*) FROM archived_rounds WHERE round_id BETWEEN ? AND ? "
                        "AND segment = ?", (min(ids), max(ids), segment.number))[0][0]
    return int(count) == len(ids)


def _round_ids(store: Store, segment: Segment) -> tuple[int, ...]:
    """The rounds of ``segment`` (read when it was listed without them)."""
    if len(segment.rounds) == segment.round_count:
        return segment.rounds
    rows = store.query("SELECT rounds FROM segments WHERE number = ?", (segment.number,))
    return tuple(json.loads(rows[0][0])) if rows else ()


def _sealed_file(directory: Path, segment: Segment) -> Path:
    path = directory / ARCHIVE_DIRECTORY / segment.file
    if not path.exists() or _sha256(path) != segment.sha256:
        raise StoreError(f"segment {segment.number}: {path} is not the file sealed; its "
                         "rounds stay in the live store")
    return path


def check_for_removal(directory: Path, segment: Segment) -> int:
    """The number of ``segment`` once its file is the one sealed (SHA-256) and verifies on its
    own (:func:`verify_segment`): its rounds may leave the live store; else a
    :class:`StoreError` says why they stay."""
    path = _sealed_file(directory, segment)
    _header, problem = verify_segment(path)
    if problem is not None:
        raise StoreError(f"segment {segment.number} does not verify ({problem}); its rounds "
                         "stay in the live store")
    return segment.number


#: Rounds removed from the live store per transaction by the station between two rounds (a
#: removal of 100 rounds takes tens of milliseconds; a 1,000-round day leaves in ten).
REMOVE_PER_ROUND = 100

_LIVE = "NOT (document IS NULL AND config = '{}') AND status != 'open'"


def live_rounds(store: Store, segment: Segment) -> list[int]:
    """The rounds of ``segment`` still in the live store (all of them until its removal
    begins, none once it is complete)."""
    ids = set(_round_ids(store, segment))
    if not ids:
        return []
    # a range of ids read by rowid (none of them live once the removal is complete)
    return [int(row[0]) for row in store.query(
        f"SELECT id FROM rounds WHERE id BETWEEN ? AND ? AND {_LIVE} ORDER BY id",
        (min(ids), max(ids))) if int(row[0]) in ids]


def _first_live(store: Store, ordered: list[int]) -> int:
    """Where in ``ordered`` (a segment's rounds, ascending) the rounds still in the live store
    begin: they leave in ascending order (:func:`remove_sealed`), so those gone are a prefix,
    found by bisection (a score of rows read, not the segment's thousands)."""
    low, high = 0, len(ordered)
    while low < high:
        middle = (low + high) // 2
        if store.query(f"SELECT 1 FROM rounds WHERE id = ? AND {_LIVE}", (ordered[middle],)):
            high = middle
        else:
            low = middle + 1
    return low


def rounds_left(store: Store, segment: Segment) -> int:
    """How many of ``segment``'s rounds are still in the live store (its rounds leave in
    ascending order: :func:`_first_live`)."""
    ordered = sorted(set(_round_ids(store, segment)))
    return len(ordered) - _first_live(store, ordered)


def unfinished_removal(store: Store) -> Segment | None:
    """The segment whose removal began and was not finished (rounds of it still live), if
    any: segments are removed in order, so only the last one begun can be. Its rounds leave
    in ascending order (:func:`remove_sealed`), so its removal is finished once its last round
    has left (asked at every start: one row read, not the segment's thousand)."""
    rows = store.query("SELECT s.number, (SELECT MAX(CAST(value AS INTEGER)) FROM "
                       "json_each(s.rounds)) FROM segments AS s JOIN segment_removals AS r ON "
                       "r.segment = s.number ORDER BY s.number DESC LIMIT 1")
    if not rows or rows[0][1] is None or not store.query(
            f"SELECT 1 FROM rounds WHERE id = ? AND {_LIVE}", (rows[0][1],)):
        return None
    return _segment(store.query(_SEGMENTS + " WHERE s.number = ?", (rows[0][0],))[0])


def remove_sealed(store: Store, segment: Segment, *, verified: bool = False,
                  at_most: int | None = None) -> int:
    """Remove the rounds of ``segment`` from the live store (at most ``at_most`` of them in
    this call; all when ``None``), once its file on disk is the one sealed (SHA-256) and
    verifies on its own; the number of rounds removed. The first removal of a segment seals
    a checkpoint first (the live store is proven from it); each part goes in one transaction
    (journal rows and documents) with an ``archive`` audit record; once the last round is
    out, the sealed part of the audit log is released (:func:`release_log`). ``verified``:
    :func:`prepare` verified the file it wrote (only its SHA-256 is checked again here, which
    is cheap); the parts after the first do not check the file again."""
    if not indexed(store, segment):
        raise StoreError(f"segment {segment.number} was sealed without an index of its rounds; "
                         "they stay in the live store")
    if segment.live_from is None:  # the first part (the file checked once)
        if verified:
            _sealed_file(store.directory, segment)
        else:
            check_for_removal(store.directory, segment)
    if at_most is not None and segment.round_count:
        # a part: the next rounds after those gone (a segment of a long stretch of play holds
        # tens of thousands: reading all of them at every part cost the dealer's START ROUND
        # up to a second); the last part looks at every round of the segment once
        ordered = sorted(set(_round_ids(store, segment)))
        live = ordered[_first_live(store, ordered):]
        if len(live) <= at_most:
            live = live_rounds(store, segment)
    else:
        live = live_rounds(store, segment)
    ids = live if at_most is None else live[:at_most]
    live_from = segment.live_from if segment.live_from is not None else store.checkpoint()
    marks = ",".join("?" * len(ids))
    # the journal's last row is kept whatever it is: its rowid is where the next row's is
    # counted from (the checkpoints' windows count rows by rowid); one kept by the removal
    # before (the last round removed before these) goes now
    earlier = [row[0] for row in store.query(
        "SELECT id FROM rounds WHERE id < ? AND document IS NULL AND config = '{}' "
        "ORDER BY id DESC LIMIT 1", (min(ids) if ids else 2**62,))]
    gone = [*ids, *earlier]
    with store.transaction(rewriting_rows=True) as work:
        removed = work.execute(
            f"DELETE FROM records WHERE round_id IN ({','.join('?' * len(gone))}) AND rowid < "
            "(SELECT MAX(rowid) FROM records)", gone).rowcount if gone else 0
        if ids:
            # the rows are written again without configuration and document (rather than
            # updated in place, which would leave a nearly empty page per round behind), with
            # the same ids: the rows referring to them stay right
            kept = work.execute(
                "SELECT id, game, status, dealer, started, ended, void_reason FROM rounds "
                f"WHERE id IN ({marks}) AND status != 'open' ORDER BY id", ids).fetchall()
            work.execute(f"DELETE FROM rounds WHERE id IN ({marks}) AND status != 'open'", ids)
            work.connection.executemany(
                "INSERT INTO rounds (id, game, config, status, dealer, started, ended, "
                "void_reason, document) VALUES (?, ?, '{}', ?, ?, ?, ?, ?, NULL)",
                [tuple(row) for row in kept])
        complete = len(ids) == len(live)
        if segment.live_from is None:
            work.execute("INSERT OR REPLACE INTO segment_removals (segment, live_from) "
                         "VALUES (?, ?)", (segment.number, live_from))
        work.audit("archive", {"segment": segment.number, "rounds": len(ids),
                               "records_removed": removed, "live_from": live_from,
                               **({"log_released_before": segment.end_offset} if complete else
                                  {"rounds_left": len(live) - len(ids)})})
    # the pages the part freed go back to the file system (a store made before: compact.py)
    compact.release_free_pages(store.connection, compact.RELEASE_PER_PART if at_most is not None
                               else 2**31 - 1)
    if complete:
        release_log(store)
    return len(ids)


def _forwarded(directory: Path) -> int | None:
    """Where the floor forwarder stands in the log (bytes), when one is set up."""
    path = directory / OUTBOX_NAME  # the floor forwarder's cursor: not released past it
    if not path.exists():
        return None
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            row = connection.execute("SELECT offset FROM outbox").fetchone()
        finally:
            connection.close()
    except sqlite3.Error:
        return 0
    return int(row[0]) if row else 0


_PUNCH_HOLE = 0x02 | 0x01  # FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE


def release_log(store: Store) -> int:
    """Give the disk blocks of the audit log's sealed, removed part back to the file system
    (a hole: reads as zeros, the file's length and every offset unchanged), never past the
    records the floor forwarder has not sent; the bytes released (0 where the file system
    cannot punch holes)."""
    rows = store.query("SELECT s.end_offset FROM segments AS s JOIN segment_removals AS r ON "
                       "r.segment = s.number ORDER BY s.number DESC LIMIT 1")
    if not rows:
        return 0
    end = int(rows[0][0])
    forwarded = _forwarded(store.directory)
    if forwarded is not None:
        end = min(end, forwarded)
    if end <= 0:
        return 0
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    fallocate = getattr(libc, "fallocate", None)
    if fallocate is None:
        return 0
    fallocate.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_longlong, ctypes.c_longlong]
    fd = os.open(store.audit_path, os.O_WRONLY)
    try:
        if fallocate(fd, _PUNCH_HOLE, 0, end) != 0:
            return 0
        os.fsync(fd)
    finally:
        os.close(fd)
    return end


def check_files(database: Path, directory: Path) -> str | None:
    """What is wrong with the segments whose rounds left the live store, in words, or
    ``None``: every file must be there, the newest with the SHA-256 it was sealed with (the
    cost of a start's check stays one day's segment; ``audit verify`` hashes them all)."""
    try:
        rows = _read_segments(database, "r.live_from IS NOT NULL AND retired IS NULL")
    except sqlite3.Error as error:
        return str(error)
    for row in rows:
        if not (directory / ARCHIVE_DIRECTORY / row.file).exists():
            return (f"segment {row.number} ({row.file}) is missing: its rounds are in no "
                    "other place on this table")
    if rows and _sha256(directory / ARCHIVE_DIRECTORY / rows[-1].file) != rows[-1].sha256:
        return f"segment {rows[-1].number} ({rows[-1].file}) is not the file sealed"
    return None


def chain(database: Path, path: Path, *, expected_count: int | None,
          expected_head: str | None,
          visit: Callable[[int, str, int], None] | None = None) -> audit.VerifyReport:
    """Verify the whole chain from its first record: every segment whose rounds were removed
    from the live store (its file's SHA-256 as sealed, its chain from the previous segment's
    head, its rounds against its records; a segment retired after the kept time by its head
    and the ``retire`` record that retired it), then the live audit log at ``path`` from
    where the last of them ends (streamed, see :func:`dealer_station.audit.stream`)."""
    removed = _last_removed(database)
    first, prev, offset = 1, audit.GENESIS, 0
    retirements = _Retirements(_read_segments(
        database, f"s.number <= {removed} AND retired IS NOT NULL"), visit)
    for segment in _segments_in_batches(database, removed):
        file = path.parent / ARCHIVE_DIRECTORY / segment.file
        problem = retirements.problem_before(segment, first)
        if segment.retired is None and problem is None:
            problem = _segment_problem(file, segment, first, prev, retirements.visit)
        if problem is not None:
            return audit.VerifyReport(False, first - 1, prev,
                                      f"record {first}: segment {segment.number}: {problem}",
                                      first)
        first, prev, offset = segment.last + 1, segment.head, segment.end_offset
    report = audit.stream(path, offset=offset, first=first, prev=prev,
                          expected_count=expected_count, expected_head=expected_head,
                          visit=retirements.visit)
    problem = retirements.unproven() if report.ok else None
    if problem is not None:
        return audit.VerifyReport(False, report.count, report.head, problem, report.count)
    return report


def _segment_problem(file: Path, segment: Segment, first: int, prev: str,
                     visit: Callable[[int, str, int], None] | None = None) -> str | None:
    """What is wrong with a kept segment's file where the chain stands (``first``, ``prev``):
    missing, not the file sealed (its SHA-256, recorded in the chain when it was sealed), or
    its records not chaining on from ``prev`` to the head recorded. Its rounds were checked
    against its records (:func:`verify_segment`) before it was recorded, and the SHA-256 says
    the file is that one, byte for byte: the chain is walked by hashes alone (no record
    parsed, decompressed in large blocks, :func:`dealer_station.audit.chain_block`), so
    ``audit verify`` keeps its pace through a year of segments. ``visit`` is shown the
    records once the file is known to be the one sealed."""
    if not file.exists():
        return f"its file {file} is missing"
    if _sha256(file) != segment.sha256:
        return f"{file} is not the file sealed (its SHA-256 differs: changed)"
    try:
        with open(file, "rb") as handle:
            return _walk_segment(handle, segment, first, prev, visit)
    except (OSError, ValueError, EOFError, KeyError, TypeError, zlib.error) as error:
        return f"{file}: not a readable segment ({error})"


def _walk_segment(handle: Any, segment: Segment, first: int, prev: str,
                  visit: Callable[[int, str, int], None] | None) -> str | None:
    """The chain of a segment's audit records (the lines after its header, up to its first
    round), decompressed block by block (gzip members one after another)."""
    inflate = zlib.decompressobj(31)
    header: dict[str, Any] | None = None
    number, head, rest = first - 1, prev.encode(), b""
    name = f"segment {segment.number}"
    for block in iter(lambda: handle.read(1 << 17), b""):
        compressed = block
        while compressed:
            data = rest + inflate.decompress(compressed)
            if inflate.eof:
                compressed = inflate.unused_data
                inflate = zlib.decompressobj(31)
            else:
                compressed = b""
            if header is None:
                end = data.find(b"\n")
                if end < 0:
                    rest = data
                    continue
                header = json.loads(data[:end])
                assert header is not None
                if (header["first"], header["prev"], header["last"], header["head"]) != (
                        first, prev, segment.last, segment.head):
                    return "it does not continue the chain where the previous segment ends"
                data = data[end + 1:]
            number, head, used = audit.chain_block(data, number, head, visit)
            end = data.find(b"\n", used)
            if end >= 0:
                if data.startswith(b'{"archived_round"', used):
                    return _chain_end(name, number, head.decode(), header)
                problem = audit.verify_lines([data[used:end].decode("utf-8", errors="replace")],
                                             first=number + 1, prev=head.decode()).problem
                return f"{name}: {problem}"
            rest = data[used:]
    if header is None:
        raise ValueError("no header")
    if rest and not rest.startswith(b'{"archived_round"'):
        number, head, used = audit.chain_block(rest + b"\n", number, head, visit)
        if used == 0:
            problem = audit.verify_lines([rest.decode("utf-8", errors="replace")],
                                         first=number + 1, prev=head.decode()).problem
            return f"{name}: {problem}"
    return _chain_end(name, number, head.decode(), header)


class _Retirements:
    """While the chain is walked: every retired segment (its file deleted after the kept
    time) must be among the first ones, begin where the chain stands, and be named by the
    ``retire`` audit record the database says retired it, found in what remains."""

    def __init__(self, segments: list[Segment],
                 visit: Callable[[int, str, int], None] | None) -> None:
        self.wanted = {int(s.retired_by): s.number for s in segments
                       if s.retired is not None and s.retired_by is not None}
        self.retired = [s.number for s in segments if s.retired is not None]
        self.found: set[int] = set()
        self.outer = visit
        self._ahead = sorted(self.wanted)
        # a visitor that says which records it wants (the witness check) lets the chain be
        # walked on bytes between them (see audit.chain_block); so does this one
        picky = visit is None or hasattr(visit, "wants")
        self.visit: Callable[[int, str, int], None] | None = (
            None if not self.retired and visit is None else self if picky else self._visit)

    def __call__(self, number: int, line: str, offset: int) -> None:
        self._visit(number, line, offset)

    def wants(self) -> int | None:
        """The lowest record number this walk still wants to see (a ``retire`` record the
        database names, or one the outer visitor wants)."""
        outer = getattr(self.outer, "wants", None)
        wanted = [int(w) for w in (outer() if outer is not None else None,
                                   self._ahead[0] if self._ahead else None) if w is not None]
        return min(wanted) if wanted else None

    def problem_before(self, segment: Segment, first: int) -> str | None:
        if segment.retired is None:
            return None
        if segment.number != len([n for n in self.retired if n <= segment.number]):
            return "retired while an earlier segment is kept (segments retire oldest first)"
        if segment.first != first:
            return "retired, but it does not begin where the chain stands"
        return None

    def _visit(self, number: int, line: str, offset: int) -> None:
        while self._ahead and self._ahead[0] <= number:
            self._ahead.pop(0)
        if self.outer is not None:
            self.outer(number, line, offset)
        if number in self.wanted and '"kind":"retire"' in line:
            data = json.loads(line)["data"]
            if int(data.get("retired_through", 0)) >= self.wanted[number]:
                self.found.add(number)

    def unproven(self) -> str | None:
        """The retired segments no ``retire`` record in the chain accounts for, in words
        (``None``: every one is accounted for)."""
        missing = [number for seq, number in self.wanted.items() if seq not in self.found]
        unrecorded = [n for n in self.retired if n not in self.wanted.values()]
        if not missing and not unrecorded:
            return None
        return (f"segment {min(missing + unrecorded)} is marked retired but no retire audit "
                "record in the chain says so (its file was deleted outside the station)")


def retired_through(database: Path) -> Segment | None:
    """The last segment retired after the kept time (``None``: none is)."""
    rows = _read_segments(database, "retired IS NOT NULL")
    return rows[-1] if rows else None


def _read_segments(database: Path, where: str, limit: int | None = None) -> list[Segment]:
    """The segments ``where`` of the database at ``database`` (read directly, read-only),
    oldest first (``limit``: the first so many)."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    connection.row_factory = sqlite3.Row
    try:
        select = _segments_sql(connection)
        rows = connection.execute(f"{_without_rounds(select)} WHERE {where} ORDER BY s.number"
                                  + (f" LIMIT {int(limit)}" if limit is not None else "")
                                  ).fetchall() if select else []
    finally:
        connection.close()
    return [_segment(row) for row in rows]


def _last_removed(database: Path) -> int:
    """The last segment whose rounds began to leave the live store (0: none)."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        names = {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE name = 'segment_removals'")}
        return int(connection.execute("SELECT COALESCE(MAX(segment), 0) FROM "
                                      "segment_removals").fetchone()[0]) if names else 0
    finally:
        connection.close()


#: Segments read at a time by a walk through all of them (a year of days is never held).
_BATCH = 100


def _segments_in_batches(database: Path, through: int) -> Iterator[Segment]:
    """The segments up to number ``through``, oldest first, read :data:`_BATCH` at a time
    (each batch a short read: no read transaction held open while the files are walked)."""
    after = 0
    while batch := _read_segments(database, f"s.number > {after} AND s.number <= {through}",
                                  limit=_BATCH):
        yield from batch
        after = batch[-1].number


def expired(store: Store, today: str, keep_days: int) -> list[Segment]:
    """The segments kept longer than ``keep_days`` after their day (``through`` earlier than
    ``today`` less ``keep_days``) whose rounds have all left the live store, oldest first;
    none when ``keep_days`` is 0 (kept for ever)."""
    if keep_days <= 0:
        return []
    limit = (date.fromisoformat(today) - timedelta(days=keep_days)).isoformat()
    unfinished = unfinished_removal(store)
    rows = store.query(_SEGMENTS + " WHERE t.time IS NULL AND r.live_from IS NOT NULL AND "
                       "s.through < ? AND s.number < ? ORDER BY s.number",
                       (limit, unfinished.number if unfinished else 2**62))
    return [_segment(row) for row in rows]


def retire(store: Store, segments: list[Segment], *, keep_days: int) -> int:
    """Delete the files of ``segments`` (:func:`expired`) from the table: first one
    transaction records them retired with a witnessed ``retire`` audit record naming each
    one's head (the chain after them is proven from it), then the files are deleted and the
    directory synced (a stop in between: the next retirement deletes what is left). The
    number of segments retired."""
    if not segments:
        return 0
    kept = store.query("SELECT MIN(s.number) FROM segments AS s LEFT JOIN segment_retirements "
                       "AS t ON t.segment = s.number WHERE t.time IS NULL")[0][0]
    if segments[0].number != kept or [s.number for s in segments] != list(
            range(segments[0].number, segments[-1].number + 1)):
        raise StoreError("segments retire oldest first, one after another")
    with store.transaction() as work:
        entry = work.audit("retire", {
            "segments": [s.number for s in segments], "retired_through": segments[-1].number,
            "through": segments[-1].through, "kept_days": keep_days,
            "records": [segments[0].first, segments[-1].last],
            "heads": {str(s.number): s.head for s in segments},
            "sha256": {str(s.number): s.sha256 for s in segments}})
        work.connection.executemany(
            "INSERT INTO segment_retirements (segment, time, seq) VALUES (?, ?, ?)",
            [(s.number, audit.utc_now(), entry.sequence) for s in segments])
    delete_retired_files(store)
    return len(segments)


def delete_retired_files(store: Store) -> int:
    """Delete the files of retired segments still on disk; how many."""
    directory = store.directory / ARCHIVE_DIRECTORY
    deleted = 0
    for (name,) in store.query("SELECT s.file FROM segments AS s JOIN segment_retirements AS t "
                               "ON t.segment = s.number"):
        if (directory / name).exists():
            (directory / name).unlink()
            deleted += 1
    if deleted:
        _sync_directory(directory)
    return deleted
