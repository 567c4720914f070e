"""The round journal: every round, its configuration and every action record, in order.

A round row is ``open`` while it is played, then ``complete`` (with the round's final document)
or ``void`` (with the reason). Each action :class:`~dealer_station.procedure.Record` is one row,
committed — together with its audit record — before the station acts on it. At most one round is
open at a time (a unique index enforces it).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dealer_station import audit
from dealer_station.audit import utc_now
from dealer_station.procedure import JSONValue, Record
from dealer_station.store import archive, journal_lines, round_dealers, round_payments
from dealer_station.store.database import SEALED_VERSION, Store, StoreError, Transaction
from dealer_station.store.proof import Proof, Window
from dealer_station.store.sessions import sessions_during

__all__ = [
    "RoundListing",
    "RoundSummary",
    "append_record",
    "audit_mismatch",
    "begin_round",
    "find",
    "finish_round",
    "iter_rounds",
    "open_round",
    "positions_of",
    "round_records",
    "round_summary",
    "rounds",
]

STATUSES = ("open", "complete", "void")


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """One round as the journal holds it."""

    id: int
    game: str
    status: str
    dealer: str | None
    started: str
    ended: str | None
    void_reason: str | None
    config: Mapping[str, JSONValue]
    document: Mapping[str, JSONValue] | None
    record_count: int


def _summary(row: Any) -> RoundSummary:
    return RoundSummary(
        id=row["id"],
        game=row["game"],
        status=row["status"],
        dealer=row["dealer"],
        started=row["started"],
        ended=row["ended"],
        void_reason=row["void_reason"],
        config=json.loads(row["config"]),
        document=json.loads(row["document"]) if row["document"] else None,
        record_count=row["record_count"],
    )


_SELECT = ("SELECT r.*, COALESCE((SELECT records FROM archived_rounds WHERE round_id = r.id), "
           "(SELECT COUNT(*) FROM records WHERE round_id = r.id)) AS record_count "
           "FROM rounds AS r")


def _archived(row: Any) -> bool:
    """A finished round whose document is gone from the live store: it is in a segment."""
    return row["document"] is None and row["status"] != "open" and row["config"] == "{}"


#: In a stored document instead of its ``records``: they are the journal's rows (not kept twice).
_RECORDS_IN_JOURNAL = "records_in_journal"


def _full_summary(store: Store, row: Any) -> RoundSummary:
    """The round of ``row``, read from its segment when it was archived, its document with
    its records (kept once, in the journal)."""
    sealed = archive.archived_round(store, int(row["id"])) if _archived(row) else None
    summary = _summary(row) if sealed is None else _summary(
        {**sealed["archived_round"], "record_count": len(sealed["records"])})
    document = round_payments.attached(store, summary.id, summary.document)
    if document is not summary.document:
        summary = replace(summary, document=document)
    if document is None or not document.get(_RECORDS_IN_JOURNAL):
        return summary
    records = [item["record"] for item in sealed["records"]] if sealed is not None else [
        json.loads(text) for text in _journal_texts(store, summary.id)]
    whole = {key: value for key, value in document.items() if key != _RECORDS_IN_JOURNAL}
    return replace(summary, document={**whole, "records": records})


def _journal_texts(reader: Store | Transaction, round_id: int) -> list[str]:
    """The data of the round's journal rows in order, as text (read from their audit lines:
    :mod:`.journal_lines`; inside a transaction its own records too)."""
    sql = "SELECT round_id, sequence, record, line FROM records WHERE round_id = ? ORDER BY " \
          "sequence"
    if isinstance(reader, Store):
        return journal_lines.texts(reader, reader.query(sql, (round_id,)))
    return journal_lines.texts(reader.store, reader.execute(sql, (round_id,)).fetchall(),
                               {reader.offset(entry): entry.line for entry in reader.entries})


def _stored_document(work: Transaction, round_id: int, document: Mapping[str, Any]) -> str:
    """The document as stored: without its ``records`` when they are exactly the journal's
    rows of the round (read back whole by :func:`round_summary`)."""
    records = document.get("records")
    if isinstance(records, list):
        # compared as canonical text (rows are written canonically): the same text is the
        # same value; a row written otherwise keeps the records in the document
        journal = _journal_texts(work, round_id)
        if [audit.canonical_json(record) for record in records] == journal:
            document = {**{k: v for k, v in document.items() if k != "records"},
                        _RECORDS_IN_JOURNAL: True}
    return audit.canonical_json(dict(document))


def begin_round(work: Transaction, game: str, config: Mapping[str, JSONValue],
                dealer: str | None) -> int:
    """Open a new round; fails if one is already open."""
    if work.execute("SELECT 1 FROM rounds WHERE status = 'open'").fetchone():
        raise StoreError("a round is already open at this table")
    now = utc_now()  # the row's times, dealer and configuration are its audit record's
    cursor = work.execute(
        "INSERT INTO rounds (game, config, status, dealer, started) VALUES (?, ?, 'open', ?, ?)",
        (game, audit.canonical_json(dict(config)), dealer, now))
    round_id = cursor.lastrowid
    assert round_id is not None
    work.audit("round", {"event": "started", "game": game, "config": dict(config)},
               actor=dealer, round_id=round_id, time=now)
    return round_id


def append_record(work: Transaction, round_id: int, record: Record, actor: str | None) -> None:
    """Journal one action record of the open round ``round_id`` and audit it."""
    data = record.to_json()
    now = utc_now()
    entry = work.audit("action", data, actor=actor, round_id=round_id,
                       data_text=audit.canonical_json(data), time=now)
    # the row holds where the audit line begins, not the data again (journal_lines.py)
    inserted = work.execute(  # only into an open round: one statement, not a look-up first
        "INSERT INTO records (round_id, sequence, action, record, actor, time, line) "
        "SELECT ?, ?, ?, '', ?, ?, ? WHERE EXISTS "
        "(SELECT 1 FROM rounds WHERE id = ? AND status = 'open')",
        (round_id, record.sequence, record.action, actor, now, work.offset(entry), round_id))
    if inserted.rowcount != 1:
        raise StoreError(f"round {round_id} is not open")


def finish_round(work: Transaction, round_id: int, status: str, *,
                 document: Mapping[str, JSONValue] | None, reason: str | None = None,
                 actor: str | None = None) -> None:
    """Close the round as ``complete`` or ``void`` (a void needs its ``reason``)."""
    if status not in ("complete", "void"):
        raise ValueError(f"a round finishes complete or void, not {status!r}")
    if status == "void" and not reason:
        raise ValueError("a voided round needs the reason")
    event: dict[str, Any] = {"event": "completed" if status == "complete" else "voided"}
    if document is not None:  # every dealer of the round, kept with it and audited
        row = work.execute("SELECT started, dealer FROM rounds WHERE id = ?",
                           (round_id,)).fetchone()
        if row is not None:
            turns = [turn.to_json() for turn in round_dealers.turns_of(
                sessions_during(work, row[0], None, screen="dealer"), row[0], utc_now(),
                row[1])]
            document = {**document, "dealers": turns}
            event["dealers"] = turns
    if reason:
        event["reason"] = reason
    if document is not None and "payments" in document:
        event["payments"] = document["payments"]
    sequence, offset = work.next_place()
    stored = None
    if document is not None:
        # the payments are kept once, in that audit record (round_payments.py)
        stored = _stored_document(work, round_id, document if "payments" not in event else
                                  round_payments.without(document, sequence, offset))
        # the summary as stored (cards, results, totals, wagers), proven by its digest there
        event["document_sha256"] = hashlib.sha256(stored.encode("utf-8")).hexdigest()
    now = utc_now()
    entry = work.audit("round", event, actor=actor, round_id=round_id, time=now)
    assert (entry.sequence, work.offset(entry)) == (sequence, offset)
    cursor = work.execute(
        "UPDATE rounds SET status = ?, ended = ?, void_reason = ?, document = ? "
        "WHERE id = ? AND status = 'open'", (status, now, reason, stored, round_id))
    if cursor.rowcount != 1:
        raise StoreError(f"round {round_id} is not open")
    for position in positions_of(document):
        work.execute("INSERT OR IGNORE INTO round_positions (position, round_id) VALUES (?, ?)",
                     (position, round_id))


def positions_of(document: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The positions with a wager in a round's document (a round the station voided keeps the
    round's own document under ``round``), in table order.

    >>> positions_of({"wagers": {"10": [], "3": []}})
    ('3', '10')
    >>> positions_of({"round": {"wagers": {"2": []}}, "reason": "x"})
    ('2',)
    """
    if isinstance(document, Mapping) and isinstance(document.get("round"), Mapping):
        document = document["round"]
    wagers = (document or {}).get("wagers")
    if not isinstance(wagers, Mapping):
        return ()
    return tuple(sorted((str(p) for p in wagers), key=lambda p: (len(p), p)))


