"""The round journal: every round, its configuration and every action record, in order.

A round row is ``open`` while it is played, then ``complete`` (with the round's final document)
or ``void`` (with the reason). Each action :class:`~dealer_station.procedure.Record` is one row,
committed — together with its audit record — before the station acts on it. At most one round is
open at a time (a unique index enforces it).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dealer_station.audit import utc_now
from dealer_station.procedure import JSONValue, Record
from dealer_station.store.database import Store, StoreError, Transaction

__all__ = [
    "RoundSummary",
    "append_record",
    "audit_mismatch",
    "begin_round",
    "finish_round",
    "open_round",
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


_SELECT = ("SELECT r.*, (SELECT COUNT(*) FROM records WHERE round_id = r.id) AS record_count "
           "FROM rounds AS r")


def begin_round(work: Transaction, game: str, config: Mapping[str, JSONValue],
                dealer: str | None) -> int:
    """Open a new round; fails if one is already open."""
    if work.execute("SELECT 1 FROM rounds WHERE status = 'open'").fetchone():
        raise StoreError("a round is already open at this table")
    cursor = work.execute(
        "INSERT INTO rounds (game, config, status, dealer, started) VALUES (?, ?, 'open', ?, ?)",
        (game, json.dumps(dict(config), sort_keys=True), dealer, utc_now()))
    round_id = cursor.lastrowid
    assert round_id is not None
    work.audit("round", {"event": "started", "game": game, "config": dict(config)},
               actor=dealer, round_id=round_id)
    return round_id


def append_record(work: Transaction, round_id: int, record: Record, actor: str | None) -> None:
    """Journal one action record of the open round ``round_id`` and audit it."""
    row = work.execute("SELECT status FROM rounds WHERE id = ?", (round_id,)).fetchone()
    if row is None or row[0] != "open":
        raise StoreError(f"round {round_id} is not open")
    data = record.to_json()
    work.execute(
        "INSERT INTO records (round_id, sequence, action, record, actor, time) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (round_id, record.sequence, record.action, json.dumps(data, sort_keys=True), actor,
         utc_now()))
    work.audit("action", data, actor=actor, round_id=round_id)


def finish_round(work: Transaction, round_id: int, status: str, *,
                 document: Mapping[str, JSONValue] | None, reason: str | None = None,
                 actor: str | None = None) -> None:
    """Close the round as ``complete`` or ``void`` (a void needs its ``reason``)."""
    if status not in ("complete", "void"):
        raise ValueError(f"a round finishes complete or void, not {status!r}")
    if status == "void" and not reason:
        raise ValueError("a voided round needs the reason")
    cursor = work.execute(
        "UPDATE rounds SET status = ?, ended = ?, void_reason = ?, document = ? "
        "WHERE id = ? AND status = 'open'",
        (status, utc_now(), reason,
         json.dumps(dict(document), sort_keys=True) if document is not None else None,
         round_id))
    if cursor.rowcount != 1:
        raise StoreError(f"round {round_id} is not open")
    event: dict[str, Any] = {"event": "completed" if status == "complete" else "voided"}
    if reason:
        event["reason"] = reason
    if document is not None and "payments" in document:
        event["payments"] = document["payments"]
    work.audit("round", event, actor=actor, round_id=round_id)


def open_round(store: Store) -> RoundSummary | None:
    """The round left open (being played, or interrupted), if any."""
    rows = store.query(_SELECT + " WHERE r.status = 'open'")
    return _summary(rows[0]) if rows else None


def round_summary(store: Store, round_id: int) -> RoundSummary:
    rows = store.query(_SELECT + " WHERE r.id = ?", (round_id,))
    if not rows:
        raise ValueError(f"no round {round_id} at table {store.table}")
    return _summary(rows[0])


def rounds(store: Store, *, limit: int | None = None, status: str | None = None,
           game: str | None = None) -> list[RoundSummary]:
    """Rounds, newest first."""
    clauses, parameters = [], []
    if status:
        clauses.append("r.status = ?")
        parameters.append(status)
    if game:
        clauses.append("r.game = ?")
        parameters.append(game)
    sql = _SELECT + (" WHERE " + " AND ".join(clauses) if clauses else "") + " ORDER BY r.id DESC"
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    return [_summary(row) for row in store.query(sql, parameters)]


def round_records(store: Store, round_id: int) -> Sequence[Record]:
    """The action records of a round in the order they were committed."""
    rows = store.query("SELECT record FROM records WHERE round_id = ? ORDER BY sequence",
                       (round_id,))
    return [Record.from_json(json.loads(row[0])) for row in rows]


_AUDITED_STATUS = {"started": "open", "completed": "complete", "voided": "void"}


def audit_mismatch(store: Store, lines: Iterable[str]) -> str | None:
    """The first place where the journal in the database differs from what the audit log
    recorded when it was written (a journal row edited, added or deleted, a round's status,
    void reason or payments changed, a meter journal entry changed), in words; ``None`` when
    they agree. ``lines`` are the verified audit log's lines.

    The audit log is the tamper evidence; this extends it to the database's own rows."""
    actions: dict[tuple[Any, Any], Any] = {}
    rounds: dict[int, dict[str, Any]] = {}
    meter_changes: list[tuple[int, Any, Any]] = []
    for number, line in enumerate(lines, start=1):
        entry = json.loads(line)
        round_id, data = entry.get("round"), entry.get("data") or {}
        if entry.get("kind") == "meter":
            meter_changes.append((number, round_id, data))
        elif entry.get("kind") == "action":
            actions[(round_id, data.get("sequence"))] = (number, data)
        elif entry.get("kind") == "round" and data.get("event") in _AUDITED_STATUS:
            rounds[round_id] = {"status": _AUDITED_STATUS[data["event"]], "record": number,
                                "reason": data.get("reason"), "payments": data.get("payments")}
    seen: set[tuple[Any, Any]] = set()
    for row in store.query("SELECT round_id, sequence, record FROM records "
                           "ORDER BY round_id, sequence"):
        key = (row[0], row[1])
        seen.add(key)
        if key not in actions:
            return (f"round {row[0]} record {row[1]} is in the database but not in the audit "
                    "log (added outside the station)")
        number, data = actions[key]
        if json.loads(row[2]) != data:
            return (f"round {row[0]} record {row[1]} differs from audit record {number} "
                    "(edited in the database)")
    for key in sorted(set(actions) - seen, key=lambda k: (k[0] or 0, k[1] or 0)):
        return (f"round {key[0]} record {key[1]} (audit record {actions[key][0]}) is missing "
                "from the database (deleted)")
    for row in store.query("SELECT id, status, void_reason, document FROM rounds ORDER BY id"):
        audited = rounds.get(row[0])
        if audited is None:
            return f"round {row[0]} is in the database but its start is not in the audit log"
        if row[1] != audited["status"]:
            return (f"round {row[0]} is {row[1]} in the database but {audited['status']} in "
                    f"audit record {audited['record']}")
        if row[1] == "void" and row[2] != audited["reason"]:
            return (f"round {row[0]}: its void reason differs from audit record "
                    f"{audited['record']}")
        document = json.loads(row[3]) if row[3] else {}
        if audited["payments"] is not None and document.get("payments") != audited["payments"]:
            return (f"round {row[0]}: its payments differ from audit record "
                    f"{audited['record']} (edited in the database)")
    entries = store.query("SELECT id, meter, kind, amount, balance, round_id, jackpot, detail "
                          "FROM meter_entries ORDER BY id")
    for index, row in enumerate(entries):
        if index >= len(meter_changes):
            return (f"meter entry {row[0]} ({row[1]} {row[2]}) is in the database but not in "
                    "the audit log (added outside the station)")
        number, audited_round, audited = meter_changes[index]
        # the audit record as meters.add_entry writes it from the entry
        expected = {"meter": row[1], "kind": row[2], "amount": row[3], "balance": row[4],
                    "jackpot": row[6], **json.loads(row[7] or "{}")}
        if expected != audited or row[5] != audited_round:
            return (f"meter entry {row[0]} ({row[1]} {row[2]}) differs from audit record "
                    f"{number} (edited or deleted in the database)")
    if len(meter_changes) > len(entries):
        number, _round, audited = meter_changes[len(entries)]
        return (f"the meter change of audit record {number} ({audited.get('meter')} "
                f"{audited.get('kind')}) is missing from the database (deleted)")
    return None