@dataclass(frozen=True, slots=True)
class RoundListing:
    """One round in a list: no document read (see :func:`find`)."""

    id: int
    game: str
    status: str
    dealer: str | None
    started: str
    void_reason: str | None
    positions: tuple[str, ...]


def _first_id(store: Store, sql: str, parameters: tuple[Any, ...]) -> int | None:
    rows = store.query(sql, parameters)
    return int(rows[0][0]) if rows else None


def find(store: Store, *, since: str = "", until: str = "", position: str = "",
         limit: int = 500) -> list[RoundListing]:
    """Rounds started at or after ``since`` and at or before ``until`` (time prefixes: ``until``
    ``2026-05-01`` takes that whole day) with a wager at ``position``, newest first; through
    the indexes, so the cost does not grow with the journal (rounds are numbered in the order
    they start)."""
    low, high = 1, None
    if since:
        low = _first_id(store, "SELECT id FROM rounds WHERE started >= ? ORDER BY started "
                               "LIMIT 1", (since,)) or 0
        if not low:
            return []
    if until:
        high = _first_id(store, "SELECT id FROM rounds WHERE started < ? ORDER BY started DESC "
                                "LIMIT 1", (until + "\uffff",))
        if high is None:
            return []
    high = high if high is not None else 2**62
    if position:
        ids = [row[0] for row in store.query(
            "SELECT round_id FROM round_positions WHERE position = ? AND round_id BETWEEN ? "
            "AND ? ORDER BY round_id DESC LIMIT ?", (position, low, high, int(limit)))]
        rows = store.query(f"SELECT id, game, status, dealer, started, void_reason FROM rounds "
                           f"WHERE id IN ({','.join('?' * len(ids))}) ORDER BY id DESC", ids)
    else:
        rows = store.query("SELECT id, game, status, dealer, started, void_reason FROM rounds "
                           "WHERE id BETWEEN ? AND ? ORDER BY id DESC LIMIT ?",
                           (low, high, int(limit)))
    found = _positions(store, [row[0] for row in rows])
    return [RoundListing(row[0], row[1], row[2], row[3], row[4], row[5],
                         tuple(sorted(found[row[0]], key=lambda p: (len(p), p))))
            for row in rows
            if (not since or row[4] >= since) and (not until or row[4][:len(until)] <= until)]


def _positions(store: Store, ids: list[int]) -> dict[int, list[str]]:
    """The positions with a wager in each of the rounds ``ids``. ``round_positions`` is keyed by
    (position, round): asked by round alone SQLite reads every row of it (a cost growing with
    every round ever played), so it is asked by key, for each position the table has known
    (a handful, found by one seek each)."""
    found: dict[int, list[str]] = {round_id: [] for round_id in ids}
    if not ids:
        return found
    known: list[str] = []
    next_one = "SELECT position FROM round_positions WHERE position {} ? ORDER BY position LIMIT 1"
    while rows := store.query(next_one.format(">" if known else ">="),
                              (known[-1] if known else "",)):
        known.append(rows[0][0])
    if not known:
        return found
    low, high = min(ids), max(ids)
    dense = high - low < 2 * len(ids)  # a page of consecutive rounds: one range per position
    rounds = "BETWEEN ? AND ?" if dense else f"IN ({','.join('?' * len(ids))})"
    for round_id, position in store.query(
            f"SELECT round_id, position FROM round_positions WHERE position IN "
            f"({','.join('?' * len(known))}) AND round_id {rounds}",
            [*known, *((low, high) if dense else ids)]):
        if round_id in found:
            found[round_id].append(position)
    return found


def open_round(store: Store) -> RoundSummary | None:
    """The round left open (being played, or interrupted), if any."""
    rows = store.query(_SELECT + " WHERE r.status = 'open'")
    return _summary(rows[0]) if rows else None


def round_summary(store: Store, round_id: int) -> RoundSummary:
    rows = store.query(_SELECT + " WHERE r.id = ?", (round_id,))
    if not rows:
        raise ValueError(f"no round {round_id} at table {store.table}")
    return _full_summary(store, rows[0])


def _rounds_sql(*, limit: int | None, status: str | None, game: str | None,
                documents: bool) -> tuple[str, list[Any]]:
    clauses, parameters = [], []
    if status:
        clauses.append("r.status = ?")
        parameters.append(status)
    if game:
        clauses.append("r.game = ?")
        parameters.append(game)
    select = _SELECT if documents else _SELECT.replace(
        "r.*", "r.id, r.game, r.status, r.dealer, r.started, r.ended, r.void_reason, "
               "'{}' AS config, NULL AS document")
    sql = select + (" WHERE " + " AND ".join(clauses) if clauses else "") + " ORDER BY r.id DESC"
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    return sql, parameters


def rounds(store: Store, *, limit: int | None = None, status: str | None = None,
           game: str | None = None, documents: bool = True) -> list[RoundSummary]:
    """Rounds, newest first (``documents=False``: without reading their configuration and
    document, ``config`` empty and ``document`` ``None``: a list that costs the same however
    large the documents are)."""
    if not documents:
        return list(iter_rounds(store, limit=limit, status=status, game=game))
    sql, parameters = _rounds_sql(limit=limit, status=status, game=game, documents=True)
    return [_full_summary(store, row) for row in store.query(sql, parameters)]


def iter_rounds(store: Store, *, limit: int | None = None, status: str | None = None,
                game: str | None = None) -> Iterator[RoundSummary]:
    """Rounds newest first without their configuration and document (as :func:`rounds` with
    ``documents=False``), one at a time: a long list is printed as it is read, never held."""
    sql, parameters = _rounds_sql(limit=limit, status=status, game=game, documents=False)
    cursor = store.connection.execute(sql, parameters)
    try:
        for row in cursor:
            yield _summary(row)
    finally:
        cursor.close()


def round_records(store: Store, round_id: int) -> Sequence[Record]:
    """The action records of a round in the order they were committed (from its segment
    when it was archived)."""
    sealed = archive.archived_round(store, round_id)
    if sealed is not None:
        return [Record.from_json(row["record"]) for row in sealed["records"]]
    return [Record.from_json(json.loads(text)) for text in _journal_texts(store, round_id)]


def audit_mismatch(store: Store) -> str | None:
    """The first place where the database differs from what the whole audit log recorded
    when it was written (a journal row edited, added or deleted, a round's status, void reason
    or payments changed, a meter journal entry changed, an account, configuration, meter or
    jackpot record changed), in words; ``None`` when they agree. Streams the log from its
    first record in constant memory (:class:`~dealer_station.store.proof.Proof`); the chain
    itself is verified by :func:`dealer_station.audit.verify`.

    The audit log is the tamper evidence; this extends it to the database's own rows."""
    version = int(store.pragma("user_version"))
    start = _live_from(store)
    if start is None:
        proof = Proof(store.connection, check_state=version >= SEALED_VERSION, version=version)
        offset, first, prev = 0, 1, audit.GENESIS
    else:
        offset, first, prev, checkpoint = start
        data = checkpoint.get("data") or {}
        proof = Proof(store.connection, Window.from_json(data.get("window") or {}),
                      data.get("state") or {}, first, extents=data.get("extents") or {},
                      check_state=True, version=version)
    report = audit.stream(store.audit_path, offset=offset, first=first, prev=prev,
                          visit=proof.feed_line)
    head = store.audit_state
    for number in range(report.count + 1, head.seq + 1):  # cut off by a crash: the database's
        if number >= head.first_pending:
            proof.feed(number, json.loads(head.pending[number - head.first_pending]))
    return proof.finish()


def _live_from(store: Store) -> tuple[int, int, str, dict[str, Any]] | None:
    """Where the live store is proven from once archived rounds were removed from it (the
    checkpoint sealed before the removal): its offset, sequence, the hash before it and its
    record; ``None`` when nothing was removed (proven from the first record). The rounds
    removed are proven in their segments (:func:`archive.chain`)."""
    rows = store.query("SELECT c.seq, c.offset FROM segment_removals AS r JOIN checkpoints AS c "
                       "ON c.seq = r.live_from ORDER BY r.segment DESC LIMIT 1")
    if not rows:
        return None
    lines, _tail = audit.read_lines(store.audit_path, offset=int(rows[0][1]), limit=1)
    try:
        record: dict[str, Any] = json.loads(lines[0])
    except (IndexError, ValueError):
        raise StoreError(f"checkpoint {rows[0][0]} is not at its place in the audit log") from None
    if record.get("seq") != rows[0][0] or record.get("kind") != "checkpoint":
        raise StoreError(f"checkpoint {rows[0][0]} is not at its place in the audit log")
    return int(rows[0][1]), int(rows[0][0]), str(record["prev"]), record
